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

/** The constants an argument passes: itself when it is a name, the names an array literal lists. */
function passedNames(argument: ts.Expression, into: Set<string>): void {
  const inner = unwrapExpression(argument);
  if (ts.isIdentifier(inner)) into.add(inner.text);
  else if (ts.isArrayLiteralExpression(inner)) for (const element of inner.elements) passedNames(element, into);
}

/** The names a file's command calls are given, gathered once per scan. */
const commandArgumentsByScan = new WeakMap<ScanState, Set<string>>();

function commandArguments(state: ScanState): Set<string> {
  let names = commandArgumentsByScan.get(state);
  if (!names) {
    names = new Set<string>();
    for (const call of state.index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression))
      if (isCommandCall(call)) for (const argument of call.arguments) passedNames(argument, names);
    commandArgumentsByScan.set(state, names);
  }
  return names;
}

/** Whether a definition object is registered as a command, in its own call or through its constant. */
export function isRegisteredCommand(state: ScanState, object: ts.ObjectLiteralExpression): boolean {
  const outer = outermostWrapper(object);
  if (outer.parent && isCommandCall(outer.parent) && outer.parent.arguments.includes(outer as ts.Expression))
    return true;
  const name = constantName(object);
  if (!name) return false;
  return commandArguments(state).has(name);
}
