/**
 * Shapes of the round 18 held-out set (docs/real-code-evaluation-round18.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

/** A registry keyed by the schema of each tool's tools/call params, looked up by matching the params. */
const SHELF = `import type { Type } from 'arktype';
type Answer = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };
type Params = { name: string; arguments?: Record<string, unknown> };
export class ToolShelf extends Map<Type<Params>, (params: Params) => Promise<Answer>> {
  register(schema: Type<Params>, handler: (params: Params) => Promise<Answer>) {
    return super.set(schema, handler);
  }
  async dispatch(params: Params): Promise<Answer> {
    for (const [schema, handler] of this.entries()) {
      if (schema.get('name').allows(params.name)) return handler(schema.assert(params));
    }
    throw new Error(\`Unknown tool: \${params.name}\`);
  }
}
`;

const PARAMS_SCHEMA_FIXTURE: StyleFixture = {
  title:
    'tools registered by the schema of their tools/call params (an arktype string-literal name, a zod literal name) with the handler after it: each is a tool; a schema without arguments, a plain-string name and the same shape in a project without MCP stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/shelf.ts': SHELF,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolShelf } from './shelf';
import { shelveWeatherTools } from './tools/weather';
import { shelveTideTools } from './tools/tides';

const shelf = new ToolShelf();
shelveWeatherTools(shelf);
shelveTideTools(shelf);
const server = new Server({ name: 'harbour', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => shelf.dispatch(request.params));
`,
    'src/tools/weather.ts': `import { type } from 'arktype';
import type { ToolShelf } from '../shelf';

async function listStations() {
  return ${ANSWER};
}

export function shelveWeatherTools(shelf: ToolShelf) {
  shelf.register(
    type({
      name: '"forecast_rain"',
      arguments: { city: 'string' },
    }).describe('Rain forecast for a city'),
    async ({ arguments: args }) => {
      return { content: [{ type: 'text' as const, text: String(args?.city) }] };
    },
  );
  shelf.register(type({ name: '"list_stations"', 'arguments?': {} }), listStations);
}
`,
    'src/tools/tides.ts': `import { z } from 'zod';
import type { ToolShelf } from '../shelf';

async function tideTable() {
  return ${ANSWER};
}

export function shelveTideTools(shelf: ToolShelf) {
  shelf.register(z.object({ name: z.literal('tide_table'), arguments: z.object({ port: z.string() }) }), tideTable);
}
`,
    // Look-alikes in the MCP project: a validator keyed by a literal name without arguments, and a job queue
    // whose entries carry a plain-string name and arguments.
    'src/units.ts': `import { type } from 'arktype';
const converters = new Map<unknown, (value: number) => number>();
function register(schema: unknown, convert: (value: number) => number) {
  converters.set(schema, convert);
}
register(type({ name: '"celsius"', unit: 'string' }), (value) => (value - 32) / 1.8);
const jobs = { register(job: { name: string; arguments: unknown[] }, run: () => void) { return [job, run]; } };
jobs.register({ name: 'nightly_backup', arguments: [] }, () => undefined);
`,
    // The same registry shape for a chat model's function calls in a project without MCP: not MCP code.
    'agent/package.json': JSON.stringify({ name: 'chat-agent', dependencies: { openai: '^4.0.0' } }),
    'agent/src/functions.ts': `import { type } from 'arktype';
const calls = new Map<unknown, (params: unknown) => Promise<string>>();
const registry = { register(schema: unknown, run: (params: unknown) => Promise<string>) { calls.set(schema, run); } };
registry.register(type({ name: '"get_time"', arguments: {} }), async () => new Date().toISOString());
`,
  },
  tools: [
    { file: 'src/tools/weather.ts', name: 'forecast_rain', kind: 'dispatch' },
    { file: 'src/tools/weather.ts', name: 'list_stations', kind: 'dispatch', handler: 'listStations' },
    { file: 'src/tools/tides.ts', name: 'tide_table', kind: 'dispatch', handler: 'tideTable' },
  ],
};

export const ROUND_EIGHTEEN_FIXTURES: StyleFixture[] = [PARAMS_SCHEMA_FIXTURE];
