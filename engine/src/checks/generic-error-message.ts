import ts from 'typescript';
import { safeMessageSource } from '../fixes/edits';
import { caughtErrorName, toolNameOf } from '../envelopes/envelopeFields';
import type { ErrorEnvelope } from '../envelopes/envelopes';
import { argumentsForParameter } from '../discovery/parameterArguments';
import { findProperty, staticText, unwrapExpression } from '../parse/syntax';
import type { AnalysisContext, Check, Fix } from '../types';

/** Messages that tell a model nothing it can act on, normalised (lower case, no trailing punctuation). */
const GENERIC_MESSAGES = new Set([
  'operation failed',
  'the operation failed',
  'error',
  'an error occurred',
  'an error has occurred',
  'error occurred',
  'an unexpected error occurred',
  'unexpected error',
  'something went wrong',
  'internal error',
  'internal server error',
  'unknown error',
  'failed',
  'failure',
  'request failed',
  'tool failed',
  'tool execution failed',
]);

const FACTS_PREFIX = /^\s*\[[^\]]*\]\s*/;

/** The facts prefix (`[UNKNOWN, not retryable] `) a message starts with, if any. */
function factsPrefixOf(text: string): string {
  return FACTS_PREFIX.exec(text)?.[0] ?? '';
}

/** Whether a message is one of the generic phrases, allowing a facts prefix, an `Error:` label and trailing punctuation. */
export function isGenericMessage(text: string): boolean {
  let words = text.replace(FACTS_PREFIX, '').trim();
  const labelled = /^error\s*:\s*(.+)$/i.exec(words);
  if (labelled) words = labelled[1];
  words = words
    .replace(/^oops[\s,!.]*/i, '')
    .replace(/[\s.!?:;…。]+$/u, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return GENERIC_MESSAGES.has(words);
}

interface GenericSite {
  /** The node to underline. */
  node: ts.Expression;
  text: string;
  /** A string literal the fix may rewrite (not a JSON string, whose message sits inside other text). */
  rewritable: boolean;
}

function jsonMessage(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const message = (parsed as Record<string, unknown>).message;
      return typeof message === 'string' ? message : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function literalSite(node: ts.Expression): GenericSite | undefined {
  const text = staticText(node);
  if (text === undefined || !isGenericMessage(text)) return undefined;
  return { node, text, rewritable: ts.isStringLiteralLike(unwrapExpression(node)) };
}

/**
 * A message that is a literal, or a parameter of a same-file helper that builds the envelope
 * (`fail(message)` → `text: message`): then the literals its callers pass, and its default value.
 */
function messageSites(context: AnalysisContext, node: ts.Expression): GenericSite[] {
  const own = literalSite(node);
  if (own) return [own];
  return argumentsForParameter(context, node)
    .map(literalSite)
    .filter((site) => site !== undefined);
}

/** The envelope's messages that say nothing actionable: text parts, JSON text messages, JSON.stringify'd messages. */
function genericSites(context: AnalysisContext, envelope: ErrorEnvelope): GenericSite[] {
  const sites: GenericSite[] = [];
  for (const part of envelope.texts) {
    if (part.jsonKeys && part.staticText !== undefined) {
      const message = jsonMessage(part.staticText);
      if (message !== undefined && isGenericMessage(message)) {
        sites.push({ node: part.node, text: message, rewritable: false });
      }
    } else {
      sites.push(...messageSites(context, part.node));
    }
    const property = part.jsonObject && findProperty(part.jsonObject, ['message']);
    if (property) {
      const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
      sites.push(...messageSites(context, value));
    }
  }
  return sites;
}

function escapeTemplate(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** In a catch clause, the one useful rewrite: name the operation and include the caught error's message. */
function fixes(context: AnalysisContext, site: GenericSite, caught: string): Fix[] {
  const tool = toolNameOf(context, site.node) ?? 'The tool';
  const prefix = factsPrefixOf(site.text);
  const template = '`' + escapeTemplate(prefix + tool + ' failed: ') + '${' + safeMessageSource(caught) + '}`';
  return [
    {
      title: `Name the failed operation and include ${caught}'s message`,
      edits: [{ start: site.node.getStart(context.sourceFile), end: site.node.getEnd(), newText: template }],
      preferred: false,
    },
  ];
}

export const genericErrorMessage: Check<'genericMessage'> = {
  meta: {
    id: 'generic-error-message',
    description:
      'Error text that says nothing actionable, such as "Operation failed", "An error occurred" or "Something went wrong".',
    defaultSeverity: 'warning',
    fixable: true,
    messages: {
      genericMessage:
        '"{{text}}" says nothing an agent can act on: name the operation that failed, the input or resource involved, the rule it broke and whether it is temporary.',
    },
  },
  run(context, report) {
    const seen = new Set<ts.Node>();
    for (const envelope of context.envelopes) {
      for (const site of genericSites(context, envelope)) {
        if (seen.has(site.node)) continue;
        seen.add(site.node);
        const caught = site.rewritable ? caughtErrorName(site.node) : undefined;
        report({
          node: site.node,
          messageId: 'genericMessage',
          data: { text: site.text.trim() },
          fixes: caught ? () => fixes(context, site, caught) : undefined,
        });
      }
    }
  },
};
