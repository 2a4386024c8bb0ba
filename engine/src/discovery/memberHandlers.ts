/**
 * Handlers reached through a member rather than a function's own name:
 *
 * - a function of a module imported whole: `handlers.handleStartJob(args)` with `import * as handlers from
 *   './handlers'` is the module's export `handleStartJob`;
 * - a member of an imported object of functions: `{ create_card: cardHandlers.createCard }` with `cardHandlers`
 *   imported is the `createCard` function of the object that file exports (role 'handler' with `member`);
 * - a method of a class instance the file holds: `case 'open_door': return doorTool.execute(args)` with a
 *   module-level `let doorTool: DoorTool` (or `const doorTool = new DoorTool()`) is `DoorTool`'s `execute`, in this
 *   file or in the file the class is imported from.
 *
 * The file that defines the object or class finds the function when the member is a function there; a member of
 * something else (a client instance, a settings object) adds no handler.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { classMethodNamed, receiverMethod } from './receiverDispatch';
import {
  type ExternalHandlerRef,
  type RegistrationKind,
  type ScanState,
  handOffImport,
  isInlineFunction,
} from './scanContext';

/** What a member expression leads to: a function of this file, or an export (and member) of another file. */
type MemberTarget = { fn: FunctionLike } | { specifier: string; exportName: string; member?: string; text: string };

function memberTarget(state: ScanState, expression: ts.Expression): MemberTarget | undefined {
  const inner = unwrapExpression(expression);
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const member = inner.name.text;
  const receiver = unwrapExpression(inner.expression);
  const text = inner.getText(state.sourceFile);
  if (ts.isIdentifier(receiver)) {
    const binding = state.imports.get(receiver.text);
    if (binding?.exportName === '*') return { specifier: binding.specifier, exportName: member, text };
    if (binding) return { specifier: binding.specifier, exportName: binding.exportName, member, text };
  }
  const owner = receiverMethod(inner);
  if (!owner) return undefined;
  const local = classMethodNamed(state.sourceFile, owner.className, owner.method);
  if (local) return { fn: local };
  const imported = state.imports.get(owner.className);
  return imported && imported.exportName !== '*'
    ? { specifier: imported.specifier, exportName: imported.exportName, member: owner.method, text }
    : undefined;
}

/** Whether `callee` is a member that leads to a handler function (of this file or, by its import, of another). */
export function isMemberHandler(state: ScanState, callee: ts.Expression): boolean {
  const target = memberTarget(state, callee);
  return (
    target !== undefined &&
    ('fn' in target || state.resolveImport?.(target.specifier, state.sourceFile.fileName) !== undefined)
  );
}

/**
 * Records the handler a member expression leads to: a function of this file is returned (and recorded as a
 * handler), one of another file is handed over to that file. Undefined when the expression is not such a member.
 */
export function recordMemberHandler(
  state: ScanState,
  expression: ts.Expression,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): { fn?: FunctionLike } | undefined {
  const target = memberTarget(state, expression);
  if (!target) return undefined;
  if ('fn' in target) {
    if (!state.seen.has(target.fn)) {
      state.seen.add(target.fn);
      state.handlers.push({ fn: target.fn, kind, lowLevel: false, toolName, evidence: [...evidence] });
    }
    return { fn: target.fn };
  }
  const handedOff = handOffImport(state, target.specifier, {
    exportName: target.exportName,
    kind,
    toolName,
    role: 'handler',
    ...(target.member !== undefined ? { member: target.member } : {}),
    evidence: [...evidence],
  });
  return handedOff ? {} : undefined;
}

/**
 * The key a file's exports registered elsewhere are kept under: the export's name, and for a member of it the
 * member too, so that several members of one exported object (or class) are each a handler.
 */
export function externalExportKey(ref: Pick<ExternalHandlerRef, 'exportName' | 'role' | 'member'>): string {
  return ref.role === 'handler' && ref.member !== undefined ? `${ref.exportName}#${ref.member}` : ref.exportName;
}

/** The export's name in a key made by `externalExportKey`. */
export function exportNameOfKey(key: string, ref: Pick<ExternalHandlerRef, 'role' | 'member'>): string {
  const suffix = ref.role === 'handler' && ref.member !== undefined ? `#${ref.member}` : '';
  return suffix && key.endsWith(suffix) ? key.slice(0, -suffix.length) : key;
}

/** The function `member` of the object or class this file declares at top level as `name`. */
export function declaredMemberFunction(
  sourceFile: ts.SourceFile,
  functions: ReadonlyMap<string, FunctionLike>,
  name: string,
  member: string,
): FunctionLike | undefined {
  const method = classMethodNamed(sourceFile, name, member);
  if (method) return method;
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const object = unwrapExpression(declaration.initializer);
      return ts.isObjectLiteralExpression(object) ? objectMemberFunction(object, functions, member) : undefined;
    }
  }
  return undefined;
}

function objectMemberFunction(
  object: ts.ObjectLiteralExpression,
  functions: ReadonlyMap<string, FunctionLike>,
  member: string,
): FunctionLike | undefined {
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== member) continue;
    if (ts.isMethodDeclaration(property) && property.body) return property;
    if (ts.isShorthandPropertyAssignment(property)) return functions.get(member);
    if (!ts.isPropertyAssignment(property)) return undefined;
    const value = unwrapExpression(property.initializer);
    if (isInlineFunction(value)) return value;
    return ts.isIdentifier(value) ? functions.get(value.text) : undefined;
  }
  return undefined;
}
