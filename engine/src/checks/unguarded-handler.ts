import ts from 'typescript';
import { namedFunctions } from '../discovery/handlers';
import { functionHeadRange } from '../discovery/handlerHead';
import { wrapBodyInTryCatch } from '../fixes/edits';
import { canReturnEnvelope } from '../fixes/returnType';
import { wrapWouldCatchKeptThrow } from '../fixes/passThrough';
import { type FunctionLike, enclosingTry, walkOwnBody } from '../parse/syntax';
import type { AnalysisContext, Check } from '../types';
import type { ToolHandler } from '../discovery/handlers';
import { answeredByFramework } from './analysis/frameworkGuards';
import {
  type Excused,
  type FailureFinder,
  callCanFail,
  calleeEvidence,
  describeSite,
  failureFinder,
  firstUnguardedSite,
  localCallee,
} from './analysis/failureSites';
import { calledOnlyInsideTry, guardedByEveryCaller } from './analysis/guardedCallers';
import {
  classDeclaredSchemas,
  definitionShapeSchemas,
  registeredSchemas,
  reparsesOfOwnSchema,
} from './analysis/registeredSchema';
import { requestContextReports } from './analysis/requestContextCalls';
import { serverNotifications } from './analysis/serverNotifications';

/** Whether the handler's own body has a `throw` that no try/catch in it catches. */
function hasOwnUncaughtThrow(fn: FunctionLike): boolean {
  let found = false;
  walkOwnBody(fn, (node) => {
    if (found) return false;
    if (ts.isThrowStatement(node) && !enclosingTry(node, fn)) found = true;
    return undefined;
  });
  return found;
}

/** The calls passed over because of their callee, as a sentence (at most two named). */
function excusedSentence(sourceFile: ts.SourceFile, excused: readonly Excused[]): string {
  if (excused.length === 0) return '';
  // One entry per call as it reads (`jsonResult(…)` three times is said once).
  const entries = [...new Set(excused.map(({ site, reason }) => `\`${describeSite(sourceFile, site)}\` (${reason})`))];
  const named = entries.slice(0, 2).join(' and ');
  const more = entries.length > 2 ? ` and ${entries.length - 2} more` : '';
  return ` Not counted: ${named}${more}.`;
}

/**
 * The same-file calls of a tools/call dispatcher that run a tool's own handler (`getThing(args)` when `getThing` is
 * the handler of get_thing). That handler gets its own finding, so the dispatcher does not repeat it.
 */
function callsOfOtherHandlers(
  context: AnalysisContext,
  finder: FailureFinder,
  handler: ToolHandler,
  handlerFunctions: ReadonlySet<FunctionLike>,
): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  for (const node of context.nodes.within(handler.fn, [ts.SyntaxKind.CallExpression])) {
    if (!ts.isCallExpression(node)) continue;
    const callee = localCallee(finder, node);
    if (callee && callee !== handler.fn && handlerFunctions.has(callee)) calls.push(node);
  }
  return calls;
}

/**
 * Whether a failure of this handler becomes a JSON-RPC error: it is a low-level tools/call handler, or a tool's own
 * function that such a handler calls (the same test throw-in-handler's wording uses).
 */
function failsAsProtocolError(context: AnalysisContext, handler: ToolHandler): boolean {
  if (handler.lowLevel) return true;
  return context.handlers.some(
    (dispatcher) => dispatcher.lowLevel && context.helpersOf(dispatcher).some((helper) => helper === handler.fn),
  );
}

export const unguardedHandler: Check<'unguarded' | 'unguardedLowLevel'> = {
  meta: {
    id: 'unguarded-handler',
    description:
      'A tool handler that awaits or calls something that can fail, with no try/catch turning the failure into an error envelope.',
    defaultSeverity: 'info',
    fixable: true,
    messages: {
      unguarded:
        'This tool handler runs `{{site}}` outside any try/catch: if it fails, the failure reaches the model as unstructured text with no errorCategory or isRetryable.{{evidence}}',
      unguardedLowLevel:
        'This tool handler runs `{{site}}` outside any try/catch: if it fails, the failure becomes a JSON-RPC error that the model never sees.{{evidence}}',
    },
  },
  run(context, report) {
    if (context.handlers.length === 0) return;
    const lookup = context.importedFunction?.bind(context);
    const finder = failureFinder(context.sourceFile, namedFunctions(context.nodes), lookup);
    const handlerFunctions = new Set(context.handlers.map((handler) => handler.fn));
    for (const handler of context.handlers) {
      if (!handler.fn.body || calledOnlyInsideTry(context.nodes, handler.fn)) continue;
      if (guardedByEveryCaller(context.nodes, handler.fn)) continue;
      // A framework whose tool builder answers every throw with a structured isError result.
      if (answeredByFramework(context, handler)) continue;
      for (const registration of context.registrations) {
        if (registration.handler !== handler.fn) continue;
        const schemas = registeredSchemas(registration, context.sourceFile);
        for (const call of reparsesOfOwnSchema(handler.fn, schemas)) {
          finder.cannotFail.set(call, 'the SDK already validated the arguments against this registered inputSchema');
        }
      }
      for (const call of reparsesOfOwnSchema(handler.fn, classDeclaredSchemas(handler.fn), true)) {
        finder.cannotFail.set(
          call,
          "the SDK already validated the arguments against this schema, the class's inputSchema",
        );
      }
      for (const call of reparsesOfOwnSchema(handler.fn, definitionShapeSchemas(handler.fn))) {
        finder.cannotFail.set(
          call,
          "the SDK already validated the arguments against this schema's shape, the definition's inputSchema",
        );
      }
      for (const call of requestContextReports(handler.fn)) {
        finder.cannotFail.set(call, 'it only reports through the request context');
      }
      for (const call of serverNotifications(handler.fn)) {
        finder.cannotFail.set(call, 'it only sends a notification through the server');
      }
      // Only a tools/call dispatcher: its call of a tool's own function is that tool's failure, reported there. A
      // tool whose handler calls another tool's handler still has its own failure to report.
      if (handler.lowLevel && handlerFunctions.size > 1) {
        for (const call of callsOfOtherHandlers(context, finder, handler, handlerFunctions)) {
          finder.cannotFail.set(call, 'it is a tool handler, reported on its own');
        }
      }
      const excused: Excused[] = [];
      const site = firstUnguardedSite(finder, handler.fn, 0, false, excused);
      if (!site) continue;
      const evidence = calleeEvidence(finder, site);
      const { start, end } = functionHeadRange(handler.fn, context.sourceFile);
      report({
        start,
        end,
        messageId: failsAsProtocolError(context, handler) ? 'unguardedLowLevel' : 'unguarded',
        data: {
          site: describeSite(context.sourceFile, site),
          evidence: (evidence ? ` It can fail: ${evidence}.` : '') + excusedSentence(context.sourceFile, excused),
        },
        fixes:
          !canReturnEnvelope(context, handler.fn) || wrapWouldCatchKeptThrow(context, handler)
            ? undefined
            : () => [
                {
                  title: 'Wrap the handler body in try/catch returning structured errors',
                  ...wrapBodyInTryCatch(context, handler.fn, handler.toolName, (call) => callCanFail(finder, call, 0)),
                  // A throw the handler writes itself gets a more specific fix (a return with the category the
                  // throw implies); wrapping first would catch it as UNKNOWN. Fix-all wraps on its next pass.
                  preferred: !hasOwnUncaughtThrow(handler.fn),
                },
              ],
      });
    }
  },
};
