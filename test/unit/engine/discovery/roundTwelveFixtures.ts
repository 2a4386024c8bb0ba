/**
 * Shapes of the round 12 held-out set (docs/real-code-evaluation-round12.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

function jsonDefinition(toolName: string): string {
  return `  {
    name: '${toolName}',
    description: 'Does ${toolName}',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  },
`;
}

const ALIASED_LOOP_FIXTURE: StyleFixture = {
  title:
    'definition arrays spread into one list (re-exported), registered by a loop that copies def.name into a local and skips names without an executor; a CLI command table and a copied name outside a loop stay silent',
  files: {
    'package.json': MCP_PACKAGE,
    'src/catalog/notes.ts': `export const NOTE_DEFINITIONS = [\n${jsonDefinition('note-read')}${jsonDefinition('note-write')}];\n`,
    'src/catalog/labels.ts': `export const LABEL_DEFINITIONS = [\n${jsonDefinition('label-list')}];\n`,
    'src/catalog/index.ts': `import { NOTE_DEFINITIONS } from './notes';
import { LABEL_DEFINITIONS } from './labels';
export { NOTE_DEFINITIONS } from './notes';
export const EVERY_DEFINITION = [...NOTE_DEFINITIONS, ...LABEL_DEFINITIONS];
`,
    'src/server/definitions.ts': `export { EVERY_DEFINITION } from '../catalog';\n`,
    'src/server/work.ts': `type Answer = { content: { type: 'text'; text: string }[] };
export async function readNote(args: Record<string, unknown>): Promise<Answer> {
  return { content: [{ type: 'text', text: String(args.id) }] };
}
export async function writeNote(args: Record<string, unknown>): Promise<Answer> {
  return { content: [{ type: 'text', text: String(args.id) }] };
}
export async function listLabels(): Promise<Answer> {
  return { content: [{ type: 'text', text: 'a,b' }] };
}
`,
    'src/server/register.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EVERY_DEFINITION } from './definitions';
import { listLabels, readNote, writeNote } from './work';

type Executor = (args: Record<string, unknown>) => ReturnType<typeof readNote>;

function executors(): Record<string, Executor> {
  return {
    'note-read': (args) => readNote(args),
    'note-write': (args) => writeNote(args),
    'label-list': () => listLabels(),
  };
}

export function registerEverything(server: McpServer, readOnly: boolean): void {
  const table = executors();
  const offered = EVERY_DEFINITION.filter((definition) => !(readOnly && definition.name.endsWith('-write')));
  for (const definition of offered) {
    const toolName = definition.name;
    const executor = table[toolName];
    if (!executor) continue;
    server.registerTool(toolName, { description: definition.description }, async (args) =>
      executor(args as Record<string, unknown>),
    );
  }
}
`,
    // Look-alikes: a CLI command table iterated with a copied name, and a copied name registered once
    // outside any loop (its value is not a list element).
    'src/cli/commands.ts': `import { Command } from 'commander';
const COMMANDS = [
  { name: 'export-notes', description: 'Export notes', run: () => undefined },
  { name: 'import-notes', description: 'Import notes', run: () => undefined },
];
export function buildCli(program: Command): void {
  for (const command of COMMANDS) {
    const commandName = command.name;
    program.command(commandName).description(command.description).action(command.run);
  }
}
`,
  },
  tools: [
    {
      file: 'src/catalog/notes.ts',
      name: 'note-read',
      kind: 'definition',
      evidence: /item of the list a registration loop iterates/,
    },
    { file: 'src/catalog/notes.ts', name: 'note-write', kind: 'definition' },
    { file: 'src/catalog/labels.ts', name: 'label-list', kind: 'definition' },
  ],
};

export const ROUND_TWELVE_FIXTURES: StyleFixture[] = [ALIASED_LOOP_FIXTURE];
