/**
 * Shapes of the round 28 held-out set (docs/real-code-evaluation-round28.md: the awesome-mcp-servers list in order,
 * from Search & Data Extraction), written from scratch with invented names, each next to look-alikes that must stay
 * as they are. Shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const EXPORT_LIST_FIXTURE: StyleFixture = {
  title:
    'a tools/call handler of another module reached through its export list (`export { answerCall, listAnswers as ListAnswers }`, no export keyword on the functions): the entries of the two handler records it looks the name up in are tools; the same list shape in a module only a web route calls registers nothing',
  files: {
    'package.json': MCP_PACKAGE,
    'src/answers.ts': `import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
type Handler = (args: unknown, shelf: string) => Promise<unknown>;
type Lister = (shelf: string) => Promise<unknown>;
async function lendBook(args: unknown, shelf: string) { return { shelf, args }; }
async function returnBook(args: unknown, shelf: string) { return { shelf, args }; }
async function listBooks(shelf: string) { return [shelf]; }
const handlers: Record<string, Handler> = {
  lend_book: lendBook,
  return_book: returnBook,
};
const listers: Record<string, Lister> = {
  list_books: listBooks,
};
async function answerCall(request: CallToolRequest, shelf: string): Promise<CallToolResult> {
  const { name, arguments: args } = request.params;
  let result: unknown;
  if (name in handlers) {
    result = await handlers[name as keyof typeof handlers](args, shelf);
  } else if (name in listers) {
    result = await listers[name as keyof typeof listers](shelf);
  } else {
    throw new Error('no tool ' + name);
  }
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
}
async function listAnswers() {
  return { tools: [] };
}
export { answerCall, listAnswers as ListAnswers };
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ListAnswers, answerCall } from './answers.js';
export function makeLibraryServer(shelf: string) {
  const server = new Server({ name: 'library', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, ListAnswers);
  server.setRequestHandler(CallToolRequestSchema, (request) => answerCall(request, shelf));
  return server;
}
`,
    'src/reports.ts': `type Report = (day: string) => Promise<string>;
async function dailyReport(day: string) { return 'daily ' + day; }
async function weeklyReport(day: string) { return 'weekly ' + day; }
const reports: Record<string, Report> = {
  daily: dailyReport,
  weekly: weeklyReport,
};
async function renderReport(name: string, day: string): Promise<string> {
  if (name in reports) return reports[name](day);
  throw new Error('no report ' + name);
}
export { renderReport };
`,
    'src/routes.ts': `import { renderReport } from './reports.js';
export async function onReportRoute(query: { name: string; day: string }): Promise<string> {
  return renderReport(query.name, query.day);
}
`,
  },
  tools: [
    { file: 'src/answers.ts', name: 'lend_book', kind: 'dispatch', handler: 'lendBook' },
    { file: 'src/answers.ts', name: 'return_book', kind: 'dispatch', handler: 'returnBook' },
    { file: 'src/answers.ts', name: 'list_books', kind: 'dispatch', handler: 'listBooks' },
  ],
};

const CLASS_MEMBER_INSTANCES_FIXTURE: StyleFixture = {
  title:
    'tool instances reached through the server class: a private registerOne(tool) registering tool.name with tool.execute.bind(tool), called in a loop over this.listTools() (returning this.tools.x members built from local constants) and with one member directly: the instances’ classes are tools; a scheduler method of the same shape that hands jobs to a queue, and a class without a name, are not',
  files: {
    'package.json': MCP_PACKAGE,
    'src/names.ts': `export const KILN_TOOLS = {
  fire: 'kiln_fire',
  cool: 'kiln_cool',
  glaze: 'kiln_glaze',
} as const;
`,
    'src/tools/FireTool.ts': `import { z } from 'zod';
import { KILN_TOOLS } from '../names.js';
const fireInput = z.object({ degrees: z.number() });
export class FireTool {
  public readonly name = KILN_TOOLS.fire;
  public readonly description = 'Fires the kiln';
  public readonly inputSchema = fireInput;
  constructor(private readonly note: (message: string) => void) {}
  public async execute(input: z.infer<typeof fireInput>) {
    this.note('firing');
    return { content: [{ type: 'text' as const, text: 'fired at ' + input.degrees }] };
  }
}
`,
    'src/tools/CoolTool.ts': `import { z } from 'zod';
import { KILN_TOOLS } from '../names.js';
const coolInput = z.object({ minutes: z.number() });
export class CoolTool {
  public readonly name = KILN_TOOLS.cool;
  public readonly description = 'Cools the kiln';
  public readonly inputSchema = coolInput;
  public async execute(input: z.infer<typeof coolInput>) {
    return { content: [{ type: 'text' as const, text: 'cooled for ' + input.minutes }] };
  }
}
`,
    'src/tools/GlazeTool.ts': `import { z } from 'zod';
import { KILN_TOOLS } from '../names.js';
const glazeInput = z.object({ colour: z.string() });
export class GlazeTool {
  public readonly name = KILN_TOOLS.glaze;
  public readonly description = 'Glazes a pot';
  public readonly inputSchema = glazeInput;
  public async execute(input: z.infer<typeof glazeInput>) {
    return { content: [{ type: 'text' as const, text: 'glazed ' + input.colour }] };
  }
}
`,
    'src/tools/Thermometer.ts': `export class Thermometer {
  public readonly description = 'Reads the temperature';
  public async execute() {
    return { content: [{ type: 'text' as const, text: '900' }] };
  }
}
`,
    'src/jobs.ts': `export class NightlyCleanup {
  public readonly name = 'nightly_cleanup';
  public async execute() {
    return 'cleaned';
  }
}
export class MorningWarmup {
  public readonly name = 'morning_warmup';
  public async execute() {
    return 'warm';
  }
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { FireTool } from './tools/FireTool.js';
import { CoolTool } from './tools/CoolTool.js';
import { GlazeTool } from './tools/GlazeTool.js';
import { Thermometer } from './tools/Thermometer.js';
import { MorningWarmup, NightlyCleanup } from './jobs.js';
interface ToolTarget {
  name: string;
  description: string;
  inputSchema: unknown;
  execute: (input: never) => Promise<unknown>;
}
interface Job {
  name: string;
  execute: () => Promise<string>;
}
interface KilnTools {
  fire: FireTool;
  cool: CoolTool;
  glaze: GlazeTool;
  thermometer: Thermometer;
}
class JobQueue {
  add(name: string, run: () => Promise<string>): void {
    console.error(name, run);
  }
}
export class KilnServer {
  private readonly server = new McpServer({ name: 'kiln', version: '1' });
  private readonly queue = new JobQueue();
  private readonly tools: KilnTools;
  constructor(withGlaze: boolean) {
    const note = (message: string) => console.error(message);
    const fire = new FireTool(note);
    const cool = new CoolTool();
    this.tools = { fire, cool, glaze: new GlazeTool(), thermometer: new Thermometer() };
    for (const tool of this.listTools()) this.registerOne(tool);
    if (withGlaze) this.registerOne(this.tools.glaze);
    this.server.registerTool('kiln_temperature', { description: this.tools.thermometer.description }, () =>
      this.tools.thermometer.execute(),
    );
    for (const job of this.listJobs()) this.scheduleJob(job);
  }
  private listTools(): ToolTarget[] {
    return [this.tools.fire, this.tools.cool];
  }
  private listJobs(): Job[] {
    return [new NightlyCleanup(), new MorningWarmup()];
  }
  private registerOne(tool: ToolTarget): void {
    this.server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.inputSchema as never },
      tool.execute.bind(tool) as never,
    );
  }
  private scheduleJob(job: Job): void {
    this.queue.add(job.name, job.execute.bind(job));
  }
}
`,
  },
  tools: [
    { file: 'src/tools/FireTool.ts', name: 'kiln_fire', kind: 'class', handler: 'execute' },
    { file: 'src/tools/CoolTool.ts', name: 'kiln_cool', kind: 'class', handler: 'execute' },
    { file: 'src/tools/GlazeTool.ts', name: 'kiln_glaze', kind: 'class', handler: 'execute' },
    { file: 'src/server.ts', name: 'kiln_temperature', kind: 'registerTool' },
  ],
};

const BOUND_LOOP_FIXTURE: StyleFixture = {
  title:
    'a loop over instances registering each with its execute method bound (`tool.execute.bind(tool)`) rather than called in an arrow: the classes are tools; the same loop registering prompts with a bound `describe` lists none',
  files: {
    'package.json': MCP_PACKAGE,
    'src/tools.ts': `export class SweepFloor {
  readonly name = 'sweep_floor';
  async execute() {
    return { content: [{ type: 'text' as const, text: 'swept' }] };
  }
  describe() {
    return 'Sweeps the floor';
  }
}
export class MopFloor {
  readonly name = 'mop_floor';
  async execute() {
    return { content: [{ type: 'text' as const, text: 'mopped' }] };
  }
  describe() {
    return 'Mops the floor';
  }
}
`,
    'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MopFloor, SweepFloor } from './tools.js';
const server = new McpServer({ name: 'chores', version: '1' });
for (const tool of [new SweepFloor(), new MopFloor()]) {
  server.registerTool(tool.name, { description: tool.describe() }, tool.execute.bind(tool));
}
`,
    'src/labels.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class Sign {
  readonly name = 'wet_floor_sign';
  describe() {
    return { content: [{ type: 'text' as const, text: 'careful' }] };
  }
}
const signs = new McpServer({ name: 'signs', version: '1' });
for (const sign of [new Sign()]) signs.registerPrompt(sign.name, {}, sign.describe.bind(sign));
`,
  },
  tools: [
    { file: 'src/tools.ts', name: 'sweep_floor', kind: 'class', handler: 'execute' },
    { file: 'src/tools.ts', name: 'mop_floor', kind: 'class', handler: 'execute' },
  ],
};

export const ROUND_TWENTY_EIGHT_FIXTURES: StyleFixture[] = [
  EXPORT_LIST_FIXTURE,
  CLASS_MEMBER_INSTANCES_FIXTURE,
  BOUND_LOOP_FIXTURE,
];
