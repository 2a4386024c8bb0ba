/**
 * A probe report as a session of the Tool Calls panel: every probe call becomes a decoded call (the same rows,
 * filters and detail view as live calls) under the server label `probe: <server>`, plus one summary card per
 * tool (its grade and its worst findings). Pure: no `vscode`.
 */
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { nextActionFor } from '../../../shared/src/decoder';
import type { ProbeCall, ProbeReport, ProbeToolReport } from '../../../shared/src/probeReport';
import type { CallUpdate } from '../traces/callFeed';
import { answeredByHandler } from './confirmation';

/** Probe rows get sequence numbers far above the trace watcher's, so the two never share one. */
export const PROBE_SEQ_BASE = 1_000_000_000;

/** The server label probe calls carry in the panel (its server filter and the text search find it). */
export function probeServerLabel(server: string): string {
  return `probe: ${server}`;
}

/** The panel's filter for the probe calls of one tool (what "Show probe calls" opens). */
export function probeCallsFilter(server: string, tool: string): { server: string; tool: string } {
  return { server: probeServerLabel(server), tool };
}

/** What the panel shows for a probe call that has no full decoded call (a report read back from JSON). */
function decodedFromProbeCall(
  report: ProbeReport,
  tool: string,
  call: ProbeCall,
  id: number,
  startedAt: string,
): DecodedCall {
  return {
    id,
    server: report.server,
    tool,
    arguments: call.arguments,
    startedAt,
    durationMs: null,
    outcome: call.outcome,
    category: call.category,
    retryable: call.retryable,
    message: call.message,
    encoding: 'none',
    nextAction: nextActionFor({
      outcome: call.outcome,
      category: call.category,
      retryable: call.retryable,
      hasPartialResults: false,
    }),
    findings: call.findings,
  };
}

export interface ProbeSession {
  /** Names the session (e.g. `probe orders #2`); each row's Source adds the mistake sent (`… · wrong-type`). */
  source: string;
  updates: CallUpdate[];
}

/**
 * The panel updates for one probe run. `session` numbers the runs of this window (unique ids across runs);
 * `startedAt` stamps calls that carry no time of their own.
 */
export function probeSessionUpdates(report: ProbeReport, session: number, startedAt: string): ProbeSession {
  // The panel shows the base name of `file` as the row's Source: no path separators in it.
  const source = `probe ${report.server.replace(/[\\/]/g, '_')} #${session}`;
  const updates: CallUpdate[] = [];
  let index = 0;
  for (const tool of report.tools) {
    for (const call of tool.calls) {
      index++;
      const base = call.decoded ?? decodedFromProbeCall(report, tool.name, call, index, startedAt);
      const decoded: DecodedCall = {
        ...base,
        server: probeServerLabel(report.server),
        tool: tool.name,
        findings: call.findings,
      };
      updates.push({
        uid: `probe-${session}-${index}`,
        seq: PROBE_SEQ_BASE + session * 100_000 + index,
        file: `${source} · ${call.mistake}`,
        call: decoded,
      });
    }
  }
  return { source, updates };
}

export interface FindingCount {
  check: string;
  /** How many of the tool's calls reported it. */
  calls: number;
  /** The first message seen for it. */
  message: string;
}

export interface ToolCard {
  name: string;
  grade: number | null;
  skipped: string | null;
  calls: number;
  /** The most damaging findings first (see FINDING_WEIGHT), then the most frequent. */
  worstFindings: FindingCount[];
  /** The call that did worst (preferring answers the handler gave): the mistake sent and what came back. */
  worstCall: { mistake: string; outcome: string; message: string | null; verdict: string | null } | null;
}

/** How much a finding hurts an agent, for ordering (unlisted findings weigh 1). */
export const FINDING_WEIGHT: Readonly<Record<string, number>> = {
  'silently-accepted': 6,
  'server-crashed': 6,
  timeout: 6,
  'leaked-environment': 5,
  'leaked-internals': 5,
  'missing-error-content': 4,
  'protocol-error-for-execution-failure': 4,
  'empty-result-as-error': 3,
  'contradictory-retryable': 3,
  'invalid-error-category': 3,
  'generic-error-message': 3,
  'missing-error-category': 2,
  'missing-is-retryable': 2,
  'envelope-hidden-from-model': 2,
  'unexpected-category': 2,
};

export function findingWeight(check: string): number {
  return FINDING_WEIGHT[check] ?? 1;
}

/** How badly one call went: the sum of its findings' weights. */
export function callBadness(call: ProbeCall): number {
  return call.findings.reduce((sum, finding) => sum + findingWeight(finding.check), 0);
}

/** The call with the heaviest findings among those `prefer` accepts (all when none), first on ties; null without calls. */
const PREFERRED = 1_000_000;

export function worstCall(tool: ProbeToolReport, prefer: (call: ProbeCall) => boolean = () => false): ProbeCall | null {
  let worst: ProbeCall | null = null;
  let worstScore = -1;
  for (const call of tool.calls) {
    const score = callBadness(call) + (prefer(call) ? PREFERRED : 0);
    if (score > worstScore) {
      worst = call;
      worstScore = score;
    }
  }
  return worst;
}

/** The engine's skip reason, with the command line's opt-in advice (`--allow NAME`) replaced by the editor's. */
export function editorSkipReason(reason: string): string {
  return reason.replace(/;\s*opt in with --allow \S+/, '; tick it in the opt-in list of "Probe Server" to call it');
}

export function toolCard(tool: ProbeToolReport, maxFindings = 3): ToolCard {
  const counts = new Map<string, FindingCount>();
  for (const call of tool.calls) {
    for (const check of new Set(call.findings.map((finding) => finding.check))) {
      const entry = counts.get(check);
      if (entry) entry.calls++;
      else
        counts.set(check, {
          check,
          calls: 1,
          message: call.findings.find((finding) => finding.check === check)?.message ?? '',
        });
    }
  }
  const worstFindings = [...counts.values()]
    .sort((a, b) => findingWeight(b.check) - findingWeight(a.check) || b.calls - a.calls)
    .slice(0, maxFindings);
  const worst = worstCall(tool, answeredByHandler);
  return {
    name: tool.name,
    grade: tool.grade,
    skipped: tool.skipped === null ? null : editorSkipReason(tool.skipped),
    calls: tool.calls.length,
    worstFindings,
    worstCall: worst && {
      mistake: worst.mistake,
      outcome: worst.outcome,
      message: worst.message,
      verdict: worst.verdict ?? null,
    },
  };
}

/** One card per tool: graded tools worst first, then skipped ones. */
export function toolCards(report: ProbeReport): ToolCard[] {
  const graded = report.tools.filter((tool) => tool.grade !== null).sort((a, b) => (a.grade ?? 0) - (b.grade ?? 0));
  const skipped = report.tools.filter((tool) => tool.grade === null);
  return [...graded, ...skipped].map((tool) => toolCard(tool));
}
