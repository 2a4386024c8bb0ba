/**
 * The probe's report: the contract between the probe engine (server/src/probe), the CLI
 * (`mcp-envelope probe --format json`) and the extension (panel session, linked diagnostics).
 * Field names follow design.md's probe format.
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
