/**
 * Fix review, round 4 (docs/fix-review.md): patterns found by reading the fixes `check --fix` makes on servers never
 * used for fix work, each written here as invented code. Every case runs fix-all on a small project and says what the
 * fixed file must contain and must not contain; near misses sit beside the cases they border.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixFile, writeProject } from './fixProject';

interface ReviewCase {
  name: string;
  input: string[];
  /** Fragments the fixed file contains. */
  contains: string[];
  /** Fragments the fixed file must not contain. */
  lacks: string[];
}

const HEAD = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `const server = new McpServer({ name: 'shelf', version: '1.0.0' });`,
];

const CASES: ReviewCase[] = [
  {
    name: 'a bare `if (outcome.error)` guard: the returned error decides at run time, not a hard-coded UNKNOWN',
    input: [
      ...HEAD,
      `declare function lookUp(q: string): Promise<{ error?: string; rows?: string[] }>;`,
      `server.tool('find_books', { q: z.string() }, async ({ q }) => {`,
      `  const outcome = await lookUp(q);`,
      `  if (outcome.error) {`,
      `    return { isError: true, content: [{ type: 'text', text: outcome.error }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: String(outcome.rows) }] };`,
      `});`,
    ],
    contains: ['classifyError(outcome.error)'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a guard on a flag that is not an error (`if (outcome.empty)`) gives no run-time subject',
    input: [
      ...HEAD,
      `declare function lookUp(q: string): Promise<{ empty: boolean; error?: string }>;`,
      `server.tool('find_books', { q: z.string() }, async ({ q }) => {`,
      `  const outcome = await lookUp(q);`,
      `  if (outcome.empty) {`,
      `    return { isError: true, content: [{ type: 'text', text: 'Nothing on the shelf matched.' }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'found' }] };`,
      `});`,
    ],
    contains: [],
    lacks: ['classifyError(outcome'],
  },
  {
    name: 'an answer builder whose message may be an Error or a string: its words decide at run time',
    input: [
      ...HEAD,
      `export function shelfError(message: Error | string | unknown, code?: string) {`,
      `  const text = message instanceof Error ? message.message : String(message);`,
      '  return { isError: true, content: [{ type: \'text\' as const, text: `Error: ${code ?? ""}${text}` }] };',
      `}`,
      `server.tool('count_books', {}, async () => shelfError('Shelf not found'));`,
    ],
    contains: ['classifyError(message)'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a builder parameter typed as a number is not a message',
    input: [
      ...HEAD,
      `export function shelfError(message: number) {`,
      "  return { isError: true, content: [{ type: 'text' as const, text: `code ${message}` }] };",
      `}`,
      `server.tool('count_books', {}, async () => shelfError(3));`,
    ],
    contains: [],
    lacks: ['classifyError(message)'],
  },
  {
    name: '"could not be found" reads as NOT_FOUND',
    input: [
      ...HEAD,
      `server.tool('get_book', { id: z.string() }, async ({ id }) => {`,
      `  const found = await Promise.resolve(id.length > 3);`,
      `  if (!found) {`,
      "    return { isError: true, content: [{ type: 'text', text: `Book ${id} could not be found.` }] };",
      `  }`,
      `  return { content: [{ type: 'text', text: 'ok' }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'NOT_FOUND'`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'an error object thrown with an object argument: its message is quoted, never "[object Object]"',
    input: [
      ...HEAD,
      `class ShelfUserError extends Error { constructor(public detail: { errors: { message: string }[] }) { super(detail.errors[0]?.message); } }`,
      `server.tool('date_range', { from: z.string().optional(), to: z.string().optional() }, async (args) => {`,
      `  if (!!args.from !== !!args.to) {`,
      `    throw new ShelfUserError({`,
      `      errors: [{ message: 'from and to must be given together' }],`,
      `    });`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'ok' }] };`,
      `});`,
    ],
    contains: [`from and to must be given together'`, `errorCategory: 'VALIDATION'`],
    lacks: ['${{', `errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'isError computed at run time: no category is added that a success would carry too',
    input: [
      ...HEAD,
      `declare function check(q: string): Promise<{ success: boolean; text: string }>;`,
      `server.tool('check_isbn', { q: z.string() }, async ({ q }) => {`,
      `  const result = await check(q);`,
      `  return { content: [{ type: 'text', text: result.text }], isError: !result.success };`,
      `});`,
    ],
    contains: ['isError: !result.success'],
    lacks: ['errorCategory', 'isRetryable'],
  },
  {
    name: 'near miss: isError: true in the same shape still gets its fields',
    input: [
      ...HEAD,
      `declare function check(q: string): Promise<{ success: boolean; text: string }>;`,
      `server.tool('check_isbn', { q: z.string() }, async ({ q }) => {`,
      `  const result = await check(q);`,
      `  if (result.success) return { content: [{ type: 'text', text: result.text }] };`,
      `  return { content: [{ type: 'text', text: 'The ISBN is invalid' }], isError: true };`,
      `});`,
    ],
    contains: [`errorCategory: 'VALIDATION'`, 'isRetryable: false'],
    lacks: [],
  },
  {
    name: 'a rate limiter that says the limit is exceeded: TRANSIENT and retryable',
    input: [
      ...HEAD,
      `declare const limiter: { check(now: number): { exceeded: boolean; message: string } };`,
      `server.tool('borrow_book', { id: z.string() }, async ({ id }) => {`,
      `  const rateLimitResult = limiter.check(Date.now());`,
      `  if (rateLimitResult.exceeded) {`,
      `    return { content: [{ type: 'text', text: rateLimitResult.message }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: id }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'TRANSIENT'`, 'isRetryable: true'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a rate-limit switch that is off is no evidence of a limit reached',
    input: [
      ...HEAD,
      `declare const settings: { rateLimitEnabled: boolean };`,
      `server.tool('borrow_book', { id: z.string() }, async ({ id }) => {`,
      `  if (!settings.rateLimitEnabled) {`,
      `    return { content: [{ type: 'text', text: 'Borrowing is switched off here' }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: id }] };`,
      `});`,
    ],
    contains: [],
    lacks: [`errorCategory: 'TRANSIENT'`],
  },
  {
    name: 'a deliberate rethrow of the error class the catch tested (an auth challenge for the host) stays a throw',
    input: [
      ...HEAD,
      `class ShelfAuthChallenge extends Error {}`,
      `declare function token(): Promise<string>;`,
      `server.tool('list_loans', {}, async () => {`,
      `  try {`,
      `    await token();`,
      `  } catch (error) {`,
      `    if (error instanceof ShelfAuthChallenge) {`,
      `      throw new ShelfAuthChallenge();`,
      `    }`,
      `    return { content: [{ type: 'text', text: 'No token' }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'loans' }] };`,
      `});`,
    ],
    contains: ['throw new ShelfAuthChallenge();'],
    lacks: [],
  },
  {
    name: 'a URL elicitation the SDK answers as error -32042 stays a throw: the client opens the URL and retries',
    input: [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';`,
      `const server = new McpServer({ name: 'shelf', version: '1.0.0' });`,
      `declare function signedIn(): boolean;`,
      `server.registerTool('connect_library', {}, async () => {`,
      `  if (!signedIn()) {`,
      `    throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Sign in', url: 'https://example.org/login', elicitationId: 'x' }]);`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'connected' }] };`,
      `});`,
    ],
    contains: ['throw new UrlElicitationRequiredError('],
    lacks: ['isError'],
  },
  {
    name: 'near miss: a rethrow in a catch with no class tested before it still becomes a result',
    input: [
      ...HEAD,
      `declare function token(): Promise<string>;`,
      `server.tool('list_loans', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await token() }] };`,
      `  } catch (error) {`,
      `    console.error(error);`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    contains: [`return toolError(error, 'list_loans')`],
    lacks: ['throw error;'],
  },
  {
    name: 'near miss: a catch that throws a class that names its category keeps the literal category',
    input: [
      ...HEAD,
      `class ShelfNotFoundError extends Error {}`,
      `declare function listShelves(): Promise<string[]>;`,
      `server.tool('list_shelves', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: (await listShelves()).join(',') }] };`,
      `  } catch (err) {`,
      `    throw new ShelfNotFoundError('There is no shelf yet');`,
      `  }`,
      `});`,
    ],
    contains: [`errorCategory: 'NOT_FOUND'`],
    lacks: ['toolError('],
  },
  {
    name: 'a catch that throws its own words built from the caught error: the caught error decides, the words stay',
    input: [
      ...HEAD,
      `declare function listShelves(): Promise<string[]>;`,
      `server.tool('list_shelves', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: (await listShelves()).join(',') }] };`,
      `  } catch (err: any) {`,
      '    const detail = err.cause ? `: ${err.cause.message}` : "";',
      '    throw new Error(`Failed to list the shelves${detail}`);',
      `  }`,
      `});`,
    ],
    contains: ['toolError(err, ', 'Failed to list the shelves'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'a required field that depends on another input (`kind === "x" && !xOptions`) is the caller’s mistake',
    input: [
      ...HEAD,
      `server.tool('add_item', { kind: z.enum(['book', 'map']), map_options: z.string().optional() }, async ({ kind, map_options }) => {`,
      `  if (kind === 'map' && !map_options) {`,
      `    throw new Error("Map configuration is required when kind is 'map'");`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'added' }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'VALIDATION'`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a branch picked by comparing an input with a literal alone stays undecided',
    input: [
      ...HEAD,
      `server.tool('add_item', { kind: z.enum(['book', 'map']) }, async ({ kind }) => {`,
      `  if (kind === 'map') {`,
      `    throw new Error('Maps are handled by another service');`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'added' }] };`,
      `});`,
    ],
    contains: [],
    lacks: [`errorCategory: 'VALIDATION'`],
  },
  {
    name: 'a result typed `{ isError: true; message: string }` by its function: no field that breaks the type',
    input: [
      ...HEAD,
      `interface Shelf { id: string }`,
      `export async function loadShelf(id?: string): Promise<Shelf | { isError: true; message: string }> {`,
      `  if (!id) {`,
      `    return { isError: true, message: 'Shelf ID is required' };`,
      `  }`,
      `  return { id };`,
      `}`,
      `server.tool('load_shelf', { id: z.string().optional() }, async ({ id }) => {`,
      `  const shelf = await loadShelf(id);`,
      `  return { content: [{ type: 'text', text: JSON.stringify(shelf) }] };`,
      `});`,
    ],
    contains: [`return { isError: true, message: 'Shelf ID is required' };`],
    lacks: [],
  },
  {
    name: 'a caught error answered as success with the author’s words: the words are kept as toolError’s message',
    input: [
      ...HEAD,
      `declare function fetchCover(id: string): Promise<string>;`,
      `server.tool('get_cover', { id: z.string() }, async ({ id }) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await fetchCover(id) }] };`,
      `  } catch (error: any) {`,
      "    return { content: [{ type: 'text', text: `Failed to download the cover: ${error.message}` }] };",
      `  }`,
      `});`,
    ],
    contains: ['toolError(error, ', 'Failed to download the cover'],
    lacks: [],
  },
  {
    name: 'a catch whose own words decide the category statically keeps those words in the envelope',
    input: [
      ...HEAD,
      `declare function launch(): Promise<string>;`,
      `server.tool('launch_task', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text' as const, text: await launch() }] };`,
      `  } catch (error) {`,
      "    return { content: [{ type: 'text' as const, text: `Could not launch the task, the service is temporarily unavailable: ${String(error)}` }] };",
      `  }`,
      `});`,
    ],
    contains: ['Could not launch the task, the service is temporarily unavailable', `errorCategory: 'TRANSIENT'`],
    lacks: ['launch_task failed'],
  },
  {
    name: 'near miss: a catch answering with a generic word keeps no message of its own',
    input: [
      ...HEAD,
      `declare function fetchCover(id: string): Promise<string>;`,
      `server.tool('get_cover', { id: z.string() }, async ({ id }) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await fetchCover(id) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'Error' }] };`,
      `  }`,
      `});`,
    ],
    contains: [`return toolError(error, 'get_cover');`],
    lacks: [],
  },
  {
    name: 'a file whose imports write `{z}` without spaces: the helper import is written the same way',
    input: [
      `import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import {z} from 'zod';`,
      `const server = new McpServer({name: 'shelf', version: '1.0.0'});`,
      `declare function count(): Promise<number>;`,
      `server.tool('count_books', {}, async () => {`,
      `\treturn {content: [{type: 'text', text: String(await count())}]};`,
      `});`,
    ],
    contains: [`import {toolError} from './toolErrors.js';`],
    lacks: ['import { toolError }'],
  },
  {
    name: 'near miss: a file whose imports pad their braces keeps `{ toolError }`',
    input: [
      ...HEAD,
      `declare function count(): Promise<number>;`,
      `server.tool('count_books', {}, async () => {`,
      `  return { content: [{ type: 'text', text: String(await count()) }] };`,
      `});`,
    ],
    contains: [`import { toolError } from './toolErrors.js';`],
    lacks: [],
  },
  {
    name: "a handler kept in a const and registered later: the literal envelope writes `type: 'text' as const`",
    input: [
      ...HEAD,
      `const readShelf = async (args: { first?: number; last?: number }) => {`,
      `  if (args.first && args.last) {`,
      `    throw new Error('Cannot give both first and last');`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'shelf' }] };`,
      `};`,
      `server.registerTool('read_shelf', { inputSchema: { first: z.number().optional(), last: z.number().optional() } }, readShelf);`,
    ],
    contains: [`[{ type: 'text' as const, text: '[VALIDATION, not retryable] Cannot give both first and last' }]`],
    lacks: [],
  },
  {
    name: 'near miss: the same throw in a callback passed to registerTool is typed by it, no `as const`',
    input: [
      ...HEAD,
      `server.registerTool('read_shelf', { inputSchema: { first: z.number().optional(), last: z.number().optional() } }, async (args) => {`,
      `  if (args.first && args.last) {`,
      `    throw new Error('Cannot give both first and last');`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'shelf' }] };`,
      `});`,
    ],
    contains: [`[{ type: 'text', text: '[VALIDATION, not retryable] Cannot give both first and last' }]`],
    lacks: ['as const'],
  },
  {
    name: 'two unbraced case clauses that each answer a caught error share one scope: they classify inline',
    input: [
      ...HEAD,
      `declare function borrow(id: string): Promise<string>;`,
      `server.tool('borrow_book', { id: z.string() }, async ({ id }) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await borrow(id) }] };`,
      `  } catch (error: any) {`,
      `    switch (error.code) {`,
      `      case 'LOST':`,
      `        return { isError: true, content: [{ type: 'text', text: 'That copy is lost' }] };`,
      `      case 'LENT':`,
      `        return { isError: true, content: [{ type: 'text', text: 'That copy is lent out' }] };`,
      `      default:`,
      `        throw error;`,
      `    }`,
      `  }`,
      `});`,
    ],
    contains: ['classifyError(error).errorCategory'],
    lacks: ['const classified'],
  },
  {
    name: 'near miss: braced case clauses are scopes of their own and keep one shared classification each',
    input: [
      ...HEAD,
      `declare function borrow(id: string): Promise<string>;`,
      `server.tool('borrow_book', { id: z.string() }, async ({ id }) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await borrow(id) }] };`,
      `  } catch (error: any) {`,
      `    switch (error.code) {`,
      `      case 'LOST': {`,
      `        return { isError: true, content: [{ type: 'text', text: 'That copy is lost' }] };`,
      `      }`,
      `      case 'LENT': {`,
      `        return { isError: true, content: [{ type: 'text', text: 'That copy is lent out' }] };`,
      `      }`,
      `      default:`,
      `        throw error;`,
      `    }`,
      `  }`,
      `});`,
    ],
    contains: ['const classified = classifyError(error);'],
    lacks: ['classifyError(error).errorCategory'],
  },
  {
    name: "a low-level handler declared to return the SDK's ServerResult: no field the union does not allow",
    input: [
      `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
      `import { CallToolRequestSchema, type ServerResult } from '@modelcontextprotocol/sdk/types.js';`,
      `const server = new Server({ name: 'shelf', version: '1.0.0' }, { capabilities: { tools: {} } });`,
      `declare function shelve(name: string): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request): Promise<ServerResult> => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await shelve(request.params.name) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `  }`,
      `});`,
    ],
    contains: [],
    lacks: ['errorCategory: classified', 'errorCategory: classifyError', 'isRetryable: classif'],
  },
  {
    name: 'a handler declared to return `{ content: … }` only: a catch keeps its shape, no isError the type refuses',
    input: [
      ...HEAD,
      `declare function runIn(pod: string): Promise<string>;`,
      `server.tool('exec_in_pod', { pod: z.string() }, async ({ pod }): Promise<{ content: { type: 'text'; text: string }[] }> => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await runIn(pod) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'Could not run the command in the pod' }] };`,
      `  }`,
      `});`,
    ],
    contains: [`return { content: [{ type: 'text', text: 'Could not run the command in the pod' }] };`],
    lacks: [],
  },
  {
    name: "a tool method declared to return the file's own data interface: its throw stays, no envelope the type refuses",
    input: [
      ...HEAD,
      `interface ShelfSearchResponse { query: string; results: string[] }`,
      `server.tool('search_shelf', { query: z.string() }, async ({ query }): Promise<ShelfSearchResponse> => {`,
      `  if (!query) throw new Error('query is required');`,
      `  return { query, results: [] };`,
      `});`,
    ],
    contains: [`throw new Error('query is required');`],
    lacks: ['isError'],
  },
];

let root = '';
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-review4-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('fix review, round 4', () => {
  CASES.forEach((testCase, index) => {
    void it(testCase.name, () => {
      const dir = path.join(root, `case-${index}`);
      writeProject(dir, { 'src/server.ts': testCase.input.join('\n') + '\n' });
      const fixed = fixFile(dir, 'src/server.ts').text;
      for (const fragment of testCase.contains) {
        assert.ok(fixed.includes(fragment), `expected ${JSON.stringify(fragment)} in:\n${fixed}`);
      }
      for (const fragment of testCase.lacks) {
        assert.ok(!fixed.includes(fragment), `did not expect ${JSON.stringify(fragment)} in:\n${fixed}`);
      }
    });
  });
});
