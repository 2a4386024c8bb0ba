/**
 * xmcp's tools folder: every file of `src/tools/` with a default-exported function is a tool named after the
 * file, even with no `schema` or `metadata` export — only in a project that depends on xmcp, and only there.
 * Written from scratch; shared by the engine, CLI and language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const XMCP_PACKAGE = JSON.stringify({ name: 'dice-server', dependencies: { xmcp: '^0.3.0', zod: '^4.0.0' } });
const BARE_TOOL = `export default async function rollDie() {
  return Math.ceil(Math.random() * 6);
}
`;

export const CONVENTION_FOLDER_FIXTURES: StyleFixture[] = [
  {
    title: 'xmcp tools folder: a file with only a default-exported function is a tool named after the file',
    files: {
      'package.json': XMCP_PACKAGE,
      'src/tools/roll-die.ts': BARE_TOOL,
      'src/tools/flip-coin.ts': `const flip = async () => (Math.random() < 0.5 ? 'heads' : 'tails');
export default flip;
`,
      // Not tools: a module of the tools folder without a default function, and a default function elsewhere.
      'src/tools/odds.ts': `export const SIDES = 6;
export default SIDES;
`,
      'src/lib/shuffle.ts': `export default function shuffle<T>(items: T[]): T[] {
  return [...items].reverse();
}
`,
    },
    tools: [
      { file: 'src/tools/roll-die.ts', name: 'roll-die', kind: 'fileConvention', handler: 'rollDie' },
      { file: 'src/tools/flip-coin.ts', name: 'flip-coin', kind: 'fileConvention', handler: 'flip' },
    ],
  },
  {
    title: 'the same bare file is no tool in an SDK project, nor in a package whose own manifest lacks xmcp',
    files: {
      'package.json': MCP_PACKAGE,
      'src/tools/roll-die.ts': BARE_TOOL,
      // A page that exports metadata without a schema or an xmcp import is not a tool either.
      'src/tools/page.ts': `export const metadata = { title: 'Tools' };
export default function Page() {
  return 'page';
}
`,
      'packages/site/package.json': JSON.stringify({ name: 'site', dependencies: { next: '^15.0.0' } }),
      'packages/site/src/tools/roll-die.ts': BARE_TOOL,
    },
    tools: [],
  },
  {
    title: 'an xmcp project: a default function outside src/tools/ (a tools/ folder elsewhere) is not a tool',
    files: {
      'package.json': XMCP_PACKAGE,
      'scripts/tools/roll-die.ts': BARE_TOOL,
    },
    tools: [],
  },
];

const NEST_PACKAGE = JSON.stringify({ name: 'bench', dependencies: { '@rekog/mcp-nest': '^1.0.0' } });

/** MCP-Nest's `@Tool` decorator applied by hand in a loop, to functions stored on a prototype. */
export const APPLIED_DECORATOR_FIXTURES: StyleFixture[] = [
  {
    title: 'an MCP framework tool decorator applied by hand, Tool(def)(proto, key, descriptor), in a loop',
    files: {
      'package.json': NEST_PACKAGE,
      'src/generated.ts': `import { Resource, Tool } from '@rekog/mcp-nest';
import { Memo } from './memo';
class GeneratedTools {}
class GeneratedResources {}
const specs = [{ name: 'ping-1', description: 'Ping' }];
const proto = GeneratedTools.prototype as unknown as Record<string, () => Promise<unknown>>;
for (const spec of specs) {
  proto[spec.name] = async function generatedHandler() {
    return { content: [{ type: 'text' as const, text: 'pong' }] };
  };
  Tool({ name: spec.name, description: spec.description })(proto, spec.name, Object.getOwnPropertyDescriptor(proto, spec.name)!);
}
for (const spec of specs) {
  Object.defineProperty(GeneratedTools.prototype, 'fixed_' + spec.name, {
    value: async function definedHandler() {
      return 'ok';
    },
  });
  Tool({ name: 'fixed-ping', description: 'Ping' })(GeneratedTools.prototype, 'fixed_' + spec.name, {});
  // Not tools: another primitive of the framework, and a decorator of another package applied by hand.
  Resource({ name: 'readme', uri: 'mem://readme' })(GeneratedResources.prototype, 'readme', {});
  Memo({ name: 'cache' })(GeneratedResources.prototype, 'cached', {});
}
`,
      'src/memo.ts': `export const Memo = (options: { name: string }) => (target: object, key: string, descriptor: object) => {
  void options;
  void target;
  void key;
  return descriptor;
};
`,
    },
    tools: [
      { file: 'src/generated.ts', name: null, kind: 'decorator', handler: 'generatedHandler' },
      {
        file: 'src/generated.ts',
        name: 'fixed-ping',
        kind: 'decorator',
        evidence: /handler: the function stored at GeneratedTools.prototype\['fixed_' \+ spec.name\]/,
      },
    ],
  },
];
