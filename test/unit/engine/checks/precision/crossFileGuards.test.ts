/**
 * Precision: a tool handler whose failure is caught by a try/catch in ANOTHER file than the handler is
 * guarded — through a dispatcher module the tools/call handler calls inside its try, a tool runner that
 * invokes `tool.handler(args)`, a definition factory that runs the handler property inside its own try, a
 * server class that runs each registered callback inside its try, or a base class whose `invoke` runs the
 * subclass's `execute` inside its try. Look-alikes still fire: a catch that rethrows, a catch that only logs,
 * a call outside the try, a handler also registered directly elsewhere.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Project } from '../../../../../engine/src/discovery/project';
import { indexWorkspace } from '../../../../../engine/src/discovery/workspaceIndex';
import { DEFAULT_SETTINGS, engineSettings } from '../../../../../engine/src/settings';
import { guardFindings } from './guardWorkspace';

const SDK = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`;

/** The tools/call handler of server.ts: `body` runs in it; `shelfRoute` is the library's dispatcher. */
function routingServer(body: string): string {
  return [
    SDK,
    `import { isShelfCall, shelfRoute } from './library/route.js';`,
    `const server = new Server({ name: 'library', version: '1' }, { capabilities: { tools: {} } });`,
    `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    body,
    `});`,
  ].join('\n');
}

const ANSWERING_TRY = [
  `  try {`,
  `    if (isShelfCall(request)) return await shelfRoute(request);`,
  `    throw new Error('no such tool ' + request.params.name);`,
  `  } catch (error) {`,
  `    return { content: [{ type: 'text', text: String(error) }], isError: true };`,
  `  }`,
].join('\n');

const ROUTE = [
  `import { borrowBook } from './borrow.js';`,
  `export const isShelfCall = (request: { params: { name: string } }) => request.params.name.startsWith('shelf_');`,
  `export async function shelfRoute(request: { params: { name: string; arguments?: Record<string, unknown> } }) {`,
  `  switch (request.params.name) {`,
  `    case 'shelf_borrow': {`,
  `      const loan = await borrowBook(String(request.params.arguments?.isbn));`,
  `      return { content: [{ type: 'text', text: JSON.stringify(loan) }] };`,
  `    }`,
  `    default:`,
  `      throw new Error('unknown shelf tool');`,
  `  }`,
  `}`,
].join('\n');

const BORROW = [
  `export async function borrowBook(isbn: string) {`,
  `  const response = await fetch('https://library.invalid/loans/' + isbn, { method: 'POST' });`,
  `  if (!response.ok) throw new Error('loan refused: ' + response.status);`,
  `  return response.json();`,
  `}`,
].join('\n');

function routed(body: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'server.ts': routingServer(body),
    'library/route.ts': ROUTE,
    'library/borrow.ts': BORROW,
    ...extra,
  };
}

describe('precision: a dispatcher module called inside the tools/call try of another file', () => {
  it('the feature function its branch runs is guarded by that try', () => {
    assert.deepEqual(guardFindings(routed(ANSWERING_TRY), 'library/borrow.ts'), []);
  });

  it('the dispatcher itself (its own default throw) is guarded by that try', () => {
    assert.deepEqual(guardFindings(routed(ANSWERING_TRY), 'library/route.ts'), []);
  });

  it('look-alike: a catch that logs and rethrows guards nothing', () => {
    const body = ANSWERING_TRY.replace(
      `    return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `    console.error(error);\n    throw error;`,
    );
    assert.deepEqual(guardFindings(routed(body), 'library/borrow.ts'), ['unguarded-handler:1', 'throw-in-handler:3']);
  });

  it('look-alike: a catch that only logs (answers nothing) guards nothing', () => {
    const body = ANSWERING_TRY.replace(
      `    return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `    console.error(error);`,
    );
    assert.deepEqual(guardFindings(routed(body), 'library/borrow.ts'), ['unguarded-handler:1', 'throw-in-handler:3']);
  });

  it('look-alike: a try that does not contain the dispatcher call guards nothing', () => {
    const body = [
      `  try {`,
      `    console.error('call', request.params.name);`,
      `  } catch (error) {`,
      `    return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `  }`,
      `  if (isShelfCall(request)) return await shelfRoute(request);`,
      `  throw new Error('no such tool');`,
    ].join('\n');
    assert.deepEqual(guardFindings(routed(body), 'library/borrow.ts'), ['unguarded-handler:1', 'throw-in-handler:3']);
  });

  it('look-alike: the dispatcher also called from another tools/call handler without a try stays unguarded', () => {
    const direct = [
      SDK,
      `import { shelfRoute } from './library/route.js';`,
      `const kiosk = new Server({ name: 'kiosk', version: '1' }, { capabilities: { tools: {} } });`,
      `kiosk.setRequestHandler(CallToolRequestSchema, async (request) => shelfRoute(request));`,
    ].join('\n');
    const found = guardFindings(routed(ANSWERING_TRY, { 'kiosk.ts': direct }), 'library/borrow.ts');
    assert.deepEqual(found, ['unguarded-handler:1', 'throw-in-handler:3']);
  });
});

const RUNNER = [
  `import { catalogueTools } from './catalogue.js';`,
  `export const tools = [...catalogueTools];`,
  `export async function runTool(name: string, args: unknown) {`,
  `  const tool = tools.find((t) => t.name === name);`,
  `  if (!tool) throw new Error('unknown tool ' + name);`,
  `  return await tool.handler(args);`,
  `}`,
].join('\n');

const CATALOGUE = [
  `const searchCatalogue = {`,
  `  name: 'catalogue_search',`,
  `  description: 'Search the catalogue',`,
  `  inputSchema: { type: 'object' },`,
  `  handler: async (args: unknown) => {`,
  `    const response = await fetch('https://catalogue.invalid/search?q=' + String(args));`,
  `    if (!response.ok) throw new Error('search failed');`,
  `    return response.json();`,
  `  },`,
  `};`,
  `export const catalogueTools = [searchCatalogue];`,
].join('\n');

function runnerServer(catchBody: string): string {
  return [
    SDK,
    `import { runTool } from './tools/index.js';`,
    `const server = new Server({ name: 'catalogue', version: '1' }, { capabilities: { tools: {} } });`,
    `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `  try {`,
    `    const result = await runTool(request.params.name, request.params.arguments);`,
    `    return { content: [{ type: 'text', text: JSON.stringify(result) }] };`,
    `  } catch (error) {`,
    catchBody,
    `  }`,
    `});`,
  ].join('\n');
}

describe('precision: a tool runner (tool.handler(args)) called inside the tools/call try of another file', () => {
  it('the definitions it runs are guarded by that try', () => {
    const files = {
      'server.ts': runnerServer(`    return { content: [{ type: 'text', text: String(error) }], isError: true };`),
      'tools/index.ts': RUNNER,
      'tools/catalogue.ts': CATALOGUE,
    };
    assert.deepEqual(guardFindings(files, 'tools/catalogue.ts'), []);
  });

  it('look-alike: when that catch rethrows, the definitions still fire', () => {
    const files = {
      'server.ts': runnerServer(`    throw new Error('tool failed: ' + String(error));`),
      'tools/index.ts': RUNNER,
      'tools/catalogue.ts': CATALOGUE,
    };
    assert.deepEqual(guardFindings(files, 'tools/catalogue.ts'), ['unguarded-handler:5', 'throw-in-handler:7']);
  });
});

function factory(catchBody: string): string {
  return [
    `export function createTool(spec: { name: string; description: string; run: (args: unknown) => Promise<unknown> }) {`,
    `  const invoke = async (args: unknown) => {`,
    `    try {`,
    `      return await spec.run(args);`,
    `    } catch (error) {`,
    catchBody,
    `    }`,
    `  };`,
    `  return { name: spec.name, description: spec.description, invoke };`,
    `}`,
  ].join('\n');
}

const DEVICES = [
  `import { createTool } from './factory.js';`,
  `export const listDevices = createTool({`,
  `  name: 'list_devices',`,
  `  description: 'List the devices of a site',`,
  `  run: async (args) => {`,
  `    const response = await fetch('https://devices.invalid/' + String(args));`,
  `    if (!response.ok) throw new Error('listing failed');`,
  `    return response.json();`,
  `  },`,
  `});`,
].join('\n');

describe('precision: a definition factory in another file that runs the handler property inside its try', () => {
  it('the handler passed as that property is guarded', () => {
    const files = {
      'tools/factory.ts': factory(`      return 'Failed to run ' + spec.name + ': ' + String(error);`),
      'tools/devices.ts': DEVICES,
    };
    assert.deepEqual(guardFindings(files, 'tools/devices.ts'), []);
  });

  it('look-alike: a factory whose catch logs and rethrows guards nothing', () => {
    const files = {
      'tools/factory.ts': factory(`      console.error(error);\n      throw error;`),
      'tools/devices.ts': DEVICES,
    };
    assert.deepEqual(guardFindings(files, 'tools/devices.ts'), ['unguarded-handler:5', 'throw-in-handler:7']);
  });
});

function callbackServer(callTool: string): string {
  return [
    SDK,
    `type Callback = (args: unknown) => Promise<string>;`,
    `export class ShelfServer {`,
    `  private readonly server = new Server({ name: 'shelves', version: '1' }, { capabilities: { tools: {} } });`,
    `  private tools: Record<string, { name: string; description: string; cb: Callback }> = {};`,
    `  constructor() {`,
    `    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `      const tool = this.tools[request.params.name];`,
    callTool,
    `    });`,
    `  }`,
    `  tool(definition: { name: string; description: string; inputSchema: undefined; cb: Callback }) {`,
    `    this.tools[definition.name] = definition;`,
    `  }`,
    `}`,
  ].join('\n');
}

const SHELVES = [
  `import type { ShelfServer } from '../ShelfServer.js';`,
  `export function registerListShelves(server: ShelfServer) {`,
  `  server.tool({`,
  `    name: 'list_shelves',`,
  `    description: 'List the shelves',`,
  `    inputSchema: undefined,`,
  `    cb: async () => {`,
  `      const response = await fetch('https://shelves.invalid/all');`,
  `      return JSON.stringify(await response.json());`,
  `    },`,
  `  });`,
  `}`,
].join('\n');

describe('precision: a server class in another file that runs each registered callback inside its try', () => {
  it('the callback registered through it is guarded', () => {
    const callTool = [
      `      try {`,
      `        const cb = tool.cb as Callback;`,
      `        return { content: [{ type: 'text', text: await cb(request.params.arguments) }] };`,
      `      } catch (error) {`,
      `        return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `      }`,
    ].join('\n');
    const files = { 'ShelfServer.ts': callbackServer(callTool), 'tools/shelves.ts': SHELVES };
    assert.deepEqual(guardFindings(files, 'tools/shelves.ts'), []);
  });

  it('look-alike: the callback run before the try is not guarded by it', () => {
    const callTool = [
      `      const cb = tool.cb as Callback;`,
      `      const text = await cb(request.params.arguments);`,
      `      try {`,
      `        return { content: [{ type: 'text', text: JSON.stringify(JSON.parse(text)) }] };`,
      `      } catch (error) {`,
      `        return { content: [{ type: 'text', text: String(error) }], isError: true };`,
      `      }`,
    ].join('\n');
    const files = { 'ShelfServer.ts': callbackServer(callTool), 'tools/shelves.ts': SHELVES };
    assert.deepEqual(guardFindings(files, 'tools/shelves.ts'), ['unguarded-handler:7']);
  });
});

function baseTool(catchBody: string): string {
  return [
    `export abstract class WordTool<Input> {`,
    `  abstract readonly name: string;`,
    `  abstract readonly schema: { parse(value: unknown): Input };`,
    `  protected abstract execute(input: Input): Promise<{ content: { type: 'text'; text: string }[] }>;`,
    `  async invoke(args: unknown) {`,
    `    try {`,
    `      return await this.execute(this.schema.parse(args));`,
    `    } catch (error) {`,
    catchBody,
    `    }`,
    `  }`,
    `}`,
  ].join('\n');
}

const DEFINE = [
  `import { WordTool } from './base.js';`,
  `export class DefineTool extends WordTool<{ word: string }> {`,
  `  readonly name = 'define_word';`,
  `  readonly schema = { parse: (value: unknown) => value as { word: string } };`,
  `  protected async execute(input: { word: string }) {`,
  `    const response = await fetch('https://words.invalid/' + input.word);`,
  `    return { content: [{ type: 'text' as const, text: await response.text() }] };`,
  `  }`,
  `}`,
].join('\n');

describe('precision: a base class in another file whose invoke runs execute inside its try', () => {
  it('the subclass execute method is guarded', () => {
    const files = {
      'tools/base.ts': baseTool(
        `      return { content: [{ type: 'text' as const, text: String(error) }], isError: true };`,
      ),
      'tools/define.ts': DEFINE,
    };
    assert.deepEqual(guardFindings(files, 'tools/define.ts'), []);
  });

  it('look-alike: a base whose catch logs and rethrows guards nothing', () => {
    const files = {
      'tools/base.ts': baseTool(`      console.error(error);\n      throw error;`),
      'tools/define.ts': DEFINE,
    };
    assert.deepEqual(guardFindings(files, 'tools/define.ts'), ['unguarded-handler:5']);
  });
});

/** The evidence of the handlers discovery found in `target` (files under /ws/src/, as guardFindings takes them). */
function handlerEvidence(files: Readonly<Record<string, string>>, target: string): string[] {
  const all = new Map<string, string>([
    ['/ws/package.json', JSON.stringify({ name: 'ws', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } })],
  ]);
  for (const [name, text] of Object.entries(files)) all.set(`/ws/src/${name}`, text);
  const settings = engineSettings(DEFAULT_SETTINGS);
  const project = new Project(
    (fileName) => all.has(fileName),
    (fileName) => all.get(fileName),
  );
  const sources = [...all].filter(([name]) => name.endsWith('.ts')).map(([fileName, text]) => ({ fileName, text }));
  indexWorkspace(project, sources, settings, ['/ws/package.json']);
  const outcome = project.analyse(`/ws/src/${target}`, all.get(`/ws/src/${target}`) ?? '', settings);
  assert.equal(outcome.kind, 'analysed');
  return outcome.kind === 'analysed' ? outcome.result.scan.handlers.flatMap((h) => h.evidence ?? []) : [];
}

describe('precision: the guard in another file is recorded as evidence', () => {
  it('the feature function names the try of server.ts and the dispatcher it calls', () => {
    const evidence = handlerEvidence(routed(ANSWERING_TRY), 'library/borrow.ts');
    assert.ok(evidence.includes('guarded by the try at server.ts:6 that calls shelfRoute'), evidence.join('\n'));
  });

  it('the base class try is named for the subclass execute method', () => {
    const files = {
      'tools/base.ts': baseTool(
        `      return { content: [{ type: 'text' as const, text: String(error) }], isError: true };`,
      ),
      'tools/define.ts': DEFINE,
    };
    const evidence = handlerEvidence(files, 'tools/define.ts');
    assert.ok(evidence.includes('guarded by the try at base.ts:6 that calls this.execute'), evidence.join('\n'));
  });
});
