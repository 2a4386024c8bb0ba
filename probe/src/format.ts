/**
 * Output formats of `mcp-envelope probe`: json (exactly docs/probe.md's shape, nothing more), pretty (a report
 * card for people) and SARIF 2.1.0 (one result per finding, located at the tool by name).
 */
import { toProbeJson, type ProbeCall, type ProbeReport, type ProbeToolReport } from '../../shared/src/probeReport';
import { sarifLog } from '../../shared/src/sarif';
import { RUBRIC } from './rubric';

export type ProbeFormat = 'json' | 'pretty' | 'sarif';

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function gradeText(grade: number | null | undefined): string {
  return grade === null || grade === undefined ? '—' : `${grade}/100`;
}

function prettyCall(call: ProbeCall): string[] {
  const facts: string[] = [call.outcome];
  if (call.category !== null) facts.push(call.category);
  if (call.retryable !== null) facts.push(call.retryable ? 'retryable' : 'not retryable');
  const args = JSON.stringify(call.arguments);
  const lines = [`  ${call.mistake.padEnd(19)} ${facts.join(' · ')}  ${shorten(args, 70)}`];
  if (call.verdict !== undefined) lines.push(`      ${shorten(call.verdict, 160)}`);
  if (call.message !== null) lines.push(`      message: ${shorten(call.message, 160)}`);
  for (const finding of call.findings) lines.push(`      ! ${finding.check}: ${shorten(finding.message, 150)}`);
  return lines;
}

function prettyTool(tool: ProbeToolReport): string[] {
  if (tool.skipped !== null) return [`${tool.name}  skipped: ${tool.skipped}`];
  return [`${tool.name}  ${gradeText(tool.grade)}`, ...tool.calls.flatMap(prettyCall)];
}

/** A report card for people: the server's grade, then each tool with its calls, verdicts and findings. */
export function formatProbePretty(report: ProbeReport): string {
  const graded = report.tools.filter((tool) => tool.grade !== null).length;
  const skipped = report.tools.filter((tool) => tool.skipped !== null).length;
  const header = [
    `${report.server}  ${gradeText(report.grade)}  (seed ${report.seed}; ${graded} graded, ${skipped} skipped)`,
    'Could an agent recover from its own mistakes? Each wrong call is scored out of 100; see docs/probe.md.',
    '',
  ];
  return [...header, ...report.tools.flatMap((tool) => [...prettyTool(tool), ''])].join('\n').trimEnd();
}

/** Probe-only finding ids (the rest are the static checks' ids, found live by the decoder). */
const PROBE_RULES: Record<string, string> = {
  'silently-accepted': 'A wrong call was answered as a success.',
  'extra-property-ignored': 'An undeclared property was ignored without a word.',
  'unexpected-category': 'The errorCategory does not fit the mistake.',
  'leaked-environment': "The error text shows a value of the server's environment.",
  timeout: 'The server did not answer within the time limit.',
  'server-crashed': 'The server exited or closed the connection on a call.',
  'fixture-control-failed': "The fixture's own arguments did not succeed.",
};

export function formatProbeSarif(report: ProbeReport, version: string): string {
  const ruleIds = new Set<string>();
  const results = report.tools.flatMap((tool) =>
    tool.calls.flatMap((call) =>
      call.findings.map((finding) => {
        ruleIds.add(finding.check);
        return {
          ruleId: finding.check,
          level: finding.check === 'extra-property-ignored' ? 'note' : 'warning',
          message: { text: `${tool.name} (${call.mistake}): ${finding.message}` },
          locations: [{ logicalLocations: [{ name: tool.name, kind: 'function' }] }],
          properties: { mistake: call.mistake, arguments: call.arguments, outcome: call.outcome, grade: tool.grade },
        };
      }),
    ),
  );
  return sarifLog({
    driverName: 'mcp-envelope probe',
    version,
    rules: [...ruleIds].sort().map((id) => ({
      id,
      shortDescription: { text: PROBE_RULES[id] ?? `Found live by the envelope decoder (check ${id}).` },
    })),
    properties: {
      server: report.server,
      seed: report.seed,
      grade: report.grade ?? null,
      rubric: RUBRIC.map(({ criterion, points }) => ({ criterion, points })),
      tools: report.tools.map(({ name, grade, skipped }) => ({ name, grade, skipped })),
    },
    results,
  });
}

export function formatProbe(report: ProbeReport, format: ProbeFormat, version: string): string {
  if (format === 'json') return JSON.stringify(toProbeJson(report), null, 2);
  if (format === 'sarif') return formatProbeSarif(report, version);
  return formatProbePretty(report);
}
