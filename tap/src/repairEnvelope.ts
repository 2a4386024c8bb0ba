/**
 * The envelopes `tap --repair` writes, one per style, from the classifier's reading of a raw failure. Every style
 * puts the facts at the start of the text too (`[NOT_FOUND, not retryable] read_file failed: …`), so a host that
 * shows the model only `content` still passes them on. Pure: no Node modules.
 */
import type { Classification } from '../../shared/src/classifier';
import { TOOL_FAILURE_CLASS, TOOL_FAILURE_META_KEY } from '../../shared/src/envelopeStyle';

/**
 * - `top-level`: `errorCategory`, `isRetryable` (and `retryAfterMs`) beside `isError` (MCP Envelope's recommended);
 * - `structured`: the same fields in `structuredContent` (top-level instead for a tool that declared an
 *   `outputSchema`: error structuredContent would not match it);
 * - `json-text`: the fields as a JSON object in the text block;
 * - `meta`: the `_meta` key `io.modelcontextprotocol/toolFailure` (an open proposal for the MCP specification);
 * - `ok-code`: the seed documents' `{ ok: false, code, message, retryable }` as JSON text.
 */
export const REPAIR_STYLES = ['top-level', 'structured', 'json-text', 'meta', 'ok-code'] as const;
export type RepairStyle = (typeof REPAIR_STYLES)[number];

export interface RepairInput {
  classification: Classification;
  style: RepairStyle;
  /** The tool declared an `outputSchema` in its `tools/list` answer. */
  hasOutputSchema: boolean;
  /** The `_meta` of the original result, kept as it was. */
  meta?: Record<string, unknown>;
  now: number;
}

/** The text the model reads: the facts, then the classifier's message. */
export function repairedText(classification: Classification): string {
  const facts = `[${classification.category}, ${classification.isRetryable ? 'retryable' : 'not retryable'}]`;
  return `${facts} ${classification.message}`;
}

function fields(classification: Classification): Record<string, unknown> {
  return {
    errorCategory: classification.category,
    isRetryable: classification.isRetryable,
    ...(classification.retryAfterMs !== undefined && { retryAfterMs: classification.retryAfterMs }),
  };
}

/** The code the evidence names (`errno ENOENT` → `ENOENT`, `HTTP 404` → `HTTP_404`), if it is short. */
function codeFromEvidence(evidence: readonly string[]): string | undefined {
  const first = evidence[0];
  if (first === undefined) return undefined;
  const errno = /^errno (E[A-Z]+)$/.exec(first);
  if (errno) return errno[1];
  const http = /^HTTP (\d{3})$/.exec(first);
  return http ? `HTTP_${http[1]}` : undefined;
}

/** A complete `CallToolResult` with `isError: true` in the chosen style. */
export function repairedResult(input: RepairInput): Record<string, unknown> {
  const { classification, now } = input;
  const text = repairedText(classification);
  const meta = input.meta ? { _meta: input.meta } : {};
  const style = input.style === 'structured' && input.hasOutputSchema ? 'top-level' : input.style;
  switch (style) {
    case 'structured':
      return { content: [{ type: 'text', text }], structuredContent: fields(classification), isError: true, ...meta };
    case 'json-text':
      return {
        content: [{ type: 'text', text: JSON.stringify({ ...fields(classification), message: text }) }],
        isError: true,
        ...meta,
      };
    case 'ok-code':
      return {
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              ok: false,
              code: classification.category,
              message: text,
              retryable: classification.isRetryable,
            }),
          },
        ],
        isError: true,
        ...meta,
      };
    case 'meta': {
      const code = codeFromEvidence(classification.evidence);
      const failure = {
        class: TOOL_FAILURE_CLASS[classification.category],
        ...(code !== undefined && { code }),
        retryable: classification.isRetryable,
        ...(classification.retryAfterMs !== undefined && {
          retryNotBefore: new Date(now + classification.retryAfterMs).toISOString(),
        }),
      };
      return {
        content: [{ type: 'text', text }],
        isError: true,
        _meta: { ...input.meta, [TOOL_FAILURE_META_KEY]: failure },
      };
    }
    default:
      return { content: [{ type: 'text', text }], isError: true, ...fields(classification), ...meta };
  }
}
