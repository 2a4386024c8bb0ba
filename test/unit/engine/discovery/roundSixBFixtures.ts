/**
 * Registration styles met in the sixth held-out round of the real-code evaluation, part B
 * (docs/real-code-evaluation-round6.md, shapes 3, 5, 7, 8 and 9), each written from scratch with
 * invented names, with the near misses next to them that must not count. Shared by the engine, CLI
 * and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const OK = `{ content: [{ type: 'text', text: 'ok' }] }`;

export const ROUND_SIX_B_FIXTURES: StyleFixture[] = [
  {
    title: 'a prompt object { name, argsSchema, callback } answering messages is not a tool; a tool next to it is',
    files: {
      'package.json': MCP_PACKAGE,
      'src/prompts/garden-review.ts': `import { z } from 'zod';
const argsSchema = { season: z.string() };
function callback(args: { season: string }) {
  return { messages: [{ role: 'user', content: { type: 'text', text: args.season } }] };
}
export const gardenReview = { name: 'garden-review', title: 'Garden Review', description: 'Reviews', argsSchema, callback };
export const typedPrompt = {
  name: 'typed-prompt',
  argsSchema,
  callback: (): GetPromptResult => build(),
};
type GetPromptResult = { messages: unknown[] };
declare function build(): GetPromptResult;
`,
      'src/tools/plant.ts': `import { z } from 'zod';
export const plantTool = {
  name: 'plant_seed',
  description: 'Plants',
  argsSchema: { seed: z.string() },
  callback: async () => ${OK},
};
`,
    },
    tools: [{ file: 'src/tools/plant.ts', name: 'plant_seed', kind: 'definition', evidence: /its callback property/ }],
  },
  {
    title: 'objects copied from existing tools in a map callback (name: tool.name) are not tools of their own',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools.ts': `import { z } from 'zod';
export const gardenTools = [
  { name: 'rake_leaves', description: 'Rakes', inputSchema: { yard: z.string() }, handler: async () => ${OK} },
];
`,
      'src/export.ts': `import { gardenTools } from './tools';
export function toolsForOtherFrameworks() {
  return gardenTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    schema: tool.inputSchema,
    handler: async (args: unknown) => tool.handler(),
  }));
}
export const listed = gardenTools.map(function (entry) {
  return { name: entry.name, inputSchema: entry.inputSchema, execute: () => entry.handler() };
});
`,
    },
    tools: [{ file: 'src/tools.ts', name: 'rake_leaves', kind: 'definition', evidence: /its handler property/ }],
  },
];
