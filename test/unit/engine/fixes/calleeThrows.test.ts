/**
 * Catch-all fixes follow the throw sites of the workspace functions a try block calls (same file, and imported
 * from another file), two calls deep: when nothing else can fail and the sites agree, the fix writes their category
 * as a literal and names the site; otherwise `toolError` decides at run time and the title names the callee sites
 * whose words it reads. A site three calls deep is not read. The fixtures are made up for these tests.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixFile, writeProject } from './fixProject';

const HEAD = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `const server = new McpServer({ name: 'notes', version: '1.0.0' });`,
  `const NOTE = '/srv/notes/today.md';`,
];

/** Workspace files the handlers import. Line numbers matter: the titles name them. */
const LIBRARY: Record<string, string> = {
  'src/workspace.ts': [
    `import { readFile } from 'node:fs/promises';`, // 1
    `import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';`, // 2
    `import { assertInsideRoot } from './guards.js';`, // 3
    ``, // 4
    `export function ensureInside(target: string): string {`, // 5
    `  if (!target.startsWith('/srv/notes/')) {`, // 6
    `    throw new Error('Access denied - the note lies outside the notes folder');`, // 7
    `  }`, // 8
    `  return target;`, // 9
    `}`, // 10
    ``, // 11
    `export async function loadNote(target: string): Promise<string> {`, // 12
    `  const checked = ensureInside(target);`, // 13
    `  return await readFile(checked, 'utf8');`, // 14
    `}`, // 15
    ``, // 16
    `export function checkRange(start: number, end: number): void {`, // 17
    `  if (start >= end) throw new Error('start must be less than end');`, // 18
    `  if (end - start > 500) throw new Error('the range must be at most 500 lines long');`, // 19
    `}`, // 20
    ``, // 21
    `export function outerCheck(target: string): string {`, // 22
    `  return middleCheck(target);`, // 23
    `}`, // 24
    ``, // 25
    `function middleCheck(target: string): string {`, // 26
    `  return assertInsideRoot(target);`, // 27
    `}`, // 28
    ``, // 29
    `export function pickNote(name: string): string {`, // 30
    `  if (name === '') throw new Error('Note not found');`, // 31
    `  if (name.startsWith('.')) throw new Error('Access denied - hidden notes are private');`, // 32
    `  return name;`, // 33
    `}`, // 34
    ``, // 35
    `export function checkPage(page: number): number {`, // 36
    `  if (page < 1) throw new McpError(ErrorCode.InvalidParams, 'page must be positive');`, // 37
    `  return page;`, // 38
    `}`, // 39
    ``, // 40
    `export async function fetchShared(client: NoteClient, id: string): Promise<string> {`, // 41
    `  if (id.startsWith('private-')) throw new Error('Access denied - the note is private');`, // 42
    `  return await client.notes.get(id);`, // 43
    `}`, // 44
    `interface NoteClient {`,
    `  notes: { get(id: string): Promise<string> };`,
    `}`,
  ].join('\n'),
  'src/guards.ts': [
    `export function assertInsideRoot(target: string): string {`,
    `  if (target.includes('..')) throw new Error('Access denied - the path climbs out of the root');`,
    `  return target;`,
    `}`,
  ].join('\n'),
};

interface CalleeCase {
  name: string;
  /** The handler file's lines after HEAD. */
  body: string[];
  /** Patterns the fixed text must match, and must not. */
  output: RegExp[];
  notInOutput?: RegExp[];
  /** A pattern one applied fix title must match, and patterns no title may match. */
  title: RegExp;
  notInTitles?: RegExp[];
}

const CASES: CalleeCase[] = [
  {
    name: 'same file, depth 1: the only way the try block fails is a VALIDATION throw → literal, site named',
    body: [
      `function requireTicket(ticket: string): string {`,
      `  if (!ticket.startsWith('T-')) throw new Error('Ticket id is invalid: expected T-<number>');`,
      `  return ticket;`,
      `}`,
      `server.registerTool('open_ticket', {}, async () => {`,
      `  try {`,
      `    const ticket = requireTicket(process.env.TICKET ?? '');`,
      `    return { content: [{ type: 'text', text: ticket }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/errorCategory: 'VALIDATION',\n\s+isRetryable: false,/, /\[VALIDATION, not retryable\]/],
    notInOutput: [/toolError\(/],
    title:
      /errorCategory 'VALIDATION', isRetryable: false \(thrown by requireTicket\(\) at server\.ts:5: 'Ticket id is invalid: expected T-<number>'\)/,
  },
  {
    name: 'same file, depth 2: the handler calls a function that calls the thrower → literal',
    body: [
      `function requireTicket(ticket: string): string {`,
      `  if (!ticket.startsWith('T-')) throw new Error('Ticket id is invalid: expected T-<number>');`,
      `  return ticket;`,
      `}`,
      `function prepare(raw: string): string {`,
      `  return requireTicket(raw.trim());`,
      `}`,
      `server.registerTool('open_ticket', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: prepare(process.env.TICKET ?? '') }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'no ticket' }] };`,
      `  }`,
      `});`,
    ],
    output: [/errorCategory: 'VALIDATION'/],
    notInOutput: [/toolError\(/],
    title: /thrown by requireTicket\(\) at server\.ts:5/,
  },
  {
    name: 'imported, depth 1: two agreeing throw sites → literal, the first named and the other counted',
    body: [
      `import { checkRange } from './workspace.js';`,
      `server.registerTool('slice_note', {}, async () => {`,
      `  try {`,
      `    checkRange(Number(process.env.FROM), Number(process.env.TO));`,
      `    return { content: [{ type: 'text', text: 'ok' }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/errorCategory: 'VALIDATION'/],
    notInOutput: [/toolError\(/],
    title: /thrown by checkRange\(\) at workspace\.ts:18: 'start must be less than end' and 1 more throw site\)/,
  },
  {
    name: 'imported, depth 2 beside file I/O: toolError decides, the title names the PERMISSION site it reads',
    body: [
      `import { loadNote } from './workspace.js';`,
      `server.registerTool('read_note', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await loadNote(NOTE) }] };`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: 'No note today' }] };`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'read_note', 'No note today'\);/],
    notInOutput: [/errorCategory: 'PERMISSION'/],
    title:
      /callee throw site: PERMISSION thrown by ensureInside\(\) at workspace\.ts:7: 'Access denied - the note lies outside the notes folder'/,
  },
  {
    name: 'throw sites that disagree: toolError decides, both sites named',
    body: [
      `import { pickNote } from './workspace.js';`,
      `server.registerTool('pick_note', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: pickNote(process.env.NAME ?? '') }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'pick_note'\);/],
    notInOutput: [/errorCategory: '/],
    title:
      /callee throw sites: NOT_FOUND thrown by pickNote\(\) at workspace\.ts:31: 'Note not found'; PERMISSION thrown by pickNote\(\) at workspace\.ts:32/,
  },
  {
    name: 'McpError(ErrorCode.InvalidParams) in a callee → literal VALIDATION',
    body: [
      `import { checkPage } from './workspace.js';`,
      `server.registerTool('page', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: String(checkPage(Number(process.env.PAGE))) }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/errorCategory: 'VALIDATION'/],
    title: /thrown by checkPage\(\) at workspace\.ts:37: 'page must be positive'/,
  },
  {
    name: 'an awaited request that reads like a map lookup (client.notes.get) can fail: toolError decides',
    body: [
      `import { fetchShared } from './workspace.js';`,
      `const client = { notes: { get: async (id: string) => id } };`,
      `server.registerTool('shared_note', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await fetchShared(client, 'n-1') }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'shared_note'\);/],
    notInOutput: [/errorCategory: 'PERMISSION'/],
    title:
      /callee throw site: PERMISSION thrown by fetchShared\(\) at workspace\.ts:42: 'Access denied - the note is private'/,
  },
  {
    name: 'a callback the try block runs can fail too (forEach calling an unread function): toolError decides',
    body: [
      `import { audit } from 'audit-log';`,
      `function requireTicket(ticket: string): string {`,
      `  if (!ticket.startsWith('T-')) throw new Error('Ticket id is invalid: expected T-<number>');`,
      `  return ticket;`,
      `}`,
      `server.registerTool('open_ticket', {}, async () => {`,
      `  try {`,
      `    const ticket = requireTicket(process.env.TICKET ?? '');`,
      `    [ticket].forEach((one) => audit(one));`,
      `    return { content: [{ type: 'text', text: ticket }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'open_ticket'\);/],
    notInOutput: [/errorCategory: 'VALIDATION'/],
    title: /callee throw site: VALIDATION thrown by requireTicket\(\) at server\.ts:6/,
  },
  {
    name: 'a project class constructed in the try block can throw: toolError decides',
    body: [
      `import { NoteStore } from 'note-store';`,
      `function requireTicket(ticket: string): string {`,
      `  if (!ticket.startsWith('T-')) throw new Error('Ticket id is invalid: expected T-<number>');`,
      `  return ticket;`,
      `}`,
      `server.registerTool('open_ticket', {}, async () => {`,
      `  try {`,
      `    const store = new NoteStore(NOTE);`,
      `    return { content: [{ type: 'text', text: requireTicket(String(store)) }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'open_ticket'\);/],
    notInOutput: [/errorCategory: 'VALIDATION'/],
    title: /callee throw site: VALIDATION thrown by requireTicket\(\)/,
  },
  {
    name: 'depth limit: a throw three calls deep is not read; toolError decides and names no site',
    body: [
      `import { outerCheck } from './workspace.js';`,
      `server.registerTool('check_path', {}, async () => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: outerCheck(NOTE) }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    output: [/return toolError\(error, 'check_path'\);/],
    notInOutput: [/errorCategory: 'PERMISSION'/],
    title: /^Return toolError\(error, 'check_path'\): the category is read from the caught error at run time$/,
    notInTitles: [/assertInsideRoot|climbs out/],
  },
];

let root: string;

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-callee-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('catch-all fixes follow callee throw sites', () => {
  CASES.forEach((testCase, index) => {
    void it(testCase.name, () => {
      const dir = path.join(root, `case-${index}`);
      writeProject(dir, { ...LIBRARY, 'src/server.ts': [...HEAD, ...testCase.body].join('\n') + '\n' });
      const fixed = fixFile(dir, 'src/server.ts');
      for (const pattern of testCase.output) assert.match(fixed.text, pattern);
      for (const pattern of testCase.notInOutput ?? []) assert.doesNotMatch(fixed.text, pattern);
      assert.ok(
        fixed.applied.some((title) => testCase.title.test(title)),
        `no title matches ${String(testCase.title)}:\n${fixed.applied.join('\n')}`,
      );
      for (const pattern of testCase.notInTitles ?? []) {
        assert.ok(!fixed.applied.some((title) => pattern.test(title)), fixed.applied.join('\n'));
      }
    });
  });

  void it('an edited callee is read again (the cache follows the file on disk)', () => {
    const dir = path.join(root, 'edited');
    const body = [
      `import { checkRange } from './workspace.js';`,
      `server.registerTool('slice_note', {}, async () => {`,
      `  try {`,
      `    checkRange(1, 2);`,
      `    return { content: [{ type: 'text', text: 'ok' }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ];
    writeProject(dir, { ...LIBRARY, 'src/server.ts': [...HEAD, ...body].join('\n') + '\n' });
    assert.match(fixFile(dir, 'src/server.ts').text, /errorCategory: 'VALIDATION'/);
    const edited = [
      `export function checkRange(start: number, end: number): void {`,
      `  if (start >= end) throw new Error('Access denied - ranges are closed today');`,
      `}`,
    ].join('\n');
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(path.join(dir, 'src/workspace.ts'), edited);
    fs.utimesSync(path.join(dir, 'src/workspace.ts'), later, later);
    assert.match(fixFile(dir, 'src/server.ts').text, /errorCategory: 'PERMISSION'/);
  });
});
