/**
 * Shapes of the round 20 held-out set (docs/real-code-evaluation-round20.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const SDK_TOOL_CLASS_FIXTURE: StyleFixture = {
  title:
    "classes implementing the SDK's Tool type (name, input schema, run) dispatched with case tool.name: each class is a tool; a class implementing the SDK's Resource type, one implementing another package's Tool and one without an execution method stay silent",
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools/PlantBulbTool.ts': `import { Tool } from '@modelcontextprotocol/sdk/types.js';

export class PlantBulbTool implements Tool {
  [key: string]: unknown;
  name = 'plant_bulb';
  description = 'Plants a bulb in a bed';
  inputSchema = { type: 'object' as const, properties: { bed: { type: 'string' } }, required: ['bed'] };

  async run(params: { bed: string }) {
    return { planted: params.bed };
  }
}
`,
    'src/tools/WaterBedTool.ts': `import type { Tool as SdkTool } from '@modelcontextprotocol/sdk/types';

export class WaterBedTool implements SdkTool {
  [key: string]: unknown;
  name = 'water_bed';
  inputSchema = { type: 'object' as const, properties: {} };

  async run() {
    return { watered: true };
  }
}
`,
    'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PlantBulbTool } from './tools/PlantBulbTool.js';
import { WaterBedTool } from './tools/WaterBedTool.js';

const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
const plantBulb = new PlantBulbTool();
const waterBed = new WaterBedTool();

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [plantBulb, waterBed] }));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  let result: unknown;
  switch (request.params.name) {
    case plantBulb.name:
      result = await plantBulb.run(args as { bed: string });
      break;
    case waterBed.name:
      result = await waterBed.run();
      break;
    default:
      throw new Error('Unknown tool');
  }
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
});
`,
    // The SDK's Resource type: a resource, not a tool.
    'src/resources/BedResource.ts': `import { Resource } from '@modelcontextprotocol/sdk/types.js';

export class BedResource implements Resource {
  [key: string]: unknown;
  uri = 'garden://beds';
  name = 'beds';
  inputSchema = { type: 'object' as const };
  async run() {
    return [];
  }
}
`,
    // Another package's Tool interface (an agent library): not an MCP tool.
    'src/agent/PruneTool.ts': `import { Tool } from 'orchard-agents';

export class PruneTool implements Tool {
  name = 'prune_hedge';
  inputSchema = { type: 'object' as const, properties: {} };
  async run() {
    return 'pruned';
  }
}
`,
    // The SDK's Tool type on a description with nothing to run.
    'src/tools/describedOnly.ts': `import { Tool } from '@modelcontextprotocol/sdk/types.js';

export class DescribedOnly implements Tool {
  [key: string]: unknown;
  name = 'described_only';
  inputSchema = { type: 'object' as const, properties: {} };
}
`,
  },
  tools: [
    { file: 'src/tools/PlantBulbTool.ts', name: 'plant_bulb', kind: 'class', handler: 'run' },
    { file: 'src/tools/WaterBedTool.ts', name: 'water_bed', kind: 'class', handler: 'run' },
    // The dispatcher's cases name no literal: its handler stays listed as the one generic runner.
    { file: 'src/index.ts', name: null, kind: 'setRequestHandler' },
  ],
};

export const ROUND_TWENTY_FIXTURES: StyleFixture[] = [SDK_TOOL_CLASS_FIXTURE];
