/**
 * Handler linking, round 3: tools linked to a function that is not their handler (an imported schema's
 * `.refine(…)` callback taken for the function a validating wrapper wraps, a validator a dispatcher branch calls
 * on its input). Each fixture's tool had the wrong handler before; now it has the right one, or none.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

const LOW_LEVEL_SERVER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'harbour', version: '1.0.0' }, { capabilities: { tools: {} } });`;

export const HANDLER_LINKING_ROUND_THREE_FIXTURES: StyleFixture[] = [
  {
    title:
      'an export wrapped by a validating wrapper whose first argument is an imported schema: the inline function is the handler, not the schema or its refine callback',
    files: {
      'package.json': MCP_PACKAGE,
      'src/schemas/berths.ts': `import { z } from 'zod';
export const reserveBerthSchema = z
  .object({ vessel: z.string(), hours: z.number() })
  .refine((data) => data.hours > 0, { message: 'hours must be positive' });
export const releaseBerthSchema = z.object({ vessel: z.string() });
`,
      'src/validation.ts': `export function withInput<T>(schema: { parse(value: unknown): T }, run: (input: T) => Promise<unknown>) {
  return async (args: unknown) => run(schema.parse(args));
}
`,
      'src/handlers/berths.ts': `import { releaseBerthSchema, reserveBerthSchema } from '../schemas/berths';
import { withInput } from '../validation';
export const handleReserveBerth = withInput(reserveBerthSchema, async (input) => {
  if (input.hours > 48) throw new Error('a berth is reserved for two days at most');
  return ${ANSWER};
});
export const handleReleaseBerth = withInput(releaseBerthSchema, async () => ${ANSWER});
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { handleReleaseBerth, handleReserveBerth } from './handlers/berths';
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  switch (request.params.name) {
    case 'reserve_berth':
      return await handleReserveBerth(args);
    case 'release_berth':
      return await handleReleaseBerth(args);
    default:
      throw new Error('unknown tool');
  }
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'reserve_berth', kind: 'dispatch', handlerFile: 'src/handlers/berths.ts' },
      { file: 'src/server.ts', name: 'release_berth', kind: 'dispatch', handlerFile: 'src/handlers/berths.ts' },
    ],
    findings: ['throw-in-handler@src/handlers/berths.ts'],
    onlyChecks: ['throw-in-handler'],
  },
  {
    title:
      'a dispatcher branch that checks its input with a validator before the awaited call doing the work: that call is the handler, not the validator',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { HarbourClient } from './client';
const harbour = new HarbourClient();
const checkedCode = (value: unknown, label = 'code'): string => {
  if (typeof value !== 'string') throw new Error(label + ' must be a string');
  if (!/^[A-Z]{5}$/.test(value)) throw new Error(label + ' must be five letters');
  return value;
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = (request.params.arguments ?? {}) as Record<string, unknown>;
  switch (request.params.name) {
    case 'get_port': {
      const code = checkedCode(args.code);
      const port = await harbour.getPort(code);
      return { content: [{ type: 'text', text: JSON.stringify(port) }] };
    }
    case 'list_arrivals': {
      const portCode = checkedCode(args.portCode, 'portCode');
      const query = { portCode, day: args.day };
      const arrivals = await harbour.listArrivals({ query });
      return { content: [{ type: 'text', text: JSON.stringify(arrivals) }] };
    }
    default:
      throw new Error('unknown tool');
  }
});
`,
      'src/client.ts': `export class HarbourClient {
  async getPort(code: string) {
    return { code };
  }
  async listArrivals(options: object) {
    return [options];
  }
}
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'get_port', kind: 'dispatch', handler: 'getPort', handlerFile: 'src/client.ts' },
      {
        file: 'src/server.ts',
        name: 'list_arrivals',
        kind: 'dispatch',
        handler: 'listArrivals',
        handlerFile: 'src/client.ts',
      },
    ],
  },
  {
    title:
      'branches whose work is a method of a class from a package, after a validator or a client getter: no handler rather than the validator, the getter or a warm-up call',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { CrewService } from '@harbour/crew-client';
const checkedBadge = (value: unknown): string => {
  if (typeof value !== 'string' || value.length !== 8) throw new Error('badge must be 8 characters');
  return value;
};
const crewDirectory = () => CrewService.directory();
async function warmUp(directory: { search(term: string): Promise<unknown> }, term: string) {
  await directory.search(term.slice(0, 1));
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = (request.params.arguments ?? {}) as Record<string, unknown>;
  if (request.params.name === 'get_crew_member') {
    const badge = checkedBadge(args.badge);
    const member = await CrewService.find(badge);
    return { content: [{ type: 'text', text: JSON.stringify(member) }] };
  }
  if (request.params.name === 'search_crews') {
    const directory = crewDirectory();
    await Promise.all([warmUp(directory, 'deck'), warmUp(directory, 'engine')]);
    const [deck, engine] = await Promise.all([directory.search('deck'), directory.search('engine')]);
    return { content: [{ type: 'text', text: JSON.stringify([deck, engine]) }] };
  }
  throw new Error('unknown tool');
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'get_crew_member', kind: 'dispatch', noHandler: true },
      { file: 'src/server.ts', name: 'search_crews', kind: 'dispatch', noHandler: true },
    ],
  },
  {
    title:
      "a validator made from an imported chained schema: the schema's superRefine callback is not taken for a handler",
    files: {
      'package.json': MCP_PACKAGE,
      'src/schemas/dock.ts': `import { z } from 'zod';
export const dockSchema = z.object({ pier: z.number() }).superRefine((data, context) => {
  if (data.pier > 40) context.addIssue({ code: 'custom', message: 'no such pier' });
});
`,
      'src/handlers/dock.ts': `import { dockSchema } from '../schemas/dock';
function validatorFor(schema: { parse(value: unknown): unknown }) {
  return async (args: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(schema.parse(args)) }] });
}
export const handleCheckDock = validatorFor(dockSchema);
`,
      'src/server.ts': `${LOW_LEVEL_SERVER}
import { handleCheckDock } from './handlers/dock';
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'check_dock') return await handleCheckDock(request.params.arguments);
  throw new Error('unknown tool');
});
`,
    },
    tools: [{ file: 'src/server.ts', name: 'check_dock', kind: 'dispatch', handlerFile: null }],
  },
  {
    title:
      'a dispatcher branch that does its work, then answers through a function that only builds the result: the work is the handler, the builder only when the branch calls nothing else',
    files: {
      'package.json': MCP_PACKAGE,
      'src/server.ts': `${LOW_LEVEL_SERVER}
const textResult = (text: string) => ({ content: [{ type: 'text' as const, text }] });
async function logArrival(vessel: string) {
  if (!vessel) throw new Error('a vessel is needed');
  return new Date().toISOString();
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = (request.params.arguments ?? {}) as { vessel?: string };
  if (request.params.name === 'log_arrival') {
    await logArrival(String(args.vessel));
    return textResult('logged ' + args.vessel);
  } else if (request.params.name === 'harbour_motto') {
    return textResult('fair winds');
  }
  throw new Error('unknown tool');
});
`,
    },
    tools: [
      { file: 'src/server.ts', name: 'log_arrival', kind: 'dispatch', handler: 'logArrival' },
      { file: 'src/server.ts', name: 'harbour_motto', kind: 'dispatch', handler: 'textResult' },
    ],
  },
];
