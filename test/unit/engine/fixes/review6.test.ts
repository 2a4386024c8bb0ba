/**
 * Fix review, round 6 (docs/fix-review.md): patterns found by reading the fixes `check --fix` makes on servers never
 * used for fix work (the fresh2 set), each written here as invented code. Every case runs fix-all on a small project
 * and says what the fixed file must contain and must not contain; near misses sit beside the cases they border.
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
  /** Other files of the project (relative path → lines). */
  others?: Record<string, string[]>;
}

const HEAD = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `const server = new McpServer({ name: 'greenhouse', version: '1.0.0' });`,
];

const LOW_LEVEL_HEAD = [
  `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
  `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
  `const server = new Server({ name: 'greenhouse', version: '1.0.0' }, { capabilities: { tools: {} } });`,
];

/** A result type whose error carries a status code (as a project's own error classes do). */
const OUTCOME = [
  `class PlantError extends Error { constructor(message: string, readonly statusCode: number) { super(message); } }`,
  `type Outcome<T> = { ok: true; value: T } | { ok: false; error: PlantError };`,
];

const CASES: ReviewCase[] = [
  {
    name: "an envelope whose text renders a result's error (`outcome.error.describe()`): that error decides at run time",
    input: [
      ...HEAD,
      ...OUTCOME,
      `declare function water(bed: string): Promise<Outcome<number>>;`,
      `server.tool('water_bed', { bed: z.string() }, async ({ bed }) => {`,
      `  const outcome = await water(bed);`,
      `  if (outcome.ok) return { content: [{ type: 'text', text: String(outcome.value) }] };`,
      `  return { isError: true, content: [{ type: 'text', text: outcome.error.describe() }] };`,
      `});`,
    ],
    contains: ['classifyError(outcome.error)'],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: "a throw of a result's rendered error (`outcome.error.describe()`): the helper reads the error, the words stay",
    input: [
      ...HEAD,
      ...OUTCOME,
      `declare function prune(bed: string): Promise<Outcome<number>>;`,
      `server.tool('prune_bed', { bed: z.string() }, async ({ bed }) => {`,
      `  const outcome = await prune(bed);`,
      `  if (!outcome.ok) throw new Error(outcome.error.describe());`,
      `  return { content: [{ type: 'text', text: String(outcome.value) }] };`,
      `});`,
    ],
    contains: [`return toolError(outcome.error, 'prune_bed', outcome.error.describe());`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: '`if (!outcome.ok)` on a result object whose text reads `outcome.error`: the error is classified, not the object',
    input: [
      ...HEAD,
      ...OUTCOME,
      `declare function harvest(bed: string): Promise<Outcome<number>>;`,
      `server.tool('harvest_bed', { bed: z.string() }, async ({ bed }) => {`,
      `  const outcome = await harvest(bed);`,
      `  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.error.message }] };`,
      `  return { content: [{ type: 'text', text: String(outcome.value) }] };`,
      `});`,
    ],
    contains: ['classifyError(outcome.error)'],
    lacks: ['classifyError(outcome)'],
  },
  {
    name: 'near miss: a method given arguments (`outcome.error.describe(locale)`) is not a plain rendering of the error',
    input: [
      ...HEAD,
      ...OUTCOME,
      `declare function water(bed: string): Promise<Outcome<number>>;`,
      `server.tool('water_bed', { bed: z.string(), locale: z.string() }, async ({ bed, locale }) => {`,
      `  const outcome = await water(bed);`,
      `  if (outcome.ok) return { content: [{ type: 'text', text: String(outcome.value) }] };`,
      `  return { isError: true, content: [{ type: 'text', text: outcome.error.describe(locale) }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'UNKNOWN'`],
    lacks: ['classifyError(outcome.error)'],
  },
  {
    name: 'a guard that refuses a caller without a role (`!isGardener`-like `!isAdmin`) is PERMISSION',
    input: [
      ...HEAD,
      `declare function whoAmI(): Promise<{ isAdmin: boolean }>;`,
      `declare function approve(id: string): Promise<void>;`,
      `server.tool('approve_cutting', { id: z.string() }, async ({ id }) => {`,
      `  const { isAdmin } = await whoAmI();`,
      `  if (!isAdmin) {`,
      `    return { isError: true, content: [{ type: 'text', text: 'Only head gardeners may approve cuttings' }] };`,
      `  }`,
      `  await approve(id);`,
      `  return { content: [{ type: 'text', text: 'approved' }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'PERMISSION'`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: "a throw under a role comparison (`member.role !== 'owner'`) is PERMISSION",
    input: [
      ...HEAD,
      `declare function memberOf(bed: string): Promise<{ role: string }>;`,
      `server.tool('sell_bed', { bed: z.string() }, async ({ bed }) => {`,
      `  const member = await memberOf(bed);`,
      `  if (member.role !== 'owner') throw new Error('Only the owner of a bed may sell it');`,
      `  return { content: [{ type: 'text', text: 'sold' }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'PERMISSION'`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: 'near miss: a readiness flag (`!isReady`) says nothing about who may act',
    input: [
      ...HEAD,
      `declare function pumpState(): Promise<{ isReady: boolean }>;`,
      `server.tool('start_pump', {}, async () => {`,
      `  const { isReady } = await pumpState();`,
      `  if (!isReady) {`,
      `    return { isError: true, content: [{ type: 'text', text: 'The pump cannot start yet' }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'started' }] };`,
      `});`,
    ],
    contains: [],
    lacks: [`errorCategory: 'PERMISSION'`],
  },
  {
    name: "a guard on a record's workflow state (`request.status !== 'pending'`) is BUSINESS",
    input: [
      ...HEAD,
      `declare function loadRequest(id: string): Promise<{ status: string }>;`,
      `server.tool('decide_request', { id: z.string() }, async ({ id }) => {`,
      `  const request = await loadRequest(id);`,
      `  if (request.status !== 'pending') {`,
      `    return { isError: true, content: [{ type: 'text', text: 'This request was decided before' }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'decided' }] };`,
      `});`,
    ],
    contains: [`errorCategory: 'BUSINESS'`],
    lacks: [`errorCategory: 'UNKNOWN'`],
  },
  {
    name: "near miss: an upstream outcome compared (`reply.status !== 'OK'`) is no workflow state",
    input: [
      ...HEAD,
      `declare function forecast(city: string): Promise<{ status: string }>;`,
      `server.tool('rain_forecast', { city: z.string() }, async ({ city }) => {`,
      `  const reply = await forecast(city);`,
      `  if (reply.status !== 'OK') {`,
      `    return { isError: true, content: [{ type: 'text', text: 'The forecast service answered ' + reply.status }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'rain' }] };`,
      `});`,
    ],
    contains: [],
    lacks: [`errorCategory: 'BUSINESS'`],
  },
  {
    name: 'a low-level handler reading the tool name from its request names it at run time, not "the tool call"',
    input: [
      ...LOW_LEVEL_HEAD,
      `declare function runTool(name: string, args: unknown): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  try {`,
      `    const text = await runTool(request.params.name, request.params.arguments);`,
      `    return { content: [{ type: 'text', text }] };`,
      `  } catch (error) {`,
      `    console.error(error);`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    contains: [`return toolError(error, request.params.name);`],
    lacks: [`'the tool call'`],
  },
  {
    name: 'a low-level handler destructuring the name in its try block: the catch reads the request, which is in scope',
    input: [
      ...LOW_LEVEL_HEAD,
      `declare function runTool(name: string, args: unknown): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  try {`,
      `    const { name, arguments: args } = request.params;`,
      `    return { content: [{ type: 'text', text: await runTool(name, args) }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    contains: [`return toolError(error, request.params.name);`],
    lacks: [`toolError(error, name)`, `'the tool call'`],
  },
  {
    name: 'near miss: a handler that never reads the name from its request keeps the neutral phrase',
    input: [
      ...LOW_LEVEL_HEAD,
      `declare function runOnly(args: unknown): Promise<string>;`,
      `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await runOnly(request.params.arguments) }] };`,
      `  } catch (error) {`,
      `    throw error;`,
      `  }`,
      `});`,
    ],
    contains: [`return toolError(error, 'the tool call');`],
    lacks: ['request.params.name'],
  },
  {
    name: 'a throw in a handler declared to return a closed response interface of another file: no field it refuses',
    others: {
      'src/types.ts': [
        `export interface GreenhouseResponse {`,
        `  content: Array<{ type: string; text: string }>;`,
        `  isError?: boolean;`,
        `}`,
      ],
    },
    input: [
      ...HEAD,
      `import type { GreenhouseResponse } from './types.js';`,
      `declare function vent(open: boolean): Promise<string>;`,
      `async function handleVent(args: { open?: boolean }): Promise<GreenhouseResponse> {`,
      `  if (args.open === undefined) {`,
      `    throw new Error('open must be given');`,
      `  }`,
      `  return { content: [{ type: 'text', text: await vent(args.open) }] };`,
      `}`,
      `server.tool('vent', { open: z.boolean().optional() }, handleVent);`,
    ],
    contains: [`isError: true,`, `[VALIDATION, not retryable] open must be given`],
    lacks: ['errorCategory:', 'isRetryable:'],
  },
  {
    name: 'a structured problem built locally and stringified (`JSON.stringify(err)`) is kept, not replaced by a neutral text',
    input: [
      ...HEAD,
      `function problem(code: string, message: string) {`,
      `  return { error: { code, message } };`,
      `}`,
      `server.tool('graft', { stock: z.string(), scion: z.string() }, async ({ stock, scion }) => {`,
      `  if (stock.trim() === '') {`,
      `    const err = problem('NO_STOCK', 'A rootstock is required to graft.');`,
      `    return { isError: true, content: [{ type: 'text', text: JSON.stringify(err) }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: stock + scion }] };`,
      `});`,
    ],
    contains: ['text: JSON.stringify(err)', `errorCategory: 'VALIDATION'`],
    lacks: ['err instanceof Error'],
  },
  {
    name: 'near miss: a caught error stringified (`JSON.stringify(error)`) still reads its message',
    input: [
      ...HEAD,
      `declare function graft(stock: string): Promise<string>;`,
      `server.tool('graft', { stock: z.string() }, async ({ stock }) => {`,
      `  try {`,
      `    return { content: [{ type: 'text', text: await graft(stock) }] };`,
      `  } catch (error) {`,
      `    return { isError: true, content: [{ type: 'text', text: JSON.stringify(error) }] };`,
      `  }`,
      `});`,
    ],
    contains: ['error instanceof Error ? error.message'],
    lacks: ['JSON.stringify(error)'],
  },
  {
    name: "an envelope holding its words outside content (`{ text: 'Sprayer not ready', isError: true }`): they become the content",
    input: [
      ...HEAD,
      `declare const sprayer: { ready: boolean; spray(bed: string): Promise<string> };`,
      `server.tool('spray_bed', { bed: z.string() }, async ({ bed }) => {`,
      `  if (!sprayer.ready) return { text: 'Sprayer not ready', isError: true };`,
      `  return { content: [{ type: 'text', text: await sprayer.spray(bed) }] };`,
      `});`,
    ],
    contains: ["] Sprayer not ready' }]"],
    lacks: ['unclassified failure'],
  },
  {
    name: 'after `reply.isError = true` on a variable declared with a closed type literal, no field it lacks is assigned',
    input: [
      ...HEAD,
      `declare function pot(plant: string): Promise<{ text: string; failed: boolean }>;`,
      `server.tool('pot_plant', { plant: z.string() }, async ({ plant }) => {`,
      `  const outcome = await pot(plant);`,
      `  const reply: { content: Array<{ type: 'text'; text: string }>; isError?: boolean } = {`,
      `    content: [{ type: 'text', text: outcome.text }],`,
      `  };`,
      `  if (outcome.failed) {`,
      `    reply.isError = true;`,
      `  }`,
      `  return reply;`,
      `});`,
    ],
    contains: ['reply.isError = true;'],
    lacks: ['reply.errorCategory', 'reply.isRetryable'],
  },
  {
    name: 'near miss: a declared type with an index signature takes the assigned fields',
    input: [
      ...HEAD,
      `declare function pot(plant: string): Promise<{ text: string; failed: boolean }>;`,
      `server.tool('pot_plant', { plant: z.string() }, async ({ plant }) => {`,
      `  const outcome = await pot(plant);`,
      `  const reply: { [key: string]: unknown; content: Array<{ type: 'text'; text: string }>; isError?: boolean } = {`,
      `    content: [{ type: 'text', text: outcome.text }],`,
      `  };`,
      `  if (outcome.failed) {`,
      `    reply.isError = true;`,
      `  }`,
      `  return reply;`,
      `});`,
    ],
    contains: ['reply.errorCategory = '],
    lacks: [],
  },
];

/** Files written with double quotes, as a project formatted that way would be. */
const DOUBLE_QUOTED_CASES: ReviewCase[] = [
  {
    name: "empty-result-as-error keeps `as const` where nothing types the literal, in the file's quotes",
    input: [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { z } from "zod";`,
      `const server = new McpServer({ name: "greenhouse", version: "1.0.0" });`,
      `declare function seedlingsIn(tray: string): Promise<string[]>;`,
      `async function listSeedlings({ tray }: { tray: string }) {`,
      `  const seedlings = await seedlingsIn(tray);`,
      `  if (seedlings.length === 0) {`,
      `    return { content: [{ type: "text" as const, text: "The tray holds no seedlings" }], isError: true };`,
      `  }`,
      `  return { content: [{ type: "text" as const, text: seedlings.join(", ") }] };`,
      `}`,
      `server.tool("list_seedlings", { tray: z.string() }, listSeedlings);`,
    ],
    contains: [`return { content: [{ type: "text" as const, text: "The tray holds no seedlings" }] };`],
    lacks: [`type: 'text'`, `text: 'The tray`],
  },
  {
    name: 'empty-result-as-error offers no fix where the JSON text says the call failed (`success: false, error: …`)',
    input: [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { z } from "zod";`,
      `const server = new McpServer({ name: "greenhouse", version: "1.0.0" });`,
      `declare function trellisOf(bed: string): string | undefined;`,
      `server.tool("tie_vine", { bed: z.string(), knot: z.string().optional() }, async ({ bed, knot }) => {`,
      `  const trellis = trellisOf(bed);`,
      `  if (!trellis && knot) {`,
      `    return {`,
      `      content: [`,
      `        {`,
      `          type: "text" as const,`,
      `          text: JSON.stringify({ success: false, error: "Bed " + bed + " has no trellis; a knot does not apply." }),`,
      `        },`,
      `      ],`,
      `      isError: true,`,
      `    };`,
      `  }`,
      `  return { content: [{ type: "text" as const, text: "tied" }] };`,
      `});`,
    ],
    contains: ['success: false, error: "Bed " + bed', 'isError: true'],
    lacks: ['matched the request'],
  },
];

let root = '';
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-review6-'));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

void describe('fix review, round 6', () => {
  [...CASES, ...DOUBLE_QUOTED_CASES].forEach((testCase, index) => {
    void it(testCase.name, () => {
      const dir = path.join(root, `case-${index}`);
      const others = Object.entries(testCase.others ?? {}).map(([file, lines]) => [file, lines.join('\n') + '\n']);
      writeProject(dir, { ...Object.fromEntries(others), 'src/server.ts': testCase.input.join('\n') + '\n' });
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
