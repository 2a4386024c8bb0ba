/**
 * How far MCP server code reaches into an MCP client package of the same workspace (an agent framework
 * whose own packages also serve it over MCP), written from scratch with invented names. Reached: what a
 * server package imports and the files those import. Not reached: a package that is MCP code only
 * because it depends on a serving kit (an app built on the framework), and the modules a reached barrel
 * merely re-exports. Shared by the engine, CLI and language-server tests.
 */
import type { StyleFixture } from './styleFixtures';

const WORKSPACE = JSON.stringify({
  name: 'tidy-workspace',
  private: true,
  workspaces: ['assistant', 'kit', 'demo', 'hooks'],
});

/** The framework: a client package (it calls MCP servers) with skills of its own, some built inside its class. */
const ASSISTANT_FILES: Record<string, string> = {
  'assistant/package.json': JSON.stringify({
    name: 'tidy-assistant',
    dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', 'tidy-trace': '^1.0.0' },
  }),
  'assistant/src/skill.ts': `export interface Skill {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>): Promise<string>;
}
export function defineSkill(skill: Skill): Skill {
  return skill;
}
`,
  'assistant/src/assistant.ts': `import { defineSkill, type Skill } from './skill';
import { pickSkills } from './picker';
export class Assistant {
  private notes = '';
  constructor(readonly title: string, private readonly extra: Skill[] = []) {}
  memorySkills(): Skill[] {
    return [
      defineSkill({
        name: 'recall_notes',
        description: 'Reads what the assistant noted in this conversation',
        parameters: { type: 'object', properties: {} },
        run: async () => {
          if (!this.notes) throw new Error('nothing noted yet');
          return this.notes;
        },
      }),
    ];
  }
  skills(): Skill[] {
    return pickSkills([...this.memorySkills(), ...this.extra]);
  }
}
`,
  'assistant/src/picker.ts': `import { defineSkill, type Skill } from './skill';
export function pickSkills(skills: Skill[]): Skill[] {
  return [
    ...skills,
    defineSkill({
      name: 'list_skills',
      description: 'Lists the skills the assistant can use',
      parameters: { type: 'object', properties: {} },
      run: async () => {
        const names = skills.map((skill) => skill.name);
        if (names.length === 0) throw new Error('no skills');
        return names.join(', ');
      },
    }),
  ];
}
`,
  'assistant/src/remote.ts': `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export const remote = new Client({ name: 'tidy-assistant', version: '0.1.0' });
`,
  'assistant/src/spans.ts': `export function startSpan(name: string) {
  return { name, startedAt: Date.now() };
}
`,
  'assistant/src/index.ts': `export { Assistant } from './assistant';
export { defineSkill } from './skill';
export * from './picker';
export { remote } from './remote';
export { startSpan } from './spans';
export { carrier, tracer } from 'tidy-trace';
`,
};

/** A kit that serves an assistant over MCP: a server package of the workspace. */
const KIT_FILES: Record<string, string> = {
  'kit/package.json': JSON.stringify({
    name: 'tidy-kit',
    dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', 'tidy-assistant': 'workspace:*' },
  }),
  'kit/src/serve.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Assistant } from 'tidy-assistant';
export function serveAssistant(assistant: Assistant) {
  const server = new McpServer({ name: assistant.title, version: '0.1.0' });
  server.registerTool('ask_assistant', { description: 'Names the assistant' }, async () => ({
    content: [{ type: 'text' as const, text: assistant.title }],
  }));
  return server;
}
`,
};

export const CLIENT_REACH_FIXTURES: StyleFixture[] = [
  {
    title:
      'an app that depends on a serving kit and constructs the framework class: the class and its internal skills stay silent',
    files: {
      'package.json': WORKSPACE,
      ...ASSISTANT_FILES,
      ...KIT_FILES,
      'demo/package.json': JSON.stringify({
        name: 'tidy-demo',
        private: true,
        dependencies: { 'tidy-assistant': 'workspace:*', 'tidy-kit': 'workspace:*' },
      }),
      'demo/src/main.ts': `import { Assistant, startSpan } from 'tidy-assistant';
import { serveAssistant } from 'tidy-kit';
startSpan('demo');
serveAssistant(new Assistant('helper'));
`,
    },
    tools: [{ file: 'kit/src/serve.ts', name: 'ask_assistant', kind: 'registerTool' }],
    findings: [],
  },
  {
    title:
      'a server package importing a name the framework barrel re-exports from an outside package: the re-exported modules stay silent',
    files: {
      'package.json': WORKSPACE,
      ...ASSISTANT_FILES,
      ...KIT_FILES,
      'hooks/package.json': JSON.stringify({
        name: 'tidy-hooks',
        dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', 'tidy-assistant': 'workspace:*' },
      }),
      'hooks/src/traced.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { carrier } from 'tidy-assistant';
export function traced(result: CallToolResult): CallToolResult {
  return { ...result, _meta: { trace: carrier() } };
}
`,
    },
    tools: [{ file: 'kit/src/serve.ts', name: 'ask_assistant', kind: 'registerTool' }],
    findings: [],
  },
];
