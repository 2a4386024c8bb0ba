/**
 * Fix review, round 5 (docs/fix-review.md): patterns found by reading the fixes `check --fix` makes on servers never
 * used for fix work (the fresh set), each written here as invented code. Every case runs fix-all on a small project
 * and says what the fixed file must contain and must not contain; near misses sit beside the cases they border.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { caseToolName } from '../../../../engine/src/fixes/edits';
import { fixFile, writeProject } from './fixProject';

interface ReviewCase {
  name: string;
  input: string[];
  /** Fragments the fixed file contains. */
  contains: string[];
  /** Fragments the fixed file must not contain. */
  lacks: string[];
  /** Other files of the project (relative path → lines). */
  others?: Record<string, string[]>;
  /** The file fixed and read (default src/server.ts). */
  fixed?: string;
}

const HEAD = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `const server = new McpServer({ name: 'atelier', version: '1.0.0' });`,
];

const LOW_LEVEL_HEAD = [
  `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
  `import { CallToolRequestSchema, type ServerResult } from '@modelcontextprotocol/sdk/types.js';`,
  `const server = new Server({ name: 'post', version: '1.0.0' }, { capabilities: { tools: {} } });`,
];

const CASES: ReviewCase[] = [
  {
    name: 'a throw of words only known at run time (`new Error(errorMessage)`): the helper reads them, no hard-coded UNKNOWN',
    input: [
      ...HEAD,
      `declare function paint(spec: string): Promise<{ success: boolean; errorMessage?: string; url?: string }>;`,
      `server.tool('paint_chart', { spec: z.string() }, async ({ spec }) => {`,
      `  const { success, errorMessage, url } = await paint(spec);`,
      `  if (!success) throw new Error(errorMessage);`,
      `  return { content: [{ type: 'text', text: url ?? '' }] };`,
      `});`,
    ],
    contains: [`return toolError(errorMessage, 'paint_chart');`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: "a template quoting one cause (`${outcome.reason}`): the cause is classified, the author's words kept",
    input: [
      ...HEAD,
      `declare function applyPalette(name: string): Promise<{ applied: boolean; reason?: string }>;`,
      `server.tool('apply_palette', { name: z.string() }, async ({ name }) => {`,
      `  const outcome = await applyPalette(name);`,
      '  if (!outcome.applied) throw new Error(`Failed to apply palette: ${outcome.reason}`);',
      `  return { content: [{ type: 'text', text: 'applied' }] };`,
      `});`,
    ],
    contains: ["return toolError(outcome.reason, 'apply_palette', `Failed to apply palette: ${outcome.reason}`);"],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a template quoting only a name (`${canvasId}`) has no run-time cause: the literal stays',
    input: [
      ...HEAD,
      `declare function isFrozen(id: string): Promise<boolean>;`,
      `server.tool('paint_canvas', { canvasId: z.string() }, async ({ canvasId }) => {`,
      '  if (await isFrozen(canvasId)) throw new Error(`Canvas ${canvasId} is frozen for painting`);',
      `  return { content: [{ type: 'text', text: 'painted' }] };`,
      `});`,
    ],
    contains: ['Canvas ${canvasId} is frozen for painting'],
    lacks: ['toolError(canvasId', 'toolError(`Canvas'],
  },
  {
    name: 'an error envelope whose text is a run-time message (`text: outcome.message`): classified from it',
    input: [
      ...HEAD,
      `declare function hang(frame: string): Promise<{ hung: boolean; message: string }>;`,
      `server.tool('hang_frame', { frame: z.string() }, async ({ frame }) => {`,
      `  const outcome = await hang(frame);`,
      `  if (!outcome.hung) return { isError: true, content: [{ type: 'text', text: outcome.message }] };`,
      `  return { content: [{ type: 'text', text: 'hung' }] };`,
      `});`,
    ],
    contains: ['classifyError(outcome.message)'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: an envelope text read inside a callback names nothing in scope at the envelope',
    input: [
      ...HEAD,
      `declare function hangAll(frames: string[]): Promise<{ failed: { message: string }[] }>;`,
      `server.tool('hang_frames', { frames: z.array(z.string()) }, async ({ frames }) => {`,
      `  const outcome = await hangAll(frames);`,
      `  if (outcome.failed.length > 0) {`,
      `    return { isError: true, content: outcome.failed.map((f) => ({ type: 'text' as const, text: f.message })) };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'hung' }] };`,
      `});`,
    ],
    contains: [],
    lacks: ['classifyError(f.message)'],
  },
  {
    name: "a low-level dispatcher's `case 'send_parcel':` names the operation, not \"the tool call\"",
    input: [
      ...LOW_LEVEL_HEAD,
      `declare function ship(to: string): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  const { name, arguments: args } = request.params;`,
      `  switch (name) {`,
      `    case 'send_parcel': {`,
      `      try {`,
      `        return { content: [{ type: 'text', text: await ship(String(args?.to)) }] };`,
      `      } catch (error) {`,
      "        return { content: [{ type: 'text', text: `Failed to send the parcel: ${String(error)}` }] };",
      `      }`,
      `    }`,
      `    default:`,
      '      throw new Error(`Unknown tool: ${name}`);',
      `  }`,
      `});`,
    ],
    contains: [`toolError(error, 'send_parcel'`],
    lacks: [`'the tool call'`],
  },
  {
    name: 'fix-all does not wrap a handler whose helper rethrows an error class on purpose',
    input: [
      ...HEAD,
      `class SignInRequired extends Error {}`,
      `declare function fetchPage(q: string): Promise<string>;`,
      `async function searchPages(q: string): Promise<string> {`,
      `  try {`,
      `    return await fetchPage(q);`,
      `  } catch (error) {`,
      `    if (error instanceof SignInRequired) throw error;`,
      `    throw new Error('The page search failed');`,
      `  }`,
      `}`,
      `server.tool('search_pages', { q: z.string() }, async ({ q }) => {`,
      `  const body = await searchPages(q);`,
      `  return { content: [{ type: 'text', text: body }] };`,
      `});`,
    ],
    contains: [`if (error instanceof SignInRequired) throw error;`, `  const body = await searchPages(q);\n  return {`],
    lacks: [`} catch (error) {\n    return toolError(error, 'search_pages');`],
  },
  {
    name: 'near miss: a helper that rethrows every error (no class picked) is still wrapped',
    input: [
      ...HEAD,
      `declare function fetchPage(q: string): Promise<string>;`,
      `async function searchPages(q: string): Promise<string> {`,
      `  try {`,
      `    return await fetchPage(q);`,
      `  } catch (error) {`,
      `    console.error(error);`,
      `    throw error;`,
      `  }`,
      `}`,
      `server.tool('search_pages', { q: z.string() }, async ({ q }) => {`,
      `  const body = await searchPages(q);`,
      `  return { content: [{ type: 'text', text: body }] };`,
      `});`,
    ],
    contains: [`} catch (error) {\n    return toolError(error, 'search_pages');`],
    lacks: [],
  },
  {
    name: "a catch of a `ServerResult` handler (no field fits) returns the helper's answer with the author's words",
    input: [
      ...LOW_LEVEL_HEAD,
      `declare function readLedger(): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request): Promise<ServerResult> => {`,
      `  switch (request.params.name) {`,
      `    case 'read_ledger':`,
      `      try {`,
      `        return { content: [{ type: 'text', text: await readLedger() }] };`,
      `      } catch (error) {`,
      "        return { content: [{ type: 'text', text: `Could not read the ledger: ${String(error)}` }], isError: true };",
      `      }`,
      `    default:`,
      `      return { content: [{ type: 'text', text: 'no such tool' }], isError: true };`,
      `  }`,
      `});`,
    ],
    contains: ["return toolError(error, 'read_ledger', `Could not read the ledger: "],
    lacks: ['errorCategory:'],
  },
  {
    name: 'a client result typed by a union imported from another file refuses added fields: none are added',
    others: {
      'src/types/reply.ts': [
        `export type LedgerReply<T> =`,
        `  | { result: T; isError: false; error: null }`,
        `  | { result: null; isError: true; error: string };`,
      ],
    },
    input: [
      ...HEAD,
      `import type { LedgerReply } from './types/reply.js';`,
      `declare function fetchEntries(): Promise<string[]>;`,
      `export async function listEntries(): Promise<LedgerReply<string[]>> {`,
      `  try {`,
      `    return { result: await fetchEntries(), isError: false, error: null };`,
      `  } catch (error) {`,
      `    return { result: null, isError: true, error: String(error) };`,
      `  }`,
      `}`,
      `server.tool('list_entries', {}, async () => {`,
      `  const reply = await listEntries();`,
      `  return { content: [{ type: 'text', text: reply.isError ? reply.error : reply.result.join(', ') }] };`,
      `});`,
    ],
    contains: [`return { result: null, isError: true, error: String(error) };`],
    lacks: ['errorCategory: classified', 'isRetryable: classified'],
  },
  {
    name: 'near miss: an imported result interface with an index signature takes the fields',
    others: {
      'src/types/reply.ts': [`export interface LedgerFailure { isError: true; error: string; [key: string]: unknown }`],
    },
    input: [
      ...HEAD,
      `import type { LedgerFailure } from './types/reply.js';`,
      `declare function fetchEntries(): Promise<string[]>;`,
      `export async function listEntries(): Promise<string[] | LedgerFailure> {`,
      `  try {`,
      `    return await fetchEntries();`,
      `  } catch (error) {`,
      `    return { isError: true, error: String(error) };`,
      `  }`,
      `}`,
      `server.tool('list_entries', {}, async () => {`,
      `  const reply = await listEntries();`,
      `  return { content: [{ type: 'text', text: JSON.stringify(reply) }] };`,
      `});`,
    ],
    contains: ['classifyError(error)'],
    lacks: [],
  },
  {
    name: "a result built by mutation from an untyped literal: no `response.errorCategory = …` the literal's type refuses",
    input: [
      ...HEAD,
      `declare function lookUpFrames(q: string): Promise<string[]>;`,
      `server.tool('find_frames', { q: z.string() }, async ({ q }) => {`,
      `  const response = { content: [] as { type: 'text'; text: string }[], isError: false };`,
      `  const frames = await lookUpFrames(q);`,
      `  if (frames.length === 0) {`,
      `    response.isError = true;`,
      `    response.content.push({ type: 'text', text: 'The frame index could not be read' });`,
      `    return response;`,
      `  }`,
      `  response.content.push({ type: 'text', text: frames.join(', ') });`,
      `  return response;`,
      `});`,
    ],
    contains: [`response.isError = true;`],
    lacks: ['response.errorCategory', 'response.isRetryable'],
  },
  {
    name: 'a feature function declared to return a data interface imported from another file: its throw stays',
    others: {
      'src/types.ts': [`export interface LedgerDetails { id: string; lines: string[] }`],
      'src/ledger.ts': [
        `import type { LedgerDetails } from './types.js';`,
        `declare function loadLedger(id: string): Promise<LedgerDetails>;`,
        `export async function ledgerDetails(id: string): Promise<LedgerDetails> {`,
        `  try {`,
        `    return await loadLedger(id);`,
        `  } catch (error) {`,
        '    throw new Error(`Failed to get the ledger: ${String(error)}`);',
        `  }`,
        `}`,
      ],
    },
    input: [
      ...LOW_LEVEL_HEAD,
      `import { ledgerDetails } from './ledger.js';`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  switch (request.params.name) {`,
      `    case 'ledger_details': {`,
      `      const details = await ledgerDetails(String(request.params.arguments?.id));`,
      `      return { content: [{ type: 'text', text: details.lines.join(', ') }] };`,
      `    }`,
      `    default:`,
      `      throw new Error('Unknown tool');`,
      `  }`,
      `});`,
    ],
    fixed: 'src/ledger.ts',
    contains: ['throw new Error(`Failed to get the ledger:'],
    lacks: ['return toolError('],
  },
  {
    name: 'an empty client result typed by an imported union without `content`: not rewritten as an empty tool result',
    others: {
      'src/types/reply.ts': [
        `export type LedgerReply<T> =`,
        `  | { result: T; isError: false; error: null }`,
        `  | { result: null; isError: true; error: string };`,
      ],
    },
    input: [
      ...HEAD,
      `import type { LedgerReply } from './types/reply.js';`,
      `declare function fetchBalance(): Promise<string | null>;`,
      `export async function ledgerBalance(): Promise<LedgerReply<string>> {`,
      `  const balance = await fetchBalance();`,
      `  if (!balance) {`,
      `    return { result: null, isError: true, error: 'Failed to fetch the balance.' };`,
      `  }`,
      `  return { result: balance, isError: false, error: null };`,
      `}`,
      `server.tool('ledger_balance', {}, async () => {`,
      `  const reply = await ledgerBalance();`,
      `  return { content: [{ type: 'text', text: reply.isError ? reply.error : reply.result }] };`,
      `});`,
    ],
    contains: [`return { result: null, isError: true, error: 'Failed to fetch the balance.' };`],
    lacks: [],
  },
];

let root = '';
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-review5-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('fix review, round 5', () => {
  CASES.forEach((testCase, index) => {
    void it(testCase.name, () => {
      const dir = path.join(root, `case-${index}`);
      const others = Object.entries(testCase.others ?? {}).map(([file, lines]) => [file, lines.join('\n') + '\n']);
      writeProject(dir, { ...Object.fromEntries(others), 'src/server.ts': testCase.input.join('\n') + '\n' });
      const indexed = testCase.fixed ? ['src/server.ts'] : [];
      const fixed = fixFile(dir, testCase.fixed ?? 'src/server.ts', indexed).text;
      for (const fragment of testCase.contains) {
        assert.ok(fixed.includes(fragment), `expected ${JSON.stringify(fragment)} in:\n${fixed}`);
      }
      for (const fragment of testCase.lacks) {
        assert.ok(!fixed.includes(fragment), `did not expect ${JSON.stringify(fragment)} in:\n${fixed}`);
      }
    });
  });

  void it('a case label names a tool only in a switch on a name, not in a switch on an error code', () => {
    const source = ts.createSourceFile(
      'dispatch.ts',
      [
        `async function dispatch(name: string, error: { code: string }) {`,
        `  switch (name) { case 'send_parcel': first(); }`,
        `  switch (error.code) { case 'ENOENT': second(); }`,
        `}`,
      ].join('\n'),
      ts.ScriptTarget.ES2022,
      true,
    );
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    assert.deepEqual(
      calls.map((call) => caseToolName(call)),
      ['send_parcel', undefined],
    );
  });
});
