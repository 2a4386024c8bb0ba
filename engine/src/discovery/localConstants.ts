/**
 * Constants declared inside a function, in scope where a tool name is read: `const cfg =
 * Thing.createConfig(); server.registerTool(cfg.name, …)`, `const cfg = getConfig()`, or an alias
 * `const cfg = IMPORTED_CONFIG`. Their initialiser is evaluated like a module constant's.
 */
import ts from 'typescript';
import { type ConstLookup, type ConstValue, constValueOf } from './names';

/** The `const` declaration of `name` in the blocks around `from`, declared before it. */
function enclosingConstDeclaration(from: ts.Node, name: string): ts.VariableDeclaration | undefined {
  for (let scope: ts.Node | undefined = from.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isModuleBlock(scope) && !ts.isCaseClause(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (statement.pos >= from.pos) break;
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      const declaration = statement.declarationList.declarations.find(
        (d) => ts.isIdentifier(d.name) && d.name.text === name,
      );
      if (declaration) return declaration;
    }
  }
  return undefined;
}

/**
 * The value of a function-local constant `name` seen from `from`; `outer` looks names up among the
 * file's constants and imports. Undefined when no such constant is in scope or its value is unknown.
 */
export function localConstant(from: ts.Node, name: string, outer: ConstLookup, depth = 0): ConstValue | undefined {
  if (depth > 4) return undefined;
  const declaration = enclosingConstDeclaration(from, name);
  if (!declaration?.initializer) return undefined;
  const initializer = declaration.initializer;
  const lookup: ConstLookup = (identifier) =>
    localConstant(declaration, identifier, outer, depth + 1) ?? outer(identifier);
  return constValueOf(initializer, lookup);
}
