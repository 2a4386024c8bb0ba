/**
 * What the words of a failure say: codes written into the text (`ENOENT: …`, `MCP error -32602: …`,
 * `Request failed with status code 503`), issue lists printed as JSON, retry hints, and wording rules.
 */
import type { ErrorCategory } from '../taxonomy';
import type { ClassifierRule } from './rules';

function wording(
  match: RegExp,
  category: ErrorCategory,
  retryable: boolean,
  reason: string,
  label?: string,
): ClassifierRule {
  return { source: 'wording', match, category, retryable, reason, ...(label ? { label } : {}) };
}

/** Phrases so specific that they outrank codes: the MCP SDK's own messages. */
export const SPECIFIC_TEXT_RULES: readonly ClassifierRule[] = [
  wording(/\bTool \S+ not found\b/i, 'NOT_FOUND', false, 'the tool does not exist', 'MCP SDK: unknown tool'),
  wording(/\bTool \S+ disabled\b/i, 'BUSINESS', false, 'the tool is disabled', 'MCP SDK: tool disabled'),
  wording(
    /\bOutput validation error\b/i,
    'UNKNOWN',
    false,
    "the tool's result breaks its own output schema",
    'MCP SDK: Output validation error',
  ),
  wording(
    /\bInput validation error\b/i,
    'VALIDATION',
    false,
    "the arguments do not match the tool's input schema",
    'MCP SDK: Input validation error',
  ),
];

const LACKS = String.raw`\b[^.\n]{0,40}?\b(?:is|are) (?:required|missing|not (?:set|configured|provided))\b`;

/** Credentials the server itself lacks: "API key is required", "Authenticated request props are required". */
const MISSING_CREDENTIALS = new RegExp(
  String.raw`\b(?:api[ _-]?keys?|(?<!(?:page|next|continuation|cursor|pagination)[ _-]?)tokens?|credentials?|secrets?|auth(?:entic\w*|ori[sz]\w*)?)` +
    LACKS +
    String.raw`|\b(?:missing|no) (?:api[ _-]?key|credentials|auth(?:entication|orization)? (?:token|header))\b`,
  'i',
);

/** A credential named as an environment variable: "GITHUB_TOKEN is not set" (case-sensitive: the name is in capitals). */
const MISSING_CREDENTIAL_VARIABLE = new RegExp(
  String.raw`\b[A-Z][A-Z\d]*_(?:[A-Z\d]+_)*(?:TOKEN|KEY|SECRET|PASSWORD)` + LACKS,
);

/** Settings the server itself lacks: "environment variable BASE_URL is missing", "Webhook not configured". */
const MISSING_CONFIGURATION = new RegExp(
  String.raw`\b(?:env(?:ironment)?(?: var(?:iable)?)?s?|configuration|config|settings?)` +
    LACKS +
    String.raw`|\bnot configured\b|\bmissing (?:env(?:ironment)? var\w*|configuration)\b`,
  'i',
);

/** A setting named as an environment variable: "BASE_URL is required". */
const MISSING_VARIABLE = new RegExp(String.raw`\b[A-Z][A-Z\d]*_[A-Z\d_]+` + LACKS);

/** Wording rules, tried in this order after all structured evidence. */
export const WORDING_RULES: readonly ClassifierRule[] = [
  wording(/rate.?limit|too many requests|throttl/i, 'TRANSIENT', true, 'the rate limit was exceeded'),
  wording(/timed? ?out|timeout|deadline exceeded/i, 'TRANSIENT', true, 'the operation timed out'),
  wording(
    /temporar|unavailable|try again|overloaded|unreachable|fetch failed|socket hang up|network error|connection (?:reset|refused|closed|terminated|lost)/i,
    'TRANSIENT',
    true,
    'the upstream service is temporarily unavailable',
  ),
  // A missing server-side credential or setting is not the agent's mistake (not VALIDATION): credentials the
  // server lacks read as PERMISSION, a setting it lacks as UNKNOWN (the server is misconfigured). Neither retries.
  wording(MISSING_CREDENTIALS, 'PERMISSION', false, 'the server has no credentials for this service'),
  wording(MISSING_CREDENTIAL_VARIABLE, 'PERMISSION', false, 'the server has no credentials for this service'),
  wording(MISSING_CONFIGURATION, 'UNKNOWN', false, 'the server is not configured for this'),
  wording(MISSING_VARIABLE, 'UNKNOWN', false, 'the server is not configured for this'),
  wording(
    /access denied|permission denied|not permitted|forbidden|unauthori[sz]ed|not authori[sz]ed|not allowed|outside (?:the )?allowed|invalid (?:api[ _-]?key|token|credentials)|authentication (?:failed|required)|insufficient (?:permissions?|scopes?|privileges?)/i,
    'PERMISSION',
    false,
    'access was denied',
  ),
  wording(
    /not found|does not exist|doesn't exist|no such|could(?: not|n't) (?:find|be found)|can(?:not|'t) (?:find|be found)|unknown (?:id|record|order|user|customer|file|resource|tool)\b/i,
    'NOT_FOUND',
    false,
    'the resource was not found',
  ),
  wording(
    /already exists|insufficient (?:funds|balance|credit|stock|inventory)|limit exceeded|quota|\bexceeds\b|conflict|not eligible|\bpolicy\b|already (?:refunded|cancell?ed|closed|paid|shipped)|out of stock/i,
    'BUSINESS',
    false,
    'a business rule refused the request',
  ),
  wording(
    /cannot specify both|simultaneously|mutually exclusive|\bmust (?:be|not|have|contain|match)\b|\b(?:is|are) required\b|\brequired (?:field|parameter|argument)|\bmissing (?:required )?(?:field|parameter|argument)|\binvalid\b|\bexpected\b|malformed|bad request|not a valid|\bshould be\b/i,
    'VALIDATION',
    false,
    'the input is invalid',
  ),
  {
    ...wording(/internal (?:server )?error/i, 'UNKNOWN', false, 'the server failed with an internal error'),
    weak: true,
  },
];

/** The first rule whose pattern the text matches, with the matched words. */
export function matchWording(
  rules: readonly ClassifierRule[],
  text: string,
): { rule: ClassifierRule; words: string } | undefined {
  for (const rule of rules) {
    const match = rule.match instanceof RegExp ? rule.match.exec(text) : null;
    if (match) return { rule, words: match[0].toLowerCase() };
  }
  return undefined;
}

/** Codes written into a message, as the classifier reads structured fields. */
export interface TextCodes {
  jsonRpc?: number;
  status?: number;
  /** Tokens that may be errno, library codes or error names (`ENOENT`, `UND_ERR_SOCKET`, `ZodError`). */
  tokens: string[];
}

const STATUS_PATTERNS = [
  /\bstatus(?: code)?[:=]?\s*([1-5]\d\d)\b/i,
  /\bHTTP(?:\/[\d.]+)?[\s:]+([1-5]\d\d)\b/i,
  /^(?:\w*Error:\s*)?([45]\d\d)\b[\s:-]+[A-Z]/,
];

/** Codes, statuses and error names written in the text. */
export function codesInText(text: string): TextCodes {
  const head = text.slice(0, 2000);
  const jsonRpc = /\bMCP error (-3\d{4})\b/i.exec(head);
  let status: number | undefined;
  for (const pattern of STATUS_PATTERNS) {
    const match = pattern.exec(head);
    if (match) {
      status = Number(match[1]);
      break;
    }
  }
  const tokens = (head.match(/[$A-Za-z][\w$]{2,}/g) ?? []).slice(0, 80);
  return { ...(jsonRpc ? { jsonRpc: Number(jsonRpc[1]) } : {}), ...(status ? { status } : {}), tokens };
}

/** A retry hint in the words: "Please try again in 20s", "retry after 1.5 seconds", "Retry-After: 30". */
export function retryAfterInText(text: string): number | undefined {
  const header = /\bRetry-After:\s*(\d{1,6})\b/i.exec(text);
  if (header) return Number(header[1]) * 1000;
  const match =
    /\b(?:retry|try again)(?: the request)? (?:in|after) (\d{1,6}(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)\b/i.exec(
      text,
    );
  if (!match) return undefined;
  const unit = match[2].toLowerCase();
  const factor = unit.startsWith('ms') || unit.startsWith('milli') ? 1 : unit.startsWith('m') ? 60_000 : 1000;
  return Math.round(Number(match[1]) * factor);
}
