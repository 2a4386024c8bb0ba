/**
 * A definition handed to an MCP framework's tool service that the class (or function) was given:
 * `constructor(private readonly tools: McpToolBuilder) {}` then `this.tools.register({ name, description,
 * handler })` — dependency injection (NestJS-style) of the framework's tool builder or registry. The receiver's
 * declared type is a class named for tools imported from an MCP server package or a package named for MCP, so
 * what it registers is a tool even without an input schema. The framework's resource and prompt builders
 * (`McpResourceBuilder`, `McpPromptBuilder`) are not named for tools and stay out.
 */
import ts from 'typescript';
import { isMcpFrameworkSpecifier } from './mcpFrameworks';
import { isMcpServerModule } from './relevance';
import type { ScanState } from './scanContext';

const TOOL_SERVICE = /tool/i;

/** The declared type name of a parameter or property named `name` in the enclosing class or function. */
function declaredTypeOf(site: ts.Node, name: string, viaThis: boolean): string | undefined {
  for (let node: ts.Node | undefined = site.parent; node; node = node.parent) {
    if (!viaThis && ts.isFunctionLike(node)) {
      const parameter = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (parameter) return typeName(parameter.type);
    }
    if (viaThis && ts.isClassLike(node)) {
      for (const member of node.members) {
        if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.name.text === name)
          return typeName(member.type);
        if (!ts.isConstructorDeclaration(member)) continue;
        const parameter = member.parameters.find(
          (p) => ts.isIdentifier(p.name) && p.name.text === name && (ts.getModifiers(p) ?? []).length > 0,
        );
        if (parameter) return typeName(parameter.type);
      }
      return undefined;
    }
  }
  return undefined;
}

function typeName(type: ts.TypeNode | undefined): string | undefined {
  return type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? type.typeName.text : undefined;
}

/**
 * The framework type of the receiver of `call` (`this.tools.register(…)`, `tools.add(…)`) when it is an MCP
 * framework's tool service, for the evidence; undefined otherwise.
 */
export function injectedToolService(state: ScanState, call: ts.CallExpression | ts.NewExpression): string | undefined {
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const receiver = call.expression.expression;
  let declared: string | undefined;
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword)
    declared = declaredTypeOf(call, receiver.name.text, true);
  else if (ts.isIdentifier(receiver)) declared = declaredTypeOf(call, receiver.text, false);
  if (declared === undefined) return undefined;
  const binding = state.imports.get(declared);
  if (!binding || !TOOL_SERVICE.test(binding.exportName)) return undefined;
  if (!isMcpServerModule(binding.specifier) && !isMcpFrameworkSpecifier(binding.specifier)) return undefined;
  return `${binding.exportName} from ${binding.specifier}`;
}
