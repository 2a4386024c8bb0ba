/**
 * Which static findings a probe confirmed. A probe call's answer is evidence about a tool's HANDLER only when the
 * handler produced it: the SDK's own input-validation rejections (`MCP error -32602: Input validation error …`)
 * and the unknown-tool call never reach a handler. From the handler's answers, a static check id is confirmed
 * when (the mapping docs/probe.md documents):
 *
 * - the answer carries a finding with the same id (the decoder and the static checks share ids:
 *   missing-error-category, missing-is-retryable, generic-error-message, leaked-internals, invalid-error-category,
 *   contradictory-retryable, missing-error-content, empty-result-as-error, envelope-hidden-from-model, …);
 * - `leaked-environment` (a value of the server's environment in the text) confirms leaked-internals;
 * - a tool error with neither errorCategory nor isRetryable (how McpServer reports an exception escaping the
 *   handler) confirms throw-in-handler and unguarded-handler;
 * - a JSON-RPC error other than -32602/-32601 (how a low-level Server reports a throw) confirms
 *   throw-in-handler and protocol-error-for-execution-failure.
 *
 * Static diagnostics are matched to a tool by position: a diagnostic belongs to the tool whose registration or
 * handler function starts on the nearest line at or above it in the same file (so a dispatcher's per-tool
 * function, a factory's handler or an `@mcpToolHandler` function is its tool's; handlers defined in another file
 * are not matched).
 * Pure: no `vscode`.
 */
import type { ProbeCall, ProbeReport, ProbeToolReport } from '../../../shared/src/probeReport';
import type { WorkspaceTool } from '../../../shared/src/protocol';
import { separateHandlerLine } from '../codelens/toolLocations';

/** One entry of the language server's `mcpEnvelope/tools` answer (line is 1-based). */
export type ToolRegistration = WorkspaceTool;

// The decoder strips the SDK's `MCP error -32602: ` prefix; older reports kept it.
const SDK_REJECTION = /^(?:MCP error -32602: )?Input validation error/;
const REQUEST_REJECTED = /^MCP error -3260[12]\b/;

/** Whether a probe call's answer came from the tool's handler (not from the SDK's schema check). */
export function answeredByHandler(call: ProbeCall): boolean {
  if (call.mistake === 'unknown-tool') return false;
  const message = call.message ?? '';
  if (SDK_REJECTION.test(message)) return false;
  const codes = call.findings.map((finding) => finding.check);
  return !codes.includes('timeout') && !codes.includes('server-crashed');
}

/** Why one handler answer confirms each static check id (check id → a short description of the evidence). */
export function evidenceOf(call: ProbeCall): Map<string, string> {
  const evidence = new Map<string, string>();
  if (!answeredByHandler(call)) return evidence;
  for (const finding of call.findings) {
    const check = finding.check === 'leaked-environment' ? 'leaked-internals' : finding.check;
    if (!evidence.has(check)) evidence.set(check, finding.message);
  }
  if (call.outcome === 'tool-error' && call.category === null && call.retryable === null) {
    const escaped = 'a tool error with neither errorCategory nor isRetryable, as an exception escaping the handler';
    evidence.set('throw-in-handler', escaped);
    evidence.set('unguarded-handler', escaped);
  }
  if (call.outcome === 'protocol-error' && !REQUEST_REJECTED.test(call.message ?? '')) {
    const rpc = 'a JSON-RPC error for an execution failure, as a throw in a low-level handler';
    evidence.set('throw-in-handler', rpc);
    evidence.set('protocol-error-for-execution-failure', rpc);
  }
  return evidence;
}

export interface Confirmation {
  tool: string;
  check: string;
  /** The probe call that showed it. */
  mistake: string;
  arguments: Record<string, unknown>;
  answer: string;
  why: string;
}

/** Check id → the first probe call of this tool that confirms it. */
export function toolConfirmations(tool: ProbeToolReport): Map<string, Confirmation> {
  const confirmations = new Map<string, Confirmation>();
  for (const call of tool.calls) {
    for (const [check, why] of evidenceOf(call)) {
      if (confirmations.has(check)) continue;
      confirmations.set(check, {
        tool: tool.name,
        check,
        mistake: call.mistake,
        arguments: call.arguments,
        answer: describeAnswer(call),
        why,
      });
    }
  }
  return confirmations;
}

/** Tool name → its confirmations, for every graded tool of a report. */
export function reportConfirmations(report: ProbeReport): Map<string, Map<string, Confirmation>> {
  const byTool = new Map<string, Map<string, Confirmation>>();
  for (const tool of report.tools) {
    if (tool.grade === null) continue;
    const confirmations = toolConfirmations(tool);
    if (confirmations.size > 0) byTool.set(tool.name, confirmations);
  }
  return byTool;
}

/** What came back, in a few words: `tool-error (no category, retryable not stated): "Order … not found"`. */
export function describeAnswer(call: ProbeCall, maxMessage = 120): string {
  const facts: string[] = [];
  if (call.outcome === 'tool-error') {
    facts.push(call.category ?? 'no category');
    facts.push(call.retryable === null ? 'retryable not stated' : call.retryable ? 'retryable' : 'not retryable');
  }
  const message = call.message ?? '';
  const cut = message.length > maxMessage ? `${message.slice(0, maxMessage - 1)}…` : message;
  return `${call.outcome}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}${cut !== '' ? `: "${cut}"` : ''}`;
}

/**
 * The 1-based line a tool's probe results point at: its handler function when that is a function of its own
 * away from the registration (a dispatcher's per-tool function, a handler a factory call refers to), else the
 * registration (an inline handler is part of it).
 */
export function handlerLine(registration: ToolRegistration): number {
  return separateHandlerLine(registration) ?? registration.line;
}

/**
 * The 1-based lines of file `uri` that start a tool's code: its registration (when it is in that file) and, when
 * known, its handler function (in that file, or imported from it by a registration elsewhere).
 */
function anchorLines(registration: ToolRegistration, uri: string): number[] {
  const lines = registration.uri === uri ? [registration.line] : [];
  const handler = registration.handler;
  if (handler && handler.line >= 1 && (handler.uri ?? registration.uri) === uri && !lines.includes(handler.line))
    lines.push(handler.line);
  return lines;
}

/**
 * The named tools whose registration or handler starts at the nearest line at or above a 0-based line of a file
 * (several when they share a handler function), in the order given; empty when none does. A tool whose name is
 * computed at run time (or an untitled `@mcpToolHandler` function) still ends the tool above it: what is inside
 * its handler belongs to no named tool.
 */
export function enclosingTools(
  registrations: readonly ToolRegistration[],
  uri: string,
  line: number,
): ToolRegistration[] {
  let bestLine = 0;
  let best: ToolRegistration[] = [];
  for (const registration of registrations) {
    for (const anchor of anchorLines(registration, uri)) {
      if (anchor < 1 || anchor - 1 > line || anchor < bestLine) continue;
      if (anchor > bestLine) {
        bestLine = anchor;
        best = [];
      }
      if (!best.includes(registration)) best.push(registration);
    }
  }
  return best.filter((registration) => registration.name !== null);
}

/** The tool registered (or handled) at or nearest above a 0-based line of a file, or undefined. */
export function enclosingTool(
  registrations: readonly ToolRegistration[],
  uri: string,
  line: number,
): ToolRegistration | undefined {
  return enclosingTools(registrations, uri, line)[0];
}

/** The confirmation of `check` by the first tool at or above a 0-based line that has one, with that tool. */
export function confirmationAt<C extends Confirmation>(
  registrations: readonly ToolRegistration[],
  uri: string,
  line: number,
  check: string,
  confirmations: ReadonlyMap<string, ReadonlyMap<string, C>>,
): { tool: ToolRegistration; confirmation: C } | undefined {
  for (const tool of enclosingTools(registrations, uri, line)) {
    const confirmation = tool.name === null ? undefined : confirmations.get(tool.name)?.get(check);
    if (confirmation) return { tool, confirmation };
  }
  return undefined;
}

export interface StaticFinding {
  check: string;
  /** 0-based line where the diagnostic starts. */
  line: number;
}

/** For each static finding of a file, the probe confirmation that matches it, or undefined. */
export function matchConfirmations(
  findings: readonly StaticFinding[],
  uri: string,
  registrations: readonly ToolRegistration[],
  confirmations: ReadonlyMap<string, ReadonlyMap<string, Confirmation>>,
): Array<Confirmation | undefined> {
  return findings.map(
    (finding) => confirmationAt(registrations, uri, finding.line, finding.check, confirmations)?.confirmation,
  );
}

export const CONFIRMED_SUFFIX = ' (confirmed by probe)';

/** A static message with the confirmation appended once. */
export function confirmedMessage(message: string): string {
  return message.endsWith(CONFIRMED_SUFFIX) ? message : `${message}${CONFIRMED_SUFFIX}`;
}
