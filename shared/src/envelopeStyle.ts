/**
 * The one source of truth for the shape of an error envelope that MCP Envelope writes:
 * quick fixes, fix-all, `check --fix` and the snippets all render through here.
 */
import { type CategoryCase, type ErrorCategory, spellCategory } from './taxonomy';

/**
 * - `recommended`: top-level fields for programs plus the same facts at the start of the text for the model.
 * - `top-level`: top-level fields only; the text is the message as written.
 * - `structured`: the fields in `structuredContent`, the facts in the text as in `recommended`.
 * - `meta`: the `_meta` key `io.modelcontextprotocol/toolFailure` (`class`, `retryable`, `retryNotBefore`) proposed for
 *   the MCP specification — an OPEN PROPOSAL, not part of the specification; the facts also in the text.
 */
export const ENVELOPE_STYLES = ['recommended', 'top-level', 'structured', 'meta'] as const;
export type EnvelopeStyle = (typeof ENVELOPE_STYLES)[number];

/** The proposed `_meta` key for tool failures (an open proposal for the MCP specification). */
export const TOOL_FAILURE_META_KEY = 'io.modelcontextprotocol/toolFailure';

/** The proposal's `class` spelling for each category (read back by the classifier's foreign shapes). */
export const TOOL_FAILURE_CLASS: Readonly<Record<ErrorCategory, string>> = {
  TRANSIENT: 'transient',
  VALIDATION: 'invalid_input',
  PERMISSION: 'permission_denied',
  BUSINESS: 'business_rule',
  NOT_FOUND: 'not_found',
  UNKNOWN: 'internal',
};

export interface EnvelopeSpec {
  category: ErrorCategory;
  retryable: boolean;
  /** TypeScript source of an expression producing the human-readable message. */
  messageSource: string;
  /** TypeScript source of a `retryAfterMs` expression, when known. */
  retryAfterMsSource?: string;
}

export interface RenderOptions {
  style: EnvelopeStyle;
  categoryCase: CategoryCase;
  /** Indentation of the line the envelope starts on. */
  indent: string;
  /** One indentation step (two spaces by default). */
  indentUnit?: string;
  quote?: "'" | '"';
}

/** The words put in front of the message so a model that sees only `content` knows the facts. */
export function factsPrefix(category: ErrorCategory, retryable: boolean, categoryCase: CategoryCase): string {
  return `[${spellCategory(category, categoryCase)}, ${retryable ? 'retryable' : 'not retryable'}]`;
}

function quoteString(value: string, quote: "'" | '"'): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  return quote + escaped.split(quote).join(`\\${quote}`) + quote;
}

/** Parses a simple string literal source (`'x'`, `"x"`, `` `x` `` without substitutions). */
export function stringLiteralValue(source: string): string | undefined {
  const trimmed = source.trim();
  const first = trimmed[0];
  if ((first === "'" || first === '"' || first === '`') && trimmed.endsWith(first) && trimmed.length >= 2) {
    const body = trimmed.slice(1, -1);
    if (first === '`' && body.includes('${')) return undefined;
    if (body.includes(first) && !body.includes(`\\${first}`)) return undefined;
    return body.replace(/\\(['"`\\])/g, '$1');
  }
  return undefined;
}

/** Source of the text shown to the model: the facts prefix joined to the message. */
export function renderTextSource(spec: EnvelopeSpec, options: RenderOptions): string {
  const quote = options.quote ?? "'";
  if (options.style === 'top-level') return spec.messageSource;
  const prefix = factsPrefix(spec.category, spec.retryable, options.categoryCase);
  const literal = stringLiteralValue(spec.messageSource);
  if (literal !== undefined) return quoteString(`${prefix} ${literal}`, quote);
  const trimmed = spec.messageSource.trim();
  if (trimmed.startsWith('`') && trimmed.endsWith('`')) return '`' + prefix + ' ' + trimmed.slice(1);
  return '`' + prefix + ' ${' + trimmed + '}`';
}

/** Renders the envelope's properties (without braces), one per line, at `indent + indentUnit`. */
export function renderEnvelopeProperties(spec: EnvelopeSpec, options: RenderOptions): string[] {
  const quote = options.quote ?? "'";
  const category = quoteString(spellCategory(spec.category, options.categoryCase), quote);
  const text = renderTextSource(spec, options);
  const lines: string[] = ['isError: true'];
  const facts = [`errorCategory: ${category}`, `isRetryable: ${spec.retryable}`];
  if (spec.retryAfterMsSource) facts.push(`retryAfterMs: ${spec.retryAfterMsSource}`);
  if (options.style === 'structured') {
    lines.push(`structuredContent: { ${facts.join(', ')} }`);
  } else if (options.style === 'meta') {
    const failure = [`class: ${quoteString(TOOL_FAILURE_CLASS[spec.category], quote)}`, `retryable: ${spec.retryable}`];
    if (spec.retryAfterMsSource) {
      failure.push(`retryNotBefore: new Date(Date.now() + (${spec.retryAfterMsSource})).toISOString()`);
    }
    lines.push(`_meta: { ${quoteString(TOOL_FAILURE_META_KEY, quote)}: { ${failure.join(', ')} } }`);
  } else {
    lines.push(...facts);
  }
  lines.push(`content: [{ type: ${quoteString('text', quote)}, text: ${text} }]`);
  return lines;
}

/** Renders a complete object literal for an error envelope, starting at the current column. */
export function renderEnvelope(spec: EnvelopeSpec, options: RenderOptions): string {
  const unit = options.indentUnit ?? '  ';
  const inner = options.indent + unit;
  const properties = renderEnvelopeProperties(spec, options).map((line) => `${inner}${line},`);
  return `{\n${properties.join('\n')}\n${options.indent}}`;
}
