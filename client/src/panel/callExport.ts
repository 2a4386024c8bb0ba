/**
 * What "Export…" writes: the visible calls as JSON Lines, either decoded (one `calls --format json` object per
 * line, plus the raw request and response) or as a trace (`*.mcptrace.jsonl`, which the panel and
 * `mcp-envelope calls` can open again). Also where a finding's documentation lives. Pure.
 */
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { toCallsJson } from '../../../shared/src/decoder';
import { formatTraceLine, HOST_TO_SERVER, SERVER_TO_HOST, type TraceEntry } from '../../../shared/src/trace';
import { TRACE_FILE_SUFFIX } from '../../../shared/src/traceLocation';
import { DOCS_BASE, docsUrl } from '../../../shared/src/docsUrl';

/** Finding ids that only the live view reports; they are documented in docs/panel.md. */
export const LIVE_ONLY_CHECKS: ReadonlySet<string> = new Set(['retry-storm']);

/** Finding ids that only the probe reports (its rubric's, and its diagnostics' fallback); see docs/probe.md. */
export const PROBE_ONLY_CHECKS: ReadonlySet<string> = new Set([
  'silently-accepted',
  'extra-property-ignored',
  'unexpected-category',
  'leaked-environment',
  'timeout',
  'server-crashed',
  'fixture-control-failed',
  'probe-low-grade',
]);

export function findingDocsUrl(check: string): string {
  if (PROBE_ONLY_CHECKS.has(check)) return `${DOCS_BASE.replace(/checks\/$/, '')}probe.md#grading-rubric`;
  return LIVE_ONLY_CHECKS.has(check) ? `${DOCS_BASE.replace(/checks\/$/, '')}panel.md#${check}` : docsUrl(check);
}

/** Whether a chosen export path asks for the trace format. */
export function wantsTraceFormat(fileName: string): boolean {
  return fileName.toLowerCase().endsWith(TRACE_FILE_SUFFIX);
}

/** One decoded call per line, in the `calls --format json` shape with `request` and `response` added. */
export function decodedCallsJsonl(calls: readonly DecodedCall[]): string {
  return calls
    .map(
      (call) =>
        `${JSON.stringify({ ...toCallsJson(call), request: call.request ?? null, response: call.response ?? null })}\n`,
    )
    .join('');
}

function shiftedTime(iso: string, ms: number | null): string {
  const start = Date.parse(iso);
  return Number.isNaN(start) || ms === null ? iso : new Date(start + ms).toISOString();
}

/** The trace lines that reproduce the calls: each request, then its response or cancellation, in time order. */
export function callsAsTrace(calls: readonly DecodedCall[]): string {
  const entries: TraceEntry[] = [];
  for (const call of calls) {
    if (call.request === undefined) continue;
    // The run and the session keep calls that reuse an id apart when the exported trace is read again.
    const where = {
      server: call.server,
      ...(call.run !== undefined && { run: call.run }),
      ...(call.session !== undefined && { session: call.session }),
    };
    entries.push({ ts: call.startedAt, dir: HOST_TO_SERVER, ...where, msg: call.request });
    const endedAt = shiftedTime(call.startedAt, call.durationMs);
    if (call.outcome === 'cancelled') {
      const params = { requestId: call.id, ...(call.message !== null && { reason: call.message }) };
      entries.push({
        ts: endedAt,
        dir: HOST_TO_SERVER,
        ...where,
        msg: { jsonrpc: '2.0', method: 'notifications/cancelled', params },
      });
    } else if (call.repaired && call.reading) {
      // A repaired answer goes back as the tap wrote it: what the host received, the server's original beside it.
      const { category, retryable, retryAfterMs, evidence } = call.reading;
      entries.push({
        ts: endedAt,
        dir: SERVER_TO_HOST,
        ...where,
        msg: call.repaired.sent,
        repair: {
          style: call.repaired.style,
          category,
          isRetryable: retryable,
          ...(retryAfterMs !== undefined && { retryAfterMs }),
          evidence,
          original: call.response,
        },
      });
    } else if (call.response !== undefined) {
      entries.push({ ts: endedAt, dir: SERVER_TO_HOST, ...where, msg: call.response });
    }
  }
  const stable = entries.map((entry, index) => ({ entry, index }));
  stable.sort((a, b) => Date.parse(a.entry.ts) - Date.parse(b.entry.ts) || a.index - b.index);
  return stable.map(({ entry }) => formatTraceLine(entry)).join('');
}
