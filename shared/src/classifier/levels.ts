/**
 * The evidence levels, in order of trust. Each reads one node of the failure's chain and returns the
 * rules it matched, with a short evidence phrase ('HTTP 429', 'errno ENOENT', 'ZodError', '"not found"').
 */
import { canonicalCategory, nearestCategory, defaultRetryable, NEVER_RETRYABLE, type ErrorCategory } from '../taxonomy';
import { readForeignFailure } from './foreignShapes';
import {
  AWS_FAULT_RULES,
  NAME_PATTERN_RULES,
  PRISMA_RULES,
  RATE_LIMIT_RULES,
  SERVICE_NAME_RULES,
  SQLSTATE_RULES,
} from './libraryRules';
import {
  CODE_RULES,
  ENOTFOUND_REQUESTED_HOST,
  ERRNO_RULES,
  GRPC_RULES,
  HTTP_OTHER,
  HTTP_RULES,
  indexRules,
  JSON_RPC_RULES,
  NAME_RULES,
  type ClassifierRule,
} from './rules';
import type { NodeFacts } from './walk';
import { get } from './walk';
import { cleanText } from './message';
import { codesInText, matchWording, SPECIFIC_TEXT_RULES, WORDING_RULES } from './wording';

export interface Hit {
  rule: ClassifierRule;
  evidence: string;
  node: NodeFacts;
  /** Retryability stated by a declared envelope (overrides the rule's). */
  retryable?: boolean;
  retryAfterMs?: number;
}

export interface LevelContext {
  requestValues: readonly string[];
  now: number;
}

export type Level = (node: NodeFacts, context: LevelContext) => Hit[];

const ERRNO = indexRules(ERRNO_RULES);
const CODES = indexRules(CODE_RULES);
const NAMES = indexRules([...NAME_RULES, ...SERVICE_NAME_RULES]);
const SQLSTATE = indexRules(SQLSTATE_RULES);
const PRISMA = indexRules(PRISMA_RULES);
const HTTP = indexRules(HTTP_RULES);
const GRPC = indexRules(GRPC_RULES);
const JSON_RPC = indexRules(JSON_RPC_RULES);
const [FAULT_SERVER, AWS_RETRYABLE] = AWS_FAULT_RULES;
const [RATE_REMAINING, RETRY_AFTER] = RATE_LIMIT_RULES;

const hit = (rule: ClassifierRule | undefined, evidence: string, node: NodeFacts): Hit[] =>
  rule ? [{ rule, evidence, node }] : [];

/** ENOTFOUND for a host that the request itself named reads as NOT_FOUND. */
function requestedHost(node: NodeFacts, requestValues: readonly string[]): boolean {
  const host = node.hostname ?? /\bENOTFOUND ([\w.-]+)/.exec(node.message ?? '')?.[1];
  return host !== undefined && requestValues.some((value) => value === host || value.includes(`//${host}`));
}

/** A code string: errno, library code, Prisma code, SQLSTATE, or an AWS SDK v2 code name. */
function codeRules(code: string, node: NodeFacts, context: LevelContext): Hit[] {
  const errno = ERRNO.get(code);
  if (errno) {
    const rule = code === 'ENOTFOUND' && requestedHost(node, context.requestValues) ? ENOTFOUND_REQUESTED_HOST : errno;
    return hit(rule, `errno ${code}`, node);
  }
  if (CODES.has(code)) return hit(CODES.get(code), `code ${code}`, node);
  if (/^P\d{4}$/.test(code)) return hit(PRISMA.get(code), `Prisma ${code}`, node);
  if (/^(?:\d[\dA-Z]{4}|XX\d{3})$/.test(code)) {
    return hit(SQLSTATE.get(code) ?? SQLSTATE.get(`class ${code.slice(0, 2)}`), `SQLSTATE ${code}`, node);
  }
  return hit(NAMES.get(code), code, node);
}

const declaredRule: ClassifierRule = {
  source: 'declared',
  match: 'errorCategory / foreign envelope',
  category: 'UNKNOWN',
  retryable: false,
  reason: 'the tool reported this failure',
};

const declaredReason = (category: ErrorCategory): string =>
  `the tool reported a ${category.toLowerCase().replace('_', ' ')} failure`;

/** Fields the failure declares: a foreign envelope shape, or MCP Envelope's own `errorCategory`. */
const declared: Level = (node, context) => {
  const foreign = readForeignFailure(node.raw, context.now);
  if (foreign) {
    const { category, isRetryable } = foreign;
    const rule: ClassifierRule = {
      ...declaredRule,
      category,
      retryable: isRetryable,
      reason: declaredReason(category),
    };
    return [
      {
        rule,
        evidence: `declared ${foreign.source}`,
        node,
        retryable: foreign.isRetryable,
        retryAfterMs: foreign.retryAfterMs,
      },
    ];
  }
  const written = get(node.raw, 'errorCategory') ?? get(node.raw, 'error_category');
  const okFalseCode = get(node.raw, 'ok') === false ? get(node.raw, 'code') : undefined;
  let category = typeof written === 'string' ? canonicalCategory(written) : undefined;
  if (!category && typeof okFalseCode === 'string' && okFalseCode.length < 60) {
    const near = nearestCategory(okFalseCode);
    if (near !== 'UNKNOWN' || /^(?:INTERNAL|ERROR|UNKNOWN)$/i.test(okFalseCode)) category = near;
  }
  if (!category) return [];
  const stated = node.explicitRetryable;
  const retryable = NEVER_RETRYABLE.has(category) ? false : (stated ?? defaultRetryable(category));
  const evidence =
    typeof written === 'string' ? `declared errorCategory: ${category}` : `declared code: ${String(okFalseCode)}`;
  return [
    { rule: { ...declaredRule, category, retryable, reason: declaredReason(category) }, evidence, node, retryable },
  ];
};

const specificText: Level = (node) => {
  const found = node.message ? matchWording(SPECIFIC_TEXT_RULES, node.message) : undefined;
  return found ? hit(found.rule, found.rule.label ?? found.words, node) : [];
};

const codes: Level = (node, context) => {
  const hits = node.code ? codeRules(node.code, node, context) : [];
  for (const name of node.names) hits.push(...hit(NAMES.get(name), name, node));
  return hits;
};

const rateLimit: Level = (node) => {
  const status = node.status;
  const hits: Hit[] = [];
  if (node.header('x-ratelimit-remaining') === '0' && (status === 403 || status === 429)) {
    hits.push(...hit(RATE_REMAINING, 'x-ratelimit-remaining: 0', node));
  }
  const retryAfter = node.header('retry-after') ?? node.header('retry-after-ms');
  if (retryAfter !== undefined && (status === undefined || status === 403 || status >= 429)) {
    const shown = /^[\w ,:.+-]{1,40}$/.test(retryAfter) ? `Retry-After: ${retryAfter}` : 'Retry-After';
    hits.push(...hit(RETRY_AFTER, shown, node));
  }
  const words = `${node.message ?? ''} ${node.bodyMessage ?? ''}`;
  if (status === 403 && /rate limit|abuse detection/i.test(words)) {
    hits.push(...hit(RATE_REMAINING, 'HTTP 403 + "rate limit"', node));
  }
  if (node.awsRetryable) hits.push(...hit(AWS_RETRYABLE, '$retryable', node));
  return hits;
};

const http: Level = (node) =>
  node.status === undefined ? [] : hit(HTTP.get(node.status) ?? HTTP_OTHER, `HTTP ${node.status}`, node);

const grpc: Level = (node) => (node.grpc ? hit(GRPC.get(node.grpc), `gRPC ${node.grpc}`, node) : []);

const awsFault: Level = (node) => (node.fault === 'server' ? hit(FAULT_SERVER, '$fault: server', node) : []);

const namePattern: Level = (node) => {
  for (const name of node.names) {
    if (/^(?:Error|TypeError|RangeError|SyntaxError|AggregateError|HttpError|RequestError|AxiosError)$/.test(name))
      continue;
    const rule = NAME_PATTERN_RULES.find((candidate) => (candidate.match as RegExp).test(name));
    if (rule) return hit(rule, name, node);
  }
  return [];
};

const jsonRpc: Level = (node) => {
  const code = node.numericCode;
  return code !== undefined && code <= -32000 && code >= -32768
    ? hit(JSON_RPC.get(code), `JSON-RPC ${code}`, node)
    : [];
};

/** Codes written into the message: `ENOENT: …`, `status code 503`, `MCP error -32602`, `ThrottlingException: …`. */
const textCodes: Level = (node, context) => {
  if (!node.message) return [];
  const found = codesInText(node.message);
  const hits: Hit[] = [];
  for (const token of found.tokens) {
    if (ERRNO.has(token) || CODES.has(token) || NAMES.has(token)) hits.push(...codeRules(token, node, context));
  }
  const leadingName = /^([A-Z][\w$]*(?:Error|Exception))\b/.exec(node.message.trim())?.[1];
  if (leadingName) hits.push(...namePattern({ ...node, names: [leadingName] }, context));
  if (found.status !== undefined) hits.push(...hit(HTTP.get(found.status) ?? HTTP_OTHER, `HTTP ${found.status}`, node));
  if (found.jsonRpc !== undefined) hits.push(...hit(JSON_RPC.get(found.jsonRpc), `JSON-RPC ${found.jsonRpc}`, node));
  return hits;
};

const wordingLevel: Level = (node) => {
  for (const raw of [node.message, node.bodyMessage]) {
    const words = raw === undefined ? undefined : cleanText(raw);
    const found = words ? matchWording(WORDING_RULES, words) : undefined;
    if (found) return hit(found.rule, `"${found.words}"`, node);
  }
  return [];
};

/** The levels, from most to least trusted: structured evidence beats wording. */
export const LEVELS: readonly Level[] = [
  declared,
  specificText,
  codes,
  rateLimit,
  http,
  grpc,
  awsFault,
  namePattern,
  jsonRpc,
  textCodes,
  wordingLevel,
];

/** The wording level alone, to report wording that structured evidence outranked. */
export const WORDING_LEVEL: Level = wordingLevel;
