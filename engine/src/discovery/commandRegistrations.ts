/**
 * Command objects that look like tool definitions but are registered as commands:
 * `const lsNotebooks = { namespace, name: 'lsNotebooks', description, params, handler }` passed to
 * `registry.registerCommand(lsNotebooks)` (or written inline in `addCommand({…})`). A server that reaches
 * such commands through one MCP tool (`executeCommand({ type, params })`) exposes that tool, not its
 * sub-commands; CLIs, chat bots and editor extensions register the same shape. A definition object passed
 * to a call named for commands — in the call itself, or through the constant that holds it in the same
 * file — is not a tool.
 */
import ts from 'typescript';
import { calleeName, outermostWrapper, unwrapExpression } from '../parse/syntax';
import type { ScanState } from './scanContext';

/** `registerCommand`, `addCommand`, `defineSubcommand`, `registerSlashCommands`: calls that register commands. */
const COMMAND_CALLEES = /^(?:register|add|define|create)?(?:Sub|Slash)?Commands?$/i;

function isCommandCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const name = calleeName(node);
  return name !== undefined && COMMAND_CALLEES.test(name);
}

/** The constant an object literal initialises: `const x = {…}` (through `as`, `satisfies`, parentheses). */
function constantName(object: ts.ObjectLiteralExpression): string | undefined {
  const outer = outermostWrapper(object);
  const declaration = outer.parent;
  return declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name)
    ? declaration.name.text
    : undefined;
}

/** Whether an argument is the constant `name`, or an array literal listing it. */
function passes(argument: ts.Expression, name: string): boolean {
  const inner = unwrapExpression(argument);
  if (ts.isIdentifier(inner)) return inner.text === name;
  return ts.isArrayLiteralExpression(inner) && inner.elements.some((e) => passes(e, name));
}

/** Whether a definition object is registered as a command, in its own call or through its constant. */
export function isRegisteredCommand(state: ScanState, object: ts.ObjectLiteralExpression): boolean {
  const outer = outermostWrapper(object);
  if (outer.parent && isCommandCall(outer.parent) && outer.parent.arguments.includes(outer as ts.Expression))
    return true;
  const name = constantName(object);
  if (!name) return false;
  return state.index
    .of(ts.SyntaxKind.CallExpression, ts.isCallExpression)
    .some((call) => isCommandCall(call) && call.arguments.some((argument) => passes(argument, name)));
}
