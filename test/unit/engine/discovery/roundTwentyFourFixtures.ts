/**
 * Shapes of the round 24 held-out set (docs/real-code-evaluation-round24.md: servers built on frameworks), written
 * from scratch with invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import type { StyleFixture } from './styleFixtures';

const AGENT_FRAMEWORK_PACKAGE = JSON.stringify({
  name: 'greenhouse-server',
  dependencies: { '@mastra/core': '^1.0.0', '@mastra/mcp': '^1.0.0', zod: '^3.0.0' },
});

const SERVER_TOOLS_RECORD_FIXTURE: StyleFixture = {
  title:
    "a framework server given a tools record (new MCPServer({ tools: { key: definition } }) from @mastra/mcp): each key is a tool named by the key, its definition's execute the handler, whether the definition is imported, an entry of an imported record, a constant of the file or written inline; the same createTool definitions given only to an agent, an MCP client's servers record and the SDK's McpServer stay silent",
  files: {
    'package.json': AGENT_FRAMEWORK_PACKAGE,
    'src/mastra/tools/water.ts': `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

export const waterBedTool = createTool({
  id: 'water-bed',
  description: 'Waters one bed',
  inputSchema: z.object({ bed: z.string() }),
  execute: async ({ context }) => \`watered \${context.bed}\`,
});
`,
    'src/mastra/tools/climate.ts': `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

export const readHumidity = createTool({
  id: 'read-humidity',
  description: 'Reads the humidity',
  inputSchema: z.object({}),
  execute: async () => '61%',
});

export const openVents = createTool({
  id: 'open-vents',
  description: 'Opens the vents',
  inputSchema: z.object({ percent: z.number() }),
  execute: async ({ context }) => \`vents at \${context.percent}\`,
});

export const climateTools = { readHumidity, openVents };
`,
    'src/mastra/tools/helper.ts': `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

// An agent's tool: no MCP server serves it.
export const sketchPlanTool = createTool({
  id: 'sketch-plan',
  description: 'Sketches a planting plan',
  inputSchema: z.object({ rows: z.number() }),
  execute: async ({ context }) => \`\${context.rows} rows\`,
});
`,
    'src/mastra/mcp/server.ts': `import { MCPServer } from '@mastra/mcp';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { waterBedTool } from '../tools/water';
import { climateTools } from '../tools/climate';

const harvestTool = createTool({
  id: 'harvest',
  description: 'Harvests a bed',
  inputSchema: z.object({ bed: z.string() }),
  execute: async ({ context }) => \`harvested \${context.bed}\`,
});

export const greenhouse = new MCPServer({
  name: 'greenhouse',
  version: '1.0.0',
  tools: {
    water_bed: waterBedTool,
    read_humidity: climateTools.readHumidity,
    open_vents: climateTools.openVents,
    harvest: harvestTool,
    count_seeds: createTool({
      id: 'count-seeds',
      description: 'Counts the seeds left',
      inputSchema: z.object({}),
      execute: async () => '42',
    }),
  },
});
`,
    'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { sketchPlanTool } from './tools/helper';

export const planner = new Agent({
  name: 'planner',
  instructions: 'Plans the beds',
  model: 'any-model',
  tools: { sketch_plan: sketchPlanTool },
});

export const remote = new MCPClient({
  servers: { weather: { url: new URL('http://localhost:4111/mcp') } },
});
`,
    'src/sdkServer.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const plain = new McpServer({ name: 'plain', version: '1.0.0' }, { capabilities: { tools: {} } });
`,
  },
  tools: [
    {
      file: 'src/mastra/mcp/server.ts',
      name: 'water_bed',
      kind: 'definition',
      handler: 'execute',
      handlerFile: 'src/mastra/tools/water.ts',
      evidence: /key of the tools record given to a @mastra\/mcp server/,
    },
    {
      file: 'src/mastra/mcp/server.ts',
      name: 'read_humidity',
      kind: 'definition',
      handler: 'execute',
      handlerFile: 'src/mastra/tools/climate.ts',
    },
    {
      file: 'src/mastra/mcp/server.ts',
      name: 'open_vents',
      kind: 'definition',
      handler: 'execute',
      handlerFile: 'src/mastra/tools/climate.ts',
    },
    { file: 'src/mastra/mcp/server.ts', name: 'harvest', kind: 'definition', handler: 'execute' },
    { file: 'src/mastra/mcp/server.ts', name: 'count_seeds', kind: 'definition', handler: 'execute' },
  ],
};

const CONVENTION_PROJECT_UNDER_TOOLS_FIXTURE: StyleFixture = {
  title:
    'a file-convention (xmcp) project kept in a folder named tools: its src/tools files are tools; its prompts (metadata typed PromptMetadata, or untyped in src/prompts) are not, though a folder named tools lies above them',
  files: {
    'tools/seedbank/package.json': JSON.stringify({
      name: 'seedbank',
      dependencies: { xmcp: '^0.3.0', zod: '^3.0.0' },
    }),
    'tools/seedbank/src/tools/list-seeds.ts': `import { z } from 'zod';
import type { InferSchema, ToolMetadata } from 'xmcp';

export const schema = { crop: z.string() };

export const metadata: ToolMetadata = { name: 'list_seeds', description: 'Lists the seeds of a crop' };

export default async function listSeeds({ crop }: InferSchema<typeof schema>) {
  return \`seeds of \${crop}\`;
}
`,
    'tools/seedbank/src/prompts/sowing-plan.ts': `import { z } from 'zod';
import type { InferSchema, PromptMetadata } from 'xmcp';

export const schema = { crop: z.string() };

export const metadata: PromptMetadata = { name: 'sowing-plan', title: 'Sowing plan', role: 'user' };

export default async function sowingPlan({ crop }: InferSchema<typeof schema>) {
  return \`Plan the sowing of \${crop}.\`;
}
`,
    'tools/seedbank/src/prompts/harvest-notes.ts': `import { z } from 'zod';

export const schema = { field: z.string() };

export const metadata = { name: 'harvest-notes', title: 'Harvest notes', role: 'user' };

export default function harvestNotes({ field }: { field: string }) {
  return \`Write harvest notes for \${field}.\`;
}
`,
  },
  tools: [{ file: 'tools/seedbank/src/tools/list-seeds.ts', name: 'list_seeds', kind: 'fileConvention' }],
};

export const ROUND_TWENTY_FOUR_FIXTURES: StyleFixture[] = [
  SERVER_TOOLS_RECORD_FIXTURE,
  CONVENTION_PROJECT_UNDER_TOOLS_FIXTURE,
];
