/**
 * One classifier for raw failures: an error object as it appears at run time, or the text a server sent.
 * Out come the category, isRetryable, retryAfterMs, the evidence used and an agent-facing message.
 *
 * Evidence, in order of trust (the first level that matches decides; see `CLASSIFIER_RULES`):
 * 1. declared fields: `errorCategory`, `{ok:false, code}`, the proposed `_meta` key
 *    `io.modelcontextprotocol/toolFailure` and other foreign shapes (foreignShapes.ts);
 * 2. the MCP SDK's own phrases: "Tool x not found" (NOT_FOUND), "Input validation error" (VALIDATION),
 *    "Output validation error" (UNKNOWN: the server's bug, not the caller's input);
 * 3. codes and names: Node errno (`ENOENT` NOT_FOUND, `EACCES`/`EPERM` PERMISSION, `EEXIST` BUSINESS,
 *    `ECONNRESET`/`ETIMEDOUT`/`ECONNREFUSED`/`EAI_AGAIN` TRANSIENT), undici/axios codes, Prisma `P2025`…,
 *    PostgreSQL SQLSTATE (`23505` BUSINESS, `40001`/`40P01` TRANSIENT, class 42 UNKNOWN), error names
 *    (`ZodError` VALIDATION, `AbortError`/`TimeoutError` TRANSIENT, AWS `ThrottlingException`…);
 * 4. rate-limit headers: Retry-After or `x-ratelimit-remaining: 0` (GitHub's 403), AWS `$retryable`;
 * 5. HTTP status: 400/422 VALIDATION, 401/403 PERMISSION, 404/410 NOT_FOUND, 409/412 BUSINESS,
 *    408/425/429/502/503/504 TRANSIENT; 500 is a weak UNKNOWN (not retryable) that later evidence refines;
 * 6. gRPC status, AWS `$fault: 'server'` (TRANSIENT), custom class names (`OrderNotFoundError`);
 * 7. JSON-RPC codes (-32602 VALIDATION, -32601 NOT_FOUND, -32001 TRANSIENT, -32603 weak UNKNOWN);
 * 8. codes written in the text (`ENOENT: …`, `status code 503`, `MCP error -32602`), then wording.
 * Weak rules (500, -32603, "internal error") decide only when nothing later names a category.
 * ENOTFOUND (DNS: the name does not exist) is TRANSIENT but not retryable (an operator must fix the host),
 * or NOT_FOUND when the host came from the request. Retryability: TRANSIENT true unless stated otherwise;
 * VALIDATION, PERMISSION and BUSINESS never; NOT_FOUND and UNKNOWN false unless stated.
 * The message names the operation, the cleaned reason and the rule, and hides stack frames, paths the
 * request did not name, URL credentials and query strings, tokens and keys.
 */
import { NEVER_RETRYABLE, type ErrorCategory } from '../taxonomy';
import { LEVELS, WORDING_LEVEL, type Hit, type LevelContext } from './levels';
import { cleanText, composeMessage, describeIssues, isMeaningful } from './message';
import { walkFailure, type Issue, type NodeFacts } from './walk';
import { retryAfterInText } from './wording';

export interface ClassifyContext {
  /** The tool or operation that failed, named in the message (`read_file`). */
  operation?: string;
  /** The request's own values (arguments): paths and hosts among them may appear in the message. */
  requestValues?: readonly string[];
  /** Milliseconds since the epoch, for Retry-After dates (default `Date.now()`). */
  now?: number;
}

export interface Classification {
  category: ErrorCategory;
  isRetryable: boolean;
  retryAfterMs?: number;
  /** Short phrases, deciding evidence first: 'HTTP 429', 'errno ENOENT', 'ZodError', 'Retry-After: 30'. */
  evidence: string[];
  /** Agent-facing: `<operation> failed: <reason> (<rule>). <what to do>` */
  message: string;
}

function decide(nodes: readonly NodeFacts[], context: LevelContext): { winner?: Hit; passed: Hit[] } {
  const passed: Hit[] = [];
  for (const level of LEVELS) {
    for (const node of nodes) {
      for (const candidate of level(node, context)) {
        if (!candidate.rule.weak) return { winner: candidate, passed };
        if (!passed.some((weak) => weak.evidence === candidate.evidence)) passed.push(candidate);
      }
    }
  }
  return { winner: passed[0], passed: passed.slice(1) };
}

function retryAfterFrom(nodes: readonly NodeFacts[], now: number): { ms: number; evidence: string } | undefined {
  for (const node of nodes) {
    const ms = node.header('retry-after-ms');
    if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms))
      return { ms: Math.round(Number(ms)), evidence: `retry-after-ms: ${ms}` };
    const after = node.header('retry-after');
    if (after !== undefined) {
      const seconds = /^\d+(\.\d+)?$/.test(after.trim()) ? Number(after) * 1000 : Date.parse(after) - now;
      if (Number.isFinite(seconds)) return { ms: Math.max(0, Math.round(seconds)), evidence: `Retry-After: ${after}` };
    }
    const reset = node.header('x-ratelimit-reset');
    if (node.header('x-ratelimit-remaining') === '0' && reset !== undefined && /^\d{9,11}$/.test(reset)) {
      return { ms: Math.max(0, Number(reset) * 1000 - now), evidence: `x-ratelimit-reset: ${reset}` };
    }
    const stated =
      node.raw && typeof node.raw === 'object' ? (node.raw as { retryAfterMs?: unknown }).retryAfterMs : undefined;
    if (typeof stated === 'number' && Number.isFinite(stated) && stated >= 0)
      return { ms: stated, evidence: 'retryAfterMs' };
    const inText = node.message ? retryAfterInText(node.message) : undefined;
    if (inText !== undefined) return { ms: inText, evidence: `retry hint in text` };
  }
  return undefined;
}

/** The detail for the message: validation issues, else the most useful text, else the rule's reason. */
function detailFor(nodes: readonly NodeFacts[], winner: Hit | undefined, requestValues: readonly string[]): string {
  const issues: Issue[] | undefined = nodes.find((node) => node.issues)?.issues ?? issuesInText(nodes);
  if (issues && (!winner || winner.rule.category === 'VALIDATION')) return describeIssues(issues, requestValues);
  const ordered = winner ? [winner.node, ...nodes.filter((node) => node !== winner.node)] : nodes;
  for (const node of ordered) {
    for (const raw of [node.bodyMessage, node.message]) {
      if (raw === undefined) continue;
      const cleaned = cleanText(raw, requestValues);
      if (isMeaningful(cleaned, raw)) return cleaned;
    }
  }
  return winner ? winner.rule.reason : 'an unexpected error occurred';
}

/** The issue list the MCP SDK prints as JSON after "Invalid arguments for tool x: ". */
function issuesInText(nodes: readonly NodeFacts[]): Issue[] | undefined {
  for (const node of nodes) {
    const message = node.message ?? '';
    const start = message.indexOf('[');
    if (start < 0 || !/Input validation error|ZodError|invalid_type|"path"/.test(message)) continue;
    try {
      const parsed: unknown = JSON.parse(message.slice(start, message.lastIndexOf(']') + 1));
      const walked = walkFailure({ issues: parsed })[0]?.issues;
      if (walked) return walked;
    } catch {
      // not JSON: no issues to name
    }
  }
  return undefined;
}

function classifyNodes(nodes: readonly NodeFacts[], context: ClassifyContext): Classification {
  const levelContext: LevelContext = { requestValues: context.requestValues ?? [], now: context.now ?? Date.now() };
  const { winner, passed } = decide(nodes, levelContext);
  const category: ErrorCategory = winner?.rule.category ?? 'UNKNOWN';
  const evidence = winner ? [winner.evidence, ...passed.map((weak) => weak.evidence)] : [];
  let isRetryable = winner?.retryable ?? winner?.rule.retryable ?? false;
  const stated = nodes.find((node) => node.explicitRetryable !== undefined)?.explicitRetryable;
  if (
    winner?.rule.source !== 'declared' &&
    stated !== undefined &&
    stated !== isRetryable &&
    !NEVER_RETRYABLE.has(category)
  ) {
    isRetryable = stated;
    evidence.push(`retryable: ${stated}`);
  }
  const retryAfter =
    winner?.retryAfterMs !== undefined
      ? { ms: winner.retryAfterMs, evidence: '' }
      : retryAfterFrom(nodes, levelContext.now);
  const retryAfterMs = isRetryable ? retryAfter?.ms : undefined;
  if (retryAfterMs !== undefined && retryAfter?.evidence && !evidence.includes(retryAfter.evidence))
    evidence.push(retryAfter.evidence);
  if (winner && winner.rule.source !== 'wording') {
    for (const node of nodes) {
      const words = WORDING_LEVEL(node, levelContext)[0];
      if (words && words.rule.category !== category) {
        evidence.push(`${words.evidence} (wording, outranked)`);
        break;
      }
    }
  }
  const message = composeMessage({
    operation: context.operation,
    category,
    retryable: isRetryable,
    retryAfterMs,
    detail: detailFor(nodes, winner, levelContext.requestValues),
    rule: winner?.evidence,
  });
  return { category, isRetryable, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), evidence, message };
}

/** Classifies a raw failure (an error object, a tool result, a string). Never throws. */
export function classifyFailure(raw: unknown, context: ClassifyContext = {}): Classification {
  try {
    return classifyNodes(walkFailure(raw), context);
  } catch {
    const operation = typeof context.operation === 'string' ? context.operation : undefined;
    const message = composeMessage({
      operation,
      category: 'UNKNOWN',
      retryable: false,
      detail: 'an unexpected error occurred',
    });
    return { category: 'UNKNOWN', isRetryable: false, evidence: [], message };
  }
}

/** Classifies a failure seen only as text ("Error: ENOENT: …", "MCP error -32602: …", "fetch failed"). */
export function classifyText(text: string, context: ClassifyContext = {}): Classification {
  return classifyFailure(typeof text === 'string' ? text : '', context);
}

/** The facts for the model, as the recommended envelope style writes them: `[NOT_FOUND, not retryable]`. */
export function factsPrefix(classification: Pick<Classification, 'category' | 'isRetryable'>): string {
  return `[${classification.category}, ${classification.isRetryable ? 'retryable' : 'not retryable'}]`;
}
