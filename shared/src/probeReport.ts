/**
 * The probe's report: the contract between the probe engine (server/src/probe), the CLI
 * (`mcp-envelope probe --format json`) and the extension (panel session, linked diagnostics).
 * Field names follow the probe's json format (docs/probe.md).
 */
import type { CallFinding, CallOutcome, DecodedCall } from './decodedCall';
import type { ErrorCategory } from './taxonomy';

export const PROBE_MISTAKES = [
  'missing-required',
  'wrong-type',
  'out-of-enum',
  'out-of-range',
  'unexpected-property',
  'empty-string',
  'oversized-string',
  'nonexistent-id',
  'unknown-tool',
  'fixture',
] as const;

export type ProbeMistake = (typeof PROBE_MISTAKES)[number];

export interface ProbeCall {
  mistake: ProbeMistake;
  arguments: Record<string, unknown>;
  /** The decoded outcome; a crash or hang of the server is reported as `protocol-error` with a finding. */
  outcome: CallOutcome;
  category: ErrorCategory | null;
  retryable: boolean | null;
  message: string | null;
  findings: CallFinding[];
  /** What this call contributed to the grade and why, for people (not in the stable JSON). */
  verdict?: string;
  /** The full decoded call, for the panel's detail view (not in the stable JSON). */
  decoded?: DecodedCall;
}

export interface ProbeToolReport {
  name: string;
  /** 0–100; null when skipped. */
  grade: number | null;
  /** Why the tool was not probed (destructive, not read-only without opt-in), or null. */
  skipped: string | null;
  calls: ProbeCall[];
}

export interface ProbeReport {
  server: string;
  seed: number;
  tools: ProbeToolReport[];
  /** Mean of the tool grades (skipped tools excluded); not in the stable JSON. */
  grade?: number | null;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_TIMEOUT_MS = 5000;

/** What the probe needs to know of a listed tool to decide whether it may call it. */
export interface ToolSafetyFacts {
  name: string;
  annotations?: { destructiveHint?: boolean; readOnlyHint?: boolean };
}

/** Why a tool is not called without the user's opt-in, or null when it is safe to call. */
export function safetyReason(tool: ToolSafetyFacts): string | null {
  const annotations = tool.annotations ?? {};
  if (annotations.destructiveHint === true) {
    return `destructive (annotations.destructiveHint: true); opt in with --allow ${tool.name}`;
  }
  if (annotations.readOnlyHint !== true) {
    return `not annotated read-only (annotations.readOnlyHint is not true); opt in with --allow ${tool.name}`;
  }
  return null;
}

/** The probe's stable JSON shape (docs/probe.md), field by field, in its order: no extra fields. */
export function toProbeJson(report: ProbeReport): Record<string, unknown> {
  return {
    server: report.server,
    seed: report.seed,
    tools: report.tools.map((tool) => ({
      name: tool.name,
      grade: tool.grade,
      skipped: tool.skipped,
      calls: tool.calls.map((call) => ({
        mistake: call.mistake,
        arguments: call.arguments,
        outcome: call.outcome,
        category: call.category,
        retryable: call.retryable,
        message: call.message,
        findings: call.findings.map((finding) => ({ check: finding.check, message: finding.message })),
      })),
    })),
  };
}

/**
 * `mcp-envelope probe --format events`: one JSON object per line, for a program that runs the probe in its own
 * process (the extension does): progress while it runs, then the whole report (with the fields the stable JSON
 * leaves out), or the reason it failed.
 */
export type ProbeEvent =
  | { event: 'progress'; tool: string; done: number; total: number }
  | { event: 'report'; report: ProbeReport }
  | { event: 'error'; message: string };

/** `mcp-envelope probe --list-tools`: the tools a server lists and why each may not be called without opt-in. */
export interface ListedServerTool {
  name: string;
  description?: string;
  /** Why the probe does not call it without the user's opt-in, or null when it is safe. */
  unsafe: string | null;
}
