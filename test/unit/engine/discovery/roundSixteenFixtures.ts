/**
 * Shapes of the round 16 held-out set (docs/real-code-evaluation-round16.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const ANSWER = `{ content: [{ type: 'text' as const, text: 'ok' }] }`;

function callToolSwitch(indent: string): string {
  return `${indent}server.setRequestHandler(CallToolRequestSchema, async (request) => {
${indent}  const { name, arguments: args } = request.params;
${indent}  switch (name) {
${indent}    case 'water_plant': {
${indent}      return await waterPlant(args);
${indent}    }
${indent}    case 'prune_plant': {
${indent}      return await prunePlant(args);
${indent}    }
${indent}    default:
${indent}      throw new Error(\`Unknown tool: \${name}\`);
${indent}  }
${indent}});
`;
}

const WORK = `async function waterPlant(args: unknown) {
  return ${ANSWER};
}
async function prunePlant(args: unknown) {
  return ${ANSWER};
}
`;

const SECOND_HANDLER_FIXTURE: StyleFixture = {
  title:
    'a tools/call switch inside a server factory and a second one registered later on the server it returned: each case of each handler is a tool; a repeated name test inside one handler, a CLI switch and an MCP client switch stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
${WORK}
function createServer() {
  const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
${callToolSwitch('  ')}  return server;
}

async function main() {
  const server = createServer();
${callToolSwitch('  ')}}

main();
`,
    // One handler that tests the name again after its switch (post-processing): one tool per name.
    'src/single.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
async function feedFish(args: unknown) {
  return ${ANSWER};
}
const server = new Server({ name: 'pond', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  let result = { content: [] as Array<{ type: 'text'; text: string }> };
  switch (name) {
    case 'feed_fish':
      result = await feedFish(args);
      break;
  }
  if (name === 'feed_fish') {
    console.error(\`fed: \${JSON.stringify(result)}\`);
  }
  return result;
});
`,
    // A command-line switch on the same words twice: no tools/call handler, no tools.
    'src/cli.ts': `export function runCommand(name: string): string {
  switch (name) {
    case 'water_plant':
      return 'watering';
    case 'prune_plant':
      return 'pruning';
  }
  return 'unknown';
}
export function describeCommand(name: string): string {
  switch (name) {
    case 'water_plant':
      return 'Waters the plant';
  }
  return '';
}
`,
    // An MCP client choosing which tool to call, twice over the same names: calls, not registrations.
    'src/gardener.ts': `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export async function tend(client: Client, name: string) {
  switch (name) {
    case 'water_plant':
      return client.callTool({ name: 'water_plant', arguments: {} });
    case 'prune_plant':
      return client.callTool({ name: 'prune_plant', arguments: {} });
  }
  return undefined;
}
export async function tendTwice(client: Client, name: string) {
  switch (name) {
    case 'water_plant':
      return client.callTool({ name: 'water_plant', arguments: { twice: true } });
  }
  return undefined;
}
`,
  },
  tools: [
    { file: 'src/server.ts', name: 'water_plant', kind: 'dispatch', handler: 'waterPlant' },
    { file: 'src/server.ts', name: 'prune_plant', kind: 'dispatch', handler: 'prunePlant' },
    { file: 'src/server.ts', name: 'water_plant', kind: 'dispatch', handler: 'waterPlant' },
    { file: 'src/server.ts', name: 'prune_plant', kind: 'dispatch', handler: 'prunePlant' },
    { file: 'src/single.ts', name: 'feed_fish', kind: 'dispatch', handler: 'feedFish' },
  ],
};

export const ROUND_SIXTEEN_FIXTURES: StyleFixture[] = [SECOND_HANDLER_FIXTURE];
