/**
 * A registration of a value a registered factory call made: `const def = makeTool(server, 'pick_app', …);` then
 * `server.tool(def.name, def.description, def.shape, def.handler)`. The factory call is already a tool, named by its
 * argument (the factory returns `{ name: toolName, … }`); the SDK call registers that same tool, so it is not listed
 * a second time as a tool without a name.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { scopedConstValue } from './localObjects';
import type { ScanState, ToolRegistration } from './scanContext';

/** `const name = <call>` (through `await`, `as`) in the nearest block around the identifier that declares it. */
function constCallOf(identifier: ts.Identifier): ts.CallExpression | undefined {
  let value = scopedConstValue(identifier, identifier.text, false);
  if (value && ts.isAwaitExpression(value)) value = unwrapExpression(value.expression);
  return value && ts.isCallExpression(value) ? value : undefined;
}

/** The factory call whose value a nameless SDK registration is given the `.name` of, if any. */
function namingCall(registration: ToolRegistration): ts.CallExpression | undefined {
  if (registration.name !== null || !ts.isCallExpression(registration.node)) return undefined;
  const first = registration.node.arguments[0];
  const nameArgument = first && unwrapExpression(first);
  if (!nameArgument || !ts.isPropertyAccessExpression(nameArgument) || nameArgument.name.text !== 'name') {
    return undefined;
  }
  const holder = unwrapExpression(nameArgument.expression);
  return ts.isIdentifier(holder) ? constCallOf(holder) : undefined;
}

/** Unlists nameless registrations of a value made by a factory call that is itself a named, listed tool. */
export function unlistFactoryValueRegistrations(state: ScanState): void {
  for (const registration of state.registrations) {
    if (!registration.listed) continue;
    const call = namingCall(registration);
    if (!call) continue;
    const named = state.registrations.some(
      (other) =>
        other !== registration &&
        other.listed &&
        other.name !== null &&
        other.node.getStart(state.sourceFile) <= call.getStart(state.sourceFile) &&
        call.end <= other.node.end,
    );
    if (named) {
      registration.listed = false;
      const factory = call.expression.getText(state.sourceFile);
      registration.evidence = [...registration.evidence, `registers the tool ${factory}(…) made`];
    }
  }
}
