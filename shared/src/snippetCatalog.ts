/**
 * The snippets MCP Envelope contributes, built from the same renderer as the quick fixes
 * (envelopeStyle.ts), so a snippet writes exactly the envelope shape a fix would write.
 *
 * `scripts/generate-snippets.mjs` turns this catalog into the static snippet files VS Code reads;
 * a unit test fails when the committed files differ from what this module generates.
 */
import { type EnvelopeSpec, renderEnvelope } from './envelopeStyle';
import type { CategoryCase, ErrorCategory } from './taxonomy';

export const SNIPPET_LANGUAGES = ['typescript', 'javascript'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

/** Where each language's generated snippet file lives, relative to the repository root. */
export const SNIPPET_FILES: Readonly<Record<SnippetLanguage, string>> = {
  typescript: 'snippets/typescript.code-snippets.json',
  javascript: 'snippets/javascript.code-snippets.json',
};

/** The style snippets write: the recommended one (top-level fields plus the facts in the text). */
const SNIPPET_RENDER = { style: 'recommended', categoryCase: 'upper', indentUnit: '\t', quote: "'" } as const;

export interface SnippetDefinition {
  /** Key in the snippet file: the name VS Code shows. */
  name: string;
  prefix: string;
  description: string;
  /** VS Code snippet syntax (tab stops, placeholders, choices, escapes). */
  body: string;
  /** The text inserted when every tab stop keeps its default (first choice, empty `$0`). */
  expanded: string;
  /** What the snippet inserts: a statement inside a handler, or a top-level declaration. */
  placement: 'statement' | 'top-level';
}

/**
 * Collects tab stops while a snippet's text is assembled. Each stop is a private-use marker in
 * the text, so the text can go through the envelope renderer untouched; `body` escapes the rest
 * and swaps markers for snippet syntax, `expanded` swaps them for their defaults.
 */
class TabStops {
  private readonly syntax = new Map<string, string>();
  private readonly defaults = new Map<string, string>();
  private readonly byIndex = new Map<number, string>();

  private marker(syntax: string, defaultText: string): string {
    const marker = `\uE000${this.syntax.size}\uE001`;
    this.syntax.set(marker, syntax);
    this.defaults.set(marker, defaultText);
    return marker;
  }

  /** `${n:default}`: a placeholder whose later uses (`mirror`) repeat what the user types. */
  field(index: number, defaultText: string): string {
    if (this.byIndex.has(index)) throw new Error(`tab stop ${index} is already defined`);
    this.byIndex.set(index, defaultText);
    return this.marker(`\${${index}:${escapePlaceholder(defaultText)}}`, defaultText);
  }

  /** `${n|a,b|}`: a value picked from a list; the first option is the default. */
  choice(index: number, options: readonly string[]): string {
    if (this.byIndex.has(index)) throw new Error(`tab stop ${index} is already defined`);
    if (options.length < 2) throw new Error('a choice needs at least two options');
    this.byIndex.set(index, options[0]);
    return this.marker(`\${${index}|${options.map(escapeChoice).join(',')}|}`, options[0]);
  }

  /** `$n`: repeats tab stop `n`. */
  mirror(index: number): string {
    const value = this.byIndex.get(index);
    if (value === undefined) throw new Error(`tab stop ${index} is mirrored before it is defined`);
    return this.marker(`$${index}`, value);
  }

  /** The number after the highest tab stop defined so far. */
  nextIndex(): number {
    return Math.max(0, ...this.byIndex.keys()) + 1;
  }

  /** `$0`: where the cursor ends. */
  final(): string {
    return this.marker('$0', '');
  }

  private substitute(text: string, plain: (segment: string) => string, stop: (marker: string) => string): string {
    return text
      .split(/(\uE000\d+\uE001)/)
      .map((segment, i) => (i % 2 === 1 ? stop(segment) : plain(segment)))
      .join('');
  }

  body(text: string): string {
    return this.substitute(text, escapeText, (marker) => this.syntax.get(marker) ?? marker);
  }

  expanded(text: string): string {
    return this.substitute(
      text,
      (segment) => segment,
      (marker) => this.defaults.get(marker) ?? marker,
    );
  }
}

/** Outside placeholders `$` and `\` are special in snippet syntax. */
function escapeText(text: string): string {
  return text.replace(/[\\$]/g, (c) => `\\${c}`);
}

function escapePlaceholder(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

function escapeChoice(text: string): string {
  return text.replace(/[\\,|]/g, (c) => `\\${c}`);
}

/** A single-quoted string literal source for a message; the snippet texts never need escapes. */
function messageLiteral(message: string): string {
  if (/['\\\n]/.test(message)) throw new Error(`snippet message needs escaping: ${message}`);
  return `'${message}'`;
}

function envelope(spec: EnvelopeSpec, indent: string, categoryCase: CategoryCase = 'upper'): string {
  return renderEnvelope(spec, { ...SNIPPET_RENDER, categoryCase, indent });
}

/**
 * Makes the category's spelling a choice (upper case first, as `mcpEnvelope.categoryCase` defaults
 * to): the renderer writes the envelope in both cases, and every place where the two differ by the
 * category's spelling (the `errorCategory` value, the facts in the text) becomes that choice or a
 * mirror of it, so the field and the text always agree.
 */
function withCategoryCaseChoice(stops: TabStops, category: ErrorCategory, upper: string, lower: string): string {
  const index = stops.nextIndex();
  const spelledLower = category.toLowerCase();
  let result = '';
  let last = 0;
  let position = upper.indexOf(category);
  while (position >= 0) {
    if (lower.slice(position, position + category.length) === spelledLower) {
      const stop = last === 0 ? stops.choice(index, [category, spelledLower]) : stops.mirror(index);
      result += upper.slice(last, position) + stop;
      last = position + category.length;
    }
    position = upper.indexOf(category, position + category.length);
  }
  if (last === 0) throw new Error(`the rendered ${category} envelope does not spell its category`);
  return result + upper.slice(last);
}

/** The properties of a valid empty result: not an error, and a text that says what was searched. */
function emptyResult(textSource: string, indent: string): string {
  const inner = indent + SNIPPET_RENDER.indentUnit;
  return `{\n${inner}isError: false,\n${inner}content: [{ type: 'text', text: ${textSource} }],\n${indent}}`;
}

interface EnvelopeSnippet {
  category: ErrorCategory;
  prefix: string;
  description: string;
  build(stops: TabStops): { retryable: boolean; message: string; retryAfterMs?: string };
}

const ENVELOPE_SNIPPETS: readonly EnvelopeSnippet[] = [
  {
    category: 'TRANSIENT',
    prefix: 'mcp-transient',
    description: 'Return a TRANSIENT tool error: temporary, retryable, with retryAfterMs.',
    build: (s) => {
      const retryAfterMs = s.field(3, '5000');
      const message =
        `${s.field(1, 'The inventory service')} ` +
        `${s.choice(2, ['timed out', 'is rate limited', 'is temporarily unavailable'])}; ` +
        `retry the same call after ${s.mirror(3)} ms.`;
      return { retryable: true, retryAfterMs, message };
    },
  },
  {
    category: 'VALIDATION',
    prefix: 'mcp-validation',
    description: 'Return a VALIDATION tool error that names the parameter and the rule it breaks.',
    build: (s) => ({
      retryable: false,
      message:
        `Invalid ${s.field(1, 'quantity')}: ${s.field(2, 'must be a whole number from 1 to 100')}. ` +
        'Change the input and call again.',
    }),
  },
  {
    category: 'PERMISSION',
    prefix: 'mcp-permission',
    description: 'Return a PERMISSION tool error that names what the caller is missing.',
    build: (s) => ({
      retryable: false,
      message:
        `${s.field(1, 'Refunding an order')} needs the ${s.field(2, 'orders:refund')} ` +
        `${s.choice(3, ['scope', 'role', 'permission'])}, which this caller does not have; ` +
        'ask an administrator to grant it.',
    }),
  },
  {
    category: 'BUSINESS',
    prefix: 'mcp-business',
    description: 'Return a BUSINESS tool error: a policy refusal explained in customer-friendly words.',
    build: (s) => ({
      retryable: false,
      message:
        `${s.field(1, 'Orders can be cancelled only within 24 hours of purchase')}. ` +
        `${s.field(2, 'You can still return the items once they arrive')}.`,
    }),
  },
  {
    category: 'NOT_FOUND',
    prefix: 'mcp-not-found',
    description: 'Return a NOT_FOUND tool error for a specific resource that does not exist.',
    build: (s) => ({
      retryable: false,
      message:
        `No ${s.field(1, 'order')} with id ${s.field(2, 'ORD-1234')} exists; ` +
        `${s.field(3, 'check the id or search for the order first')}.`,
    }),
  },
  {
    category: 'UNKNOWN',
    prefix: 'mcp-unknown',
    description: 'Return an UNKNOWN tool error: unclassifiable, for an operator to look at.',
    build: (s) => ({
      retryable: false,
      message:
        `${s.field(1, 'Exporting the report')} stopped for an unexpected reason; ` +
        `${s.field(2, 'report reference exp-1234 to an operator')}.`,
    }),
  },
];

function titleCase(category: ErrorCategory): string {
  return category
    .split('_')
    .map((word) => word[0] + word.slice(1).toLowerCase())
    .join(' ');
}

function envelopeSnippet(definition: EnvelopeSnippet): SnippetDefinition {
  const stops = new TabStops();
  const parts = definition.build(stops);
  const spec: EnvelopeSpec = {
    category: definition.category,
    retryable: parts.retryable,
    messageSource: messageLiteral(parts.message),
    retryAfterMsSource: parts.retryAfterMs,
  };
  const rendered = withCategoryCaseChoice(
    stops,
    definition.category,
    envelope(spec, '', 'upper'),
    envelope(spec, '', 'lower'),
  );
  const text = `return ${rendered};${stops.final()}`;
  return {
    name: `MCP tool error: ${titleCase(definition.category)}`,
    prefix: definition.prefix,
    description: definition.description,
    body: stops.body(text),
    expanded: stops.expanded(text),
    placement: 'statement',
  };
}

function emptyResultSnippet(): SnippetDefinition {
  const stops = new TabStops();
  const text =
    'return ' +
    emptyResult(
      messageLiteral(
        `No ${stops.field(1, 'orders')} ${stops.field(2, 'match the customer 8421')}; ` +
          `${stops.field(3, 'widen the date range to see older ones')}.`,
      ),
      '',
    ) +
    `;${stops.final()}`;
  return {
    name: 'MCP valid empty result',
    prefix: 'mcp-empty',
    description: 'Return a valid empty answer (isError: false) that says what was searched, not an error.',
    body: stops.body(text),
    expanded: stops.expanded(text),
    placement: 'statement',
  };
}

/** Source lines joined with newlines. */
function lines(...parts: readonly string[]): string {
  return parts.join('\n');
}

function classifyErrorText(language: SnippetLanguage, stops: TabStops): string {
  const i1 = '\t';
  const i2 = '\t\t';
  const outer = (category: ErrorCategory, retryable: boolean, messageSource: string) =>
    envelope({ category, retryable, messageSource }, i1);
  const nested = (category: ErrorCategory, retryable: boolean, messageSource: string) =>
    envelope({ category, retryable, messageSource }, i2);
  const resultType = "import('@modelcontextprotocol/sdk/types.js').CallToolResult";
  const detailsType = '{ code?: unknown; status?: unknown; statusCode?: unknown; response?: { status?: unknown } }';
  const summary = 'Maps a failure to an error envelope an agent can act on: category, retryability, a readable text.';
  const signature =
    language === 'typescript'
      ? [`/** ${summary} */`, `function classifyError(error: unknown, operation: string): ${resultType} {`]
      : [
          '/**',
          ` * ${summary}`,
          ' * @param {unknown} error',
          ' * @param {string} operation',
          ` * @returns {${resultType}}`,
          ' */',
          'function classifyError(error, operation) {',
        ];
  const details =
    language === 'typescript'
      ? `${i1}const details: ${detailsType} = typeof error === 'object' && error !== null ? error : {};`
      : `${i1}/** @type {${detailsType}} */\n${i1}const details = typeof error === 'object' && error !== null ? error : {};`;
  return lines(
    ...signature,
    details,
    `${i1}const message = error instanceof Error ? error.message : 'unexpected failure';`,
    `${i1}const name = error instanceof Error ? error.name : '';`,
    `${i1}const code = typeof details.code === 'string' ? details.code : '';`,
    `${i1}const status = Number(details.status ?? details.statusCode ?? details.response?.status);`,
    `${i1}if (error instanceof z.ZodError) {`,
    `${i2}const issue = error.issues[0];`,
    `${i2}const parameter = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';`,
    `${i2}const rule = issue ? issue.message : 'is not valid';`,
    `${i2}return ${nested('VALIDATION', false, '`${operation}: invalid ${parameter}: ${rule}`')};`,
    `${i1}}`,
    `${i1}const timedOut = name === 'TimeoutError' || name === 'AbortError' || code === 'ETIMEDOUT';`,
    `${i1}const unreachable = code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EAI_AGAIN';`,
    `${i1}if (timedOut || unreachable || status === 408 || status === 429 || status >= 500) {`,
    `${i2}return ${envelope(
      {
        category: 'TRANSIENT',
        retryable: true,
        messageSource: '`${operation} is temporarily unavailable (${message})`',
        retryAfterMsSource: stops.field(1, '2000'),
      },
      i2,
    )};`,
    `${i1}}`,
    `${i1}if (status === 401 || status === 403 || code === 'EACCES' || code === 'EPERM') {`,
    `${i2}return ${nested('PERMISSION', false, '`${operation} is not allowed for this caller: ${message}`')};`,
    `${i1}}`,
    `${i1}if (status === 404 || code === 'ENOENT') {`,
    `${i2}return ${nested('NOT_FOUND', false, '`${operation}: the requested resource does not exist (${message})`')};`,
    `${i1}}`,
    `${i1}if (status === 409) {`,
    `${i2}return ${nested('BUSINESS', false, '`${operation} conflicts with the current state: ${message}`')};`,
    `${i1}}`,
    `${i1}if (status === 400 || status === 422) {`,
    `${i2}return ${nested('VALIDATION', false, '`${operation}: the input was rejected: ${message}`')};`,
    `${i1}}`,
    `${i1}return ${outer('UNKNOWN', false, '`${operation} failed unexpectedly: ${message}`')};`,
    '}',
  );
}

function classifyErrorSnippet(language: SnippetLanguage): SnippetDefinition {
  const stops = new TabStops();
  const text = classifyErrorText(language, stops) + stops.final();
  return {
    name: 'MCP classifyError helper',
    prefix: 'mcp-classify-error',
    description:
      'A classifyError(error, operation) helper that maps timeouts, HTTP statuses, zod errors and permission errors to envelopes.',
    body: stops.body(text),
    expanded: stops.expanded(text),
    placement: 'top-level',
  };
}

function registerToolSnippet(): SnippetDefinition {
  const s = new TabStops();
  const name = s.field(1, 'search_orders');
  const title = s.field(2, 'Search orders');
  const description = s.field(3, 'Finds orders whose customer name or order id contains the query.');
  const parameter = s.field(4, 'query');
  const parameterDescription = s.field(5, 'Part of a customer name or an order id');
  const results = s.field(6, 'orders');
  const search = s.field(7, 'searchOrders');
  const what = s.mirror(6);
  const argument = s.mirror(4);
  const emptyText = '`No ' + what + ' match "${' + argument + '}"; try a shorter or different ' + argument + '.`';
  const text = lines(
    'server.registerTool(',
    `\t'${name}',`,
    '\t{',
    `\t\ttitle: '${title}',`,
    `\t\tdescription: '${description}',`,
    `\t\tinputSchema: { ${parameter}: z.string().min(1).describe('${parameterDescription}') },`,
    '\t},',
    `\tasync ({ ${argument} }) => {`,
    '\t\ttry {',
    `\t\t\tconst ${results} = await ${search}(${argument});`,
    `\t\t\tif (${what}.length === 0) {`,
    `\t\t\t\treturn ${emptyResult(emptyText, '\t\t\t\t')};`,
    '\t\t\t}',
    `\t\t\treturn { content: [{ type: 'text', text: JSON.stringify(${what}) }] };`,
    '\t\t} catch (error) {',
    `\t\t\treturn classifyError(error, '${s.field(8, 'Searching orders')}');`,
    '\t\t}',
    '\t},',
    `);${s.final()}`,
  );
  return {
    name: 'MCP registerTool skeleton',
    prefix: 'mcp-register-tool',
    description:
      'server.registerTool with a zod input schema, try/catch, structured errors via classifyError, and a valid empty result.',
    body: s.body(text),
    expanded: s.expanded(text),
    placement: 'top-level',
  };
}

/** Every snippet for a language, in the order the snippet file lists them. */
export function snippetCatalog(language: SnippetLanguage): SnippetDefinition[] {
  return [
    ...ENVELOPE_SNIPPETS.map(envelopeSnippet),
    emptyResultSnippet(),
    registerToolSnippet(),
    classifyErrorSnippet(language),
  ];
}

export interface SnippetFileEntry {
  prefix: string;
  description: string;
  body: string[];
}

/** The JSON text of a language's snippet file, exactly as committed. */
export function snippetFileText(language: SnippetLanguage): string {
  const entries: Record<string, SnippetFileEntry> = {};
  for (const snippet of snippetCatalog(language)) {
    entries[snippet.name] = {
      prefix: snippet.prefix,
      description: snippet.description,
      body: snippet.body.split('\n'),
    };
  }
  return JSON.stringify(entries, null, 2) + '\n';
}
