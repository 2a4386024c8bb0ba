/** What the text of a result says, as far as recovery is concerned: generic, leaking, empty, classified. */
import type { ErrorCategory } from '../taxonomy';

const GENERIC_MESSAGES = new Set([
  'operation failed',
  'error',
  'an error occurred',
  'an error has occurred',
  'error occurred',
  'something went wrong',
  'internal error',
  'internal server error',
  'unknown error',
  'an unknown error occurred',
  'unexpected error',
  'an unexpected error occurred',
  'failed',
  'failure',
  'request failed',
  'tool failed',
  'tool execution failed',
]);

/** Strips the SDK's `MCP error -32603: ` prefix and an `Error: ` prefix, lower-cases, drops end punctuation. */
function normalise(text: string): string {
  return text
    .trim()
    .replace(/^mcp error -?\d+:\s*/i, '')
    .replace(/^error:\s*/i, '')
    .replace(/[.!。]+$/, '')
    .trim()
    .toLowerCase();
}

/** Text that says nothing actionable ("Operation failed", "Error", …). */
export function isGenericMessage(text: string): boolean {
  if (text.length > 60) return false;
  const normalised = normalise(text);
  return normalised === '' ? text.trim() !== '' : GENERIC_MESSAGES.has(normalised);
}

const STACK_FRAME = /^\s*at .+(?:\(.+:\d+:\d+\)|:\d+:\d+)\s*$/m;
const SOURCE_PATH_WITH_LINE = /(?:[A-Za-z]:\\|\/)[^\s"'()]*\.(?:[cm]?[jt]sx?|py|go|rb|java|rs|php|cs):\d+/;
const DEPENDENCY_PATH = /\/node_modules\/|\\node_modules\\|site-packages[\\/]/;
const PYTHON_TRACEBACK = /Traceback \(most recent call last\)|File "[^"]+", line \d+/;

/** A stack trace or a source-file path (with a line number) in text meant for the model. */
export function leakedInternals(text: string): string | undefined {
  if (STACK_FRAME.test(text) || PYTHON_TRACEBACK.test(text)) return 'a stack trace';
  const path = SOURCE_PATH_WITH_LINE.exec(text);
  if (path) return `the source path ${path[0]}`;
  if (DEPENDENCY_PATH.test(text)) return 'a dependency path';
  return undefined;
}

const NO_RESULTS = [
  /\bno (?:results?|matches|matching [\w-]+|items?|records?|entries|rows|data|hits)\b/i,
  /\bno (?:[\w#-]+ ){1,3}?(?:found|matched|match(?:es|ed)?)\b/i,
  /(?:^|[^\w.,])(?:0|zero) (?:[\w-]+ ){0,2}?(?:results?|matches|match|items?|records?|rows|hits|found)\b/i,
  /\bnothing (?:found|matched|to (?:show|return))\b/i,
  /\b(?:empty (?:result|list|set|response)|returned no)\b/i,
  /見つかりませんでした|見つかりません|該当するものはありません|該当なし|(?:^|[^\d])0\s?件/,
];

/** Text that says the answer is empty ("No matches found.", "0 orders match", "見つかりませんでした"). */
export function saysNoResults(text: string): boolean {
  if (text.length > 400) return false;
  return NO_RESULTS.some((pattern) => pattern.test(text));
}

const RETRY_WORDS = /retr(?:y|ies|ied|yable|iable)|temporar|permanent|try again|再試行|リトライ/i;

/** Whether the text tells the model the category or the retryability (so fields elsewhere are not hidden). */
export function mentionsFacts(text: string, category: ErrorCategory | null): boolean {
  if (RETRY_WORDS.test(text)) return true;
  if (category === null) return false;
  const lower = text.toLowerCase();
  if (lower.includes(category.toLowerCase())) return true;
  return category === 'NOT_FOUND' && lower.includes('not found');
}

const TEXT_HINTS: readonly [RegExp, ErrorCategory][] = [
  [/MCP error -32602|Input validation error|\binvalid (?:argument|input|parameter)s?\b/i, 'VALIDATION'],
  [/\b(?:access denied|permission denied|forbidden|unauthori[sz]ed|EACCES|EPERM)\b|\b40[13]\b/i, 'PERMISSION'],
  [
    /\b(?:timed? ?out|ETIMEDOUT|ECONNREFUSED|ECONNRESET|EAI_AGAIN|fetch failed|rate limit|temporarily unavailable|try again later)\b|\b(?:429|502|503|504)\b/i,
    'TRANSIENT',
  ],
  [/\b(?:ENOENT|no such file|not found|does not exist)\b|\b404\b/i, 'NOT_FOUND'],
];

/**
 * The category plain text reads as, when the server gave none (the SDK's `MCP error -32602`, "Access denied",
 * ENOENT, …). Used only to word the next action; the decoded category stays null.
 */
export function categoryHintFromText(text: string): ErrorCategory | undefined {
  if (text.length > 2000) return undefined;
  for (const [pattern, category] of TEXT_HINTS) if (pattern.test(text)) return category;
  return undefined;
}

const UNKNOWN_TOOL =
  /\btool\s+["'`]?[^\s"'`]+["'`]?\s+(?:not found|does not exist|is not registered)\b|\bunknown tool\b|\bno such tool\b/i;

/** Text saying the called tool does not exist ("Tool get_ordr not found", "Unknown tool: x"). */
export function saysUnknownTool(text: string): boolean {
  return text.length <= 400 && UNKNOWN_TOOL.test(text);
}

/** The MCP TypeScript SDK's own rejections, written before any handler ran (v1.x and v2). */
const SDK_REJECTION_PREFIX = /^\s*MCP error -32602:\s*/;
const SDK_INPUT_VALIDATION = /^\s*Input validation error:/;

/**
 * The message of an SDK rejection without the SDK's `MCP error -32602: ` prefix, or undefined when the text
 * is not one. v1.x returns invalid arguments and unknown tools as isError text with that prefix; v2
 * (`@modelcontextprotocol/server`) returns invalid arguments as isError text "Input validation error: …".
 */
export function sdkRejectionMessage(text: string): string | undefined {
  if (SDK_REJECTION_PREFIX.test(text)) return text.replace(SDK_REJECTION_PREFIX, '').trim();
  return SDK_INPUT_VALIDATION.test(text) ? text.trim() : undefined;
}

const FAILURE_OPENING = /^\s*(?:error|mcp error -?\d+|fatal|exception)\s*[:\-–]/i;

/** Short text that reads as a failure report ("Error: Operation failed", "Internal error"), not as data. */
export function readsAsFailure(text: string): boolean {
  if (text.length > 300) return false;
  return FAILURE_OPENING.test(text) || isGenericMessage(text);
}
