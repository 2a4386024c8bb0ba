/**
 * Tools registered by the schema of their `tools/call` params (round 18): a project's registry keyed by a
 * validation schema of the request's params, looked up by matching each incoming call against the schemas —
 * `tools.register(type({ name: '"fetch"', arguments: { url: 'string' } }).describe(…), async (params) => …)`
 * (arktype, where `'"fetch"'` is the string-literal type) or
 * `registry.add(z.object({ name: z.literal('fetch'), arguments: z.object({…}) }), handler)` (zod, valibot,
 * TypeBox's `Type.Literal`). The schema names the tool with a literal type beside an `arguments` member — the
 * shape of `params` in `tools/call` — and the function after it handles the call. A literal name without
 * `arguments` (a unit converter keyed by `{ name: '"celsius"' }`) and a plain-string name (a job
 * `{ name: 'nightly', arguments: [] }`) are not this shape. Relevance is the project's (a chat agent's
 * function-call registry of the same shape, in a project without MCP, gets nothing).
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { recordHandler } from './handlerTargets';
import { type ScanState, functionTarget, where } from './scanContext';

/** `'"fetch"'` or `"'fetch'"`: arktype's string-literal type, the name it spells. */
const QUOTED_LITERAL = /^(["'`])([A-Za-z][\w.:-]*)\1$/;
/** Schema libraries' literal builders: `z.literal('x')`, `v.literal('x')`, `Type.Literal('x')`, `literal('x')`. */
const LITERAL_BUILDERS = new Set(['literal', 'Literal']);
const ARGUMENTS_KEYS = new Set(['arguments', 'arguments?']);

/** The object literal a schema expression describes: through method chains (`.describe(…)`) and builder calls. */
function schemaObject(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
  let node = unwrapExpression(expression);
  for (let depth = 0; depth < 6; depth++) {
    if (ts.isObjectLiteralExpression(node)) return node;
    if (!ts.isCallExpression(node)) return undefined;
    const callee = unwrapExpression(node.expression);
    // `type({…}).describe('…')`: the schema the method is called on.
    if (ts.isPropertyAccessExpression(callee) && ts.isCallExpression(unwrapExpression(callee.expression))) {
      node = unwrapExpression(callee.expression);
      continue;
    }
    // `type({…})`, `z.object({…})`, `Type.Object({…})`: the builder's one object argument.
    const first = node.arguments[0] && unwrapExpression(node.arguments[0]);
    if (node.arguments.length !== 1 || !first || !ts.isObjectLiteralExpression(first)) return undefined;
    node = first;
  }
  return undefined;
}

/** The tool name a literal type spells, with the node that spells it. */
function literalName(value: ts.Expression): { name: string; node: ts.Expression } | undefined {
  const inner = unwrapExpression(value);
  if (ts.isStringLiteralLike(inner)) {
    const match = QUOTED_LITERAL.exec(inner.text);
    return match ? { name: match[2], node: inner } : undefined;
  }
  if (!ts.isCallExpression(inner) || inner.arguments.length !== 1) return undefined;
  const callee = unwrapExpression(inner.expression);
  const builder = ts.isPropertyAccessExpression(callee)
    ? callee.name.text
    : ts.isIdentifier(callee)
      ? callee.text
      : undefined;
  const argument = unwrapExpression(inner.arguments[0]);
  if (builder === undefined || !LITERAL_BUILDERS.has(builder) || !ts.isStringLiteralLike(argument)) return undefined;
  return { name: argument.text, node: argument };
}

/** The name of a `{ name: <literal type>, arguments: … }` params schema, when `schema` is one. */
function paramsSchemaName(schema: ts.Expression): { name: string; node: ts.Expression; object: ts.Node } | undefined {
  const object = schemaObject(schema);
  if (!object) return undefined;
  let named: { name: string; node: ts.Expression } | undefined;
  let hasArguments = false;
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyNameText(property.name);
    if (key === 'name') named = literalName(property.initializer);
    else if (key !== undefined && ARGUMENTS_KEYS.has(key)) hasArguments = true;
  }
  return named && hasArguments ? { ...named, object } : undefined;
}

/** Finds `x.register(paramsSchema, handler)` calls and records each as a tool. */
export function scanParamsSchemaRegistrations(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    if (call.arguments.length !== 2) continue;
    const [schema, handlerArg] = call.arguments;
    const named = paramsSchemaName(schema);
    if (!named || functionTarget(state, handlerArg) === undefined) continue;
    if (state.registrations.some((r) => r.node === call)) continue;
    const calleeText = call.expression.getText(state.sourceFile);
    const evidence = [
      `registered by ${calleeText}(…) at ${where(state, call)}`,
      `its first argument is the tools/call params schema { name: '${named.name}', arguments }`,
    ];
    if (ts.isObjectLiteralExpression(named.object)) state.consumed.add(named.object);
    const handler = recordHandler(state, handlerArg, 'dispatch', named.name, evidence);
    state.registrations.push({
      name: named.name,
      kind: 'dispatch',
      node: call,
      nameNode: named.node,
      handler: handler.fn,
      evidence: [...evidence, ...handler.evidence],
      listed: true,
    });
  }
}
