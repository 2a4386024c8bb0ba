/**
 * Envelope shapes seen in the servers of precision review round 6 (docs/precision-review.md, Round 6):
 * refusals whose wording is in a serialised object or a message variable, a yes/no predicate taken for a
 * collection, structuredContent typed as the tool's output, HTTP response bodies, and a copy of a received
 * result's flag. Each case has a look-alike that must still be judged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

function findings(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((f) => f.messageId);
}

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `import { api } from './api.js';`,
  `const server = new McpServer({ name: 'deploy', version: '1' });`,
];

/** A tool that looks a value up and, when the test on it fails, answers `failure` (an object literal). */
function missBranch(lookup: string, test: string, failure: string, before: string[] = [], tool = 'get-task'): string {
  return [
    ...header,
    `server.tool('${tool}', { name: z.string(), branch: z.string() }, async ({ name, branch }) => {`,
    `  ${lookup}`,
    `  if (${test}) {`,
    ...before.map((line) => `    ${line}`),
    `    return ${failure};`,
    `  }`,
    `  return { content: [{ type: 'text', text: 'started' }] };`,
    `});`,
  ].join('\n');
}

describe('empty-result-as-error: the wording of a refusal written outside a plain text', () => {
  it('"Project … not found" inside JSON.stringify({ success: false, error }) is a NOT_FOUND failure', () => {
    const code = missBranch(
      `const project = await api.projectByName(name);`,
      `!project`,
      "{ content: [{ type: 'text', text: JSON.stringify({ success: false, error: `Project '${name}' not found. Use list_projects.` }) }], isError: true }",
    );
    assert.deepEqual(findings('empty-result-as-error', code), []);
  });

  it('`text: output.message` where output is declared beside it with the message', () => {
    const code = missBranch(
      `const run = await api.latestRun(branch);`,
      `!run`,
      `{ content: [{ type: 'text', text: output.message }], isError: true }`,
      ["const output = { success: false, message: `Invalid branch name '${branch}'.` };"],
    );
    assert.deepEqual(findings('empty-result-as-error', code), []);
  });

  it('look-alike: a serialised empty answer without failure wording still fires', () => {
    const code = missBranch(
      `const runs = await api.listRuns(branch);`,
      `runs.length === 0`,
      `{ content: [{ type: 'text', text: JSON.stringify({ runs: [], note: 'Nothing ran on this branch yet' }) }], isError: true }`,
    );
    assert.deepEqual(findings('empty-result-as-error', code), ['emptyResultAsError']);
  });
});

describe('empty-result-as-error: a tool that acts on what it looked up', () => {
  const noRun = (tool: string): string =>
    missBranch(
      `const run = await api.latestRun(branch);`,
      `!run`,
      "{ content: [{ type: 'text', text: `No pipeline run found for branch '${branch}'.` }], isError: true }",
      [],
      tool,
    );

  it('update_self_healing_fix with no run to update: a NOT_FOUND failure, not an empty answer', () => {
    assert.deepEqual(findings('empty-result-as-error', noRun('update_self_healing_fix')), []);
  });

  it('look-alike: get_latest_run (a read) answering the same still fires', () => {
    assert.deepEqual(findings('empty-result-as-error', noRun('get_latest_run')), ['emptyResultAsError']);
  });
});

describe('empty-result-as-error: a yes/no predicate is not a collection', () => {
  it('`const inGit = hasRunbooksInGit(…); if (!inGit)` is a refusal, not "nothing found"', () => {
    const code = missBranch(
      `const inGit = api.hasRunbooksInGit(name);`,
      `!inGit`,
      `{ content: [{ type: 'text', text: 'Runbooks of this project live in the database' }], isError: true }`,
    );
    assert.deepEqual(findings('empty-result-as-error', code), []);
  });

  it('look-alike: `const runbooks = listRunbooks(…); if (!runbooks)` still fires', () => {
    const code = missBranch(
      `const runbooks = api.listRunbooks(name);`,
      `!runbooks`,
      `{ content: [{ type: 'text', text: 'Runbooks of this project live in the database' }], isError: true }`,
    );
    assert.deepEqual(findings('empty-result-as-error', code), ['emptyResultAsError']);
  });
});

/** A tool with an outputSchema whose failure answers structuredContent `output`, declared as `declaration`. */
function structuredFailure(declaration: string): string {
  return [
    ...header,
    `type FixOutput = { success: boolean; message: string };`,
    `server.registerTool('apply_fix', { outputSchema: { success: z.boolean(), message: z.string() } }, async () => {`,
    `  const fix = await api.latestFix();`,
    `  if (!fix.ready) {`,
    `    ${declaration}`,
    `    return { content: [{ type: 'text', text: output.message }], structuredContent: output, isError: true };`,
    `  }`,
    `  const done: FixOutput = { success: true, message: 'applied' };`,
    `  return { content: [{ type: 'text', text: done.message }], structuredContent: done };`,
    `});`,
  ].join('\n');
}

describe('error-structured-content-with-output-schema: an error object typed as the output', () => {
  it('`const output: FixOutput = { success: false, … }` conforms to the outputSchema', () => {
    const code = structuredFailure(`const output: FixOutput = { success: false, message: 'fix not ready' };`);
    assert.deepEqual(findings('error-structured-content-with-output-schema', code), []);
  });

  it('look-alike: an untyped error object still fires', () => {
    const code = structuredFailure(`const output = { error: 'fix not ready', message: 'fix not ready' };`);
    assert.deepEqual(findings('error-structured-content-with-output-schema', code), [
      'errorStructuredContentWithOutputSchema',
    ]);
  });
});

/** A tool answering a refusal built by a same-file function into a local named `err`. */
function builtRefusal(builderBody: string): string {
  return [
    ...header,
    `function buildErrorResponse(code: string, message: string, retryable: boolean) {`,
    `  ${builderBody}`,
    `}`,
    `server.tool('metrics', { start: z.string().optional() }, async ({ start }) => {`,
    `  if (!start) {`,
    `    const err = buildErrorResponse('INVALID_WINDOW', 'Provide a start', false);`,
    `    return { isError: true, content: [{ type: 'text', text: JSON.stringify(err, null, 2) }] };`,
    `  }`,
    `  return { content: [{ type: 'text', text: await api.metrics(start) }] };`,
    `});`,
  ].join('\n');
}

describe('leaked-internals: a local named `err` that holds an object the code built', () => {
  it('JSON.stringify(err) of a refusal object built by a same-file function is not a raw error', () => {
    const code = builtRefusal(`return { error: { code, message, retryable } };`);
    assert.deepEqual(findings('leaked-internals', code), []);
  });

  it('look-alike: the same function returning an Error is a raw error', () => {
    const code = builtRefusal(`return new Error(code + ': ' + message + String(retryable));`);
    assert.deepEqual(findings('leaked-internals', code), ['leakedInternals']);
  });
});

const ENVELOPE_CHECKS = [
  'missing-error-category',
  'missing-is-retryable',
  'missing-error-content',
  'generic-error-message',
];

function envelopeFindings(code: string): string[] {
  return ENVELOPE_CHECKS.flatMap((check) => findings(check, code).map(() => check));
}

/** An HTTP app of an MCP server whose route error handler answers `body`. */
function httpErrorHandler(body: string): string {
  return [
    ...header,
    `import { Hono } from 'hono';`,
    `const app = new Hono();`,
    `server.tool('ping', {}, async () => ({ content: [{ type: 'text', text: await api.ping() }] }));`,
    `app.onError((err, c) => {`,
    `  if (c.req.path === '/mcp') {`,
    `    ${body}`,
    `  }`,
    `  return c.text('Internal server error', 500);`,
    `});`,
  ].join('\n');
}

describe('envelope checks: objects that are not tool results', () => {
  it('the body of an HTTP error response (`c.json({ content, isError: true }, 500)`)', () => {
    const code = httpErrorHandler(
      `return c.json({ content: [{ type: 'text', text: 'Internal error' }], isError: true }, 500);`,
    );
    assert.deepEqual(envelopeFindings(code), []);
  });

  it('look-alike: the same object returned as a result is judged', () => {
    const code = httpErrorHandler(`return { content: [{ type: 'text', text: 'Internal error' }], isError: true };`);
    assert.deepEqual(envelopeFindings(code), [
      'missing-error-category',
      'missing-is-retryable',
      'generic-error-message',
    ]);
  });

  const summary = (flag: string): string =>
    [
      ...header,
      `server.tool('audit', {}, async () => ({ content: [{ type: 'text', text: await api.ping() }] }));`,
      `export function summarize(result: unknown) {`,
      `  const raw = result as Record<string, unknown>;`,
      `  const out: Record<string, unknown> = { isError: ${flag} };`,
      `  out['items'] = (raw['content'] as unknown[]).length;`,
      `  return out;`,
      `}`,
    ].join('\n');

  it("a summary copying a received result's flag with `raw['isError'] === true`", () => {
    assert.deepEqual(envelopeFindings(summary(`raw['isError'] === true`)), []);
  });

  it('look-alike: a flag of its own (`isError: true`) is an envelope', () => {
    assert.deepEqual(envelopeFindings(summary(`true`)), [
      'missing-error-category',
      'missing-is-retryable',
      'missing-error-content',
    ]);
  });
});
