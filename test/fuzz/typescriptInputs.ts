/**
 * Mutated TypeScript files of a real MCP server's shape: templates of our own plus the example server's sources,
 * then truncation, byte flips, deep nesting, unterminated templates, huge literals, binary, spliced and deleted slices.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Random } from './random';

const HEADER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'fuzz-shop', version: '1.0.0' });
`;

const TEMPLATES: readonly string[] = [
  `${HEADER}
server.registerTool('get_stock', { inputSchema: { sku: z.string() } }, async ({ sku }) => {
  if (!/^[a-z]\\d+$/.test(sku)) throw new Error(\`SKU \${sku} is malformed\`);
  const row = await db.stock(sku);
  if (!row) return { isError: true, content: [{ type: 'text', text: 'not found' }] };
  return { content: [{ type: 'text', text: JSON.stringify(row) }] };
});
`,
  `${HEADER}
async function lookup(id: string) {
  try {
    return await fetch(\`https://api.example.test/orders/\${id}\`);
  } catch (error) {
    return { isError: true, errorCategory: 'TRANSIENT', isRetryable: true, content: [{ type: 'text', text: String(error) }] };
  }
}
server.tool('get_order', { id: z.string() }, async ({ id }) => lookup(id));
server.tool('cancel', async () => ({ isError: true, errorCategory: 'busy', content: [] }));
`,
  `${HEADER}
const handler = async ({ email }: { email: string }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await send(email);
    if (result.ok) return { content: [{ type: 'text' as const, text: 'sent' }] };
  }
  return { isError: true, errorCategory: 'TRANSIENT', isRetryable: false, content: [{ type: 'text', text: 'Something went wrong' }] };
};
server.registerTool('send_mail', { description: 'Sends a mail' }, handler);
export { handler };
`,
  `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'low', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'add': {
      const { a, b } = request.params.arguments as { a: number; b: number };
      if (typeof a !== 'number') throw new McpError(ErrorCode.InvalidParams, 'a must be a number');
      return { content: [{ type: 'text', text: String(a + b) }] };
    }
    default:
      return { isError: true, errorCategory: 'NOT_FOUND', isRetryable: false, content: [{ type: 'text', text: \`no tool \${request.params.name}\` }] };
  }
});
`,
];

/** The templates, and the example server's own sources when the repository has them. */
export function typescriptSeeds(repoRoot: string): string[] {
  const seeds = [...TEMPLATES];
  const examples = path.join(repoRoot, 'examples', 'orders-server', 'src');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) seeds.push(fs.readFileSync(full, 'utf8'));
    }
  };
  if (fs.existsSync(examples)) walk(examples);
  return seeds;
}

type Mutation = (random: Random, text: string) => string;

const NESTING: ReadonlyArray<[string, string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{ a: ', ' }'],
  ['f(', ')'],
  ['`${', '}`'],
  ['!', ''],
  ['x => ', ''],
  ['a < ', ''],
  ['{', '}'],
];
const ODD_CHARACTERS = [
  '\u0000',
  '\uFFFD',
  '\uD800',
  '\u200B',
  '\u2028',
  '😀',
  'é',
  '`',
  '${',
  '/*',
  '"',
  "'",
  '\\',
  '\r',
  '<',
];

const MUTATIONS: Readonly<Record<string, Mutation>> = {
  truncate: (random, text) => text.slice(0, random.int(0, text.length)),
  flipBytes: (random, text) => {
    const bytes = Buffer.from(text, 'utf8');
    for (let i = random.int(1, 12); i > 0 && bytes.length > 0; i--)
      bytes[random.int(0, bytes.length - 1)] ^= 1 << random.int(0, 7);
    return bytes.toString('utf8');
  },
  oddCharacters: (random, text) => {
    let result = text;
    for (let i = random.int(1, 8); i > 0; i--) {
      const at = random.int(0, result.length);
      result = result.slice(0, at) + random.pick(ODD_CHARACTERS) + result.slice(at);
    }
    return result;
  },
  deepNesting: (random, text) => {
    const [open, close] = random.pick(NESTING);
    const depth = random.pick([50, 400, 1200, 3000]);
    const nested = `${open.repeat(depth)}1${random.chance(0.8) ? close.repeat(depth) : ''}`;
    const at = text.lastIndexOf('return ');
    return at < 0
      ? `${text}\nexport const deep = ${nested};\n`
      : `${text.slice(0, at + 7)}${nested}, ${text.slice(at + 7)}`;
  },
  unterminatedTemplate: (random, text) => {
    const at = random.int(0, text.length);
    return `${text.slice(0, at)}\`\${${random.pick(['', 'a', '`', '{'])}${text.slice(at)}`;
  },
  hugeLiteral: (random, text) => {
    const size = random.pick([10_000, 50_000, 200_000]);
    const literal = random.chance(0.5) ? `'${'x'.repeat(size)}'` : '9'.repeat(size);
    return `${text}\nexport const huge = ${literal};\n`;
  },
  binary: (random, text) => {
    const head = random.chance(0.5) ? text.slice(0, random.int(0, 200)) : '';
    return head + random.bytes(random.int(16, 4096)).toString('latin1');
  },
  splice: (random, text) => {
    const from = random.int(0, text.length);
    const slice = text.slice(from, from + random.int(1, 400));
    const at = random.int(0, text.length);
    return text.slice(0, at) + slice + text.slice(at);
  },
  deleteRange: (random, text) => {
    const from = random.int(0, text.length);
    return text.slice(0, from) + text.slice(from + random.int(1, 200));
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

export interface MutatedFile {
  text: string;
  /** The mutations applied (the faults injected into this file). */
  faults: string[];
}

/** One to three mutations of one seed file. */
export function mutatedTypescript(random: Random, seeds: readonly string[]): MutatedFile {
  let text = random.pick(seeds);
  const faults: string[] = [];
  for (let i = random.int(1, 3); i > 0; i--) {
    const name = random.pick(MUTATION_NAMES);
    text = MUTATIONS[name](random, text);
    faults.push(name);
  }
  return { text, faults };
}

/** A file the checks must find a throw-in-handler in: proof that a run went on past the broken files. */
export const CONTROL_FILE = `${HEADER}
server.registerTool('control', {}, async ({ id }: { id: string }) => {
  if (!id) throw new Error('id must be a non-empty string');
  return { content: [{ type: 'text' as const, text: 'ok' }] };
});
`;
