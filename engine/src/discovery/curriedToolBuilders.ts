/**
 * A framework's tool builder called twice, first with the definition and then with the handler:
 * `export default tool({ name: 'check_ripeness', description, inputSchema })((input, ctx) => { … })`
 * (FrontMCP's function tools). The builder is imported from a package (not the project's own helper, not
 * an agent or LLM tool library, not the MCP SDK) under a tool-builder name; its object names the tool and
 * describes it (a description or a schema); the function given to the second call is the handler.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { NON_MCP_MODULES } from './definitions';
import { decoratorName, describesTool } from './decorators';
import { TOOL_BUILDER } from './mcpFrameworks';
import { recordHandler } from './handlerTargets';
import { type ScanState, isInlineFunction, nameOf, shownNameExpression, where } from './scanContext';

/** The package a builder call's identifier is imported from, when it is a tool builder of a package. */
function packageBuilder(state: ScanState, builder: ts.CallExpression): string | undefined {
  if (!ts.isIdentifier(builder.expression)) return undefined;
  const binding = state.imports.get(builder.expression.text);
  if (!binding || binding.specifier.startsWith('.') || binding.specifier.startsWith('@modelcontextprotocol/'))
    return undefined;
  if (NON_MCP_MODULES.test(binding.specifier) || !TOOL_BUILDER.test(binding.exportName)) return undefined;
  return binding.specifier;
}

/** `builder({ name, … })(handler)` calls. */
export function scanCurriedToolBuilders(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    const builder = unwrapExpression(call.expression);
    if (!ts.isCallExpression(builder)) continue;
    const handler = call.arguments[0] && unwrapExpression(call.arguments[0]);
    const definition = builder.arguments[0];
    if (!handler || !isInlineFunction(handler) || !definition) continue;
    if (!ts.isObjectLiteralExpression(unwrapExpression(definition)) || !describesTool(definition)) continue;
    const module = packageBuilder(state, builder);
    const written = decoratorName(definition);
    if (!module || !written || state.registrations.some((r) => r.node === call)) continue;
    const resolved = nameOf(state, written);
    const evidence = [
      `definition passed to ${builder.expression.getText(state.sourceFile)}(…) at ${where(state, builder)} (from ${module}), then the handler`,
    ];
    const recorded = recordHandler(state, handler, 'factory', resolved.name, evidence);
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(written, resolved),
      kind: 'factory',
      node: call,
      nameNode: written,
      handler: recorded.fn,
      evidence: [...evidence, 'handler: the function given to the second call', ...recorded.evidence],
      listed: true,
    });
  }
}
