/**
 * Shapes of the round 11 held-out set (docs/real-code-evaluation-round11.md), written from scratch with
 * invented names, each next to look-alikes that must stay silent. Shared by the engine, CLI and
 * language-server tests.
 */
import { MCP_PACKAGE, type StyleFixture } from './styleFixtures';

const TYPED_HELPER_FIXTURES: StyleFixture[] = [
  {
    title:
      'keyed records of a named type whose wire name is `method` (name is a title), merged across modules and registered by a typed helper `this.tool(t.method, …)`; routes, CLI commands and untyped look-alikes stay silent',
    files: {
      'package.json': MCP_PACKAGE,
      'src/types.ts': `import type { z } from 'zod';
export interface Operation {
  method: string;
  name: string;
  description: string;
  parameters: z.ZodObject<z.ZodRawShape>;
  execute?: (args: unknown) => Promise<string>;
  scopes: string[];
}
export interface Route {
  method: string;
  path: string;
  description: string;
}
`,
      'src/invoices/operations.ts': `import { z } from 'zod';
import type { Operation } from '../types';

async function voidInvoice(args: unknown): Promise<string> {
  return 'voided ' + JSON.stringify(args);
}

const operations: Record<string, Operation> = {
  read_invoice: {
    method: 'read_invoice',
    name: 'Read Invoice',
    description: 'Reads one invoice',
    parameters: z.object({ id: z.string() }),
    scopes: ['invoices:read'],
  },
  void_invoice: {
    method: 'void_invoice',
    name: 'Void Invoice',
    description: 'Voids an invoice',
    parameters: z.object({ id: z.string() }),
    execute: voidInvoice,
    scopes: ['invoices:write'],
  },
};

export const invoiceOperations = () => [operations.read_invoice, operations.void_invoice];
`,
      'src/ledger/operations.ts': `import { z } from 'zod';
import type { Operation } from '../types';

export function ledgerOperations(): Operation[] {
  return [
    {
      method: 'ledger_balance',
      name: 'Ledger Balance',
      description: 'Balance of the ledger',
      parameters: z.object({}),
      scopes: ['ledger:read'],
    },
  ];
}
`,
      'src/http/routes.ts': `import type { Route } from '../types';
// Same keys, another type: an HTTP route table, not tools.
export const routes: Record<string, Route> = {
  health: { method: 'GET', path: '/health', description: 'Liveness' },
  reset: { method: 'POST', path: '/reset', description: 'Resets the cache' },
};
export function mount(app: { get(path: string, fn: () => void): void }, route: Route) {
  app.get(route.path, () => undefined);
}
`,
      'src/cli/commands.ts': `// A CLI command table: keyed records with a method and a description, never registered as tools.
export const commands = {
  sync: { method: 'sync_all', name: 'Sync', description: 'Synchronises everything' },
};
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Operation } from './types';
import { invoiceOperations } from './invoices/operations';
import { ledgerOperations } from './ledger/operations';

class BillingServer extends McpServer {
  constructor(allowed: string[]) {
    super({ name: 'billing', version: '1.0.0' });
    const all = [...invoiceOperations(), ...ledgerOperations()];
    all.filter((op) => op.scopes.every((s) => allowed.includes(s))).forEach((op) => this.registerOperation(op));
  }

  private registerOperation(op: Operation): void {
    this.tool(op.method, op.description, op.parameters.shape, async (args: Record<string, unknown>) => {
      const text = op.execute ? await op.execute(args) : 'done';
      return { content: [{ type: 'text' as const, text }] };
    });
  }
}

export const server = new BillingServer(['invoices:read']);
`,
    },
    tools: [
      {
        file: 'src/invoices/operations.ts',
        name: 'read_invoice',
        kind: 'definition',
        evidence: /is a Operation, named by its method/,
      },
      { file: 'src/invoices/operations.ts', name: 'void_invoice', kind: 'definition', handler: 'voidInvoice' },
      { file: 'src/ledger/operations.ts', name: 'ledger_balance', kind: 'definition' },
    ],
  },
];

const ACTION_DECORATOR_FIXTURES: StyleFixture[] = [
  {
    title:
      'method decorators declaring actions with a literal name, a description and a schema (@DefineAction) in an MCP server that serves them; columns, fields, CLI commands, routes and titles stay silent',
    files: {
      'package.json': JSON.stringify({
        name: 'wallet-mcp',
        dependencies: { '@modelcontextprotocol/sdk': '^1.0.0', 'wallet-kit': '^2.0.0', typeorm: '^0.3.0' },
      }),
      'src/actions/pricing.ts': `import { ActionSet, DefineAction } from 'wallet-kit';
import { z } from 'zod';

const QuoteInput = z.object({ symbol: z.string() });
const SWAP_NAME = 'swap_quote';

export class PricingActions extends ActionSet {
  @DefineAction({
    name: 'quote_price',
    description: 'Quotes the price of a token',
    schema: QuoteInput,
  })
  async quotePrice(args: z.infer<typeof QuoteInput>) {
    return 'price of ' + args.symbol;
  }

  @DefineAction({ name: SWAP_NAME, description: 'Quotes a swap', schema: QuoteInput })
  async swapQuote(args: z.infer<typeof QuoteInput>) {
    return 'swap ' + args.symbol;
  }

  // A display title is not a wire name.
  @DefineAction({ name: 'Quote Everything', description: 'Not a wire name', schema: QuoteInput })
  async quoteAll() {
    return 'all';
  }

  // No schema: metadata, not a callable action.
  @Describe({ name: 'helper', description: 'Internal helper' })
  async helper() {
    return 'help';
  }
}

function Describe(_meta: { name: string; description: string }) {
  return (_target: object, _key: string) => undefined;
}
`,
      'src/entities/account.ts': `import { Column, Entity } from 'typeorm';
import { ApiProperty, Field, Command, Get } from './lookalikes';

@Entity()
export class Account {
  @Column({ name: 'owner_id', comment: 'Owner' })
  ownerId = '';

  @ApiProperty({ name: 'balance', description: 'Balance', type: Number })
  get balance() {
    return 0;
  }

  @Field({ name: 'label', description: 'Label', schema: 'string' })
  label() {
    return '';
  }

  @Command({ name: 'sync', description: 'Sync accounts', parameters: [] })
  async sync() {
    return 1;
  }

  @Get('accounts')
  list() {
    return [];
  }
}
`,
      'src/entities/lookalikes.ts': `type Meta = Record<string, unknown>;
const noop = (_meta?: Meta | string) => (_target: object, _key: string) => undefined;
export const ApiProperty = noop;
export const Field = noop;
export const Command = noop;
export const Get = noop;
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toMcpTools } from 'wallet-kit';
import { PricingActions } from './actions/pricing';

const server = new McpServer({ name: 'wallet', version: '1.0.0' });
for (const tool of toMcpTools([new PricingActions()])) {
  server.tool(tool.name, tool.description, tool.shape, tool.run);
}
`,
    },
    tools: [
      {
        file: 'src/actions/pricing.ts',
        name: 'quote_price',
        kind: 'decorator',
        handler: 'quotePrice',
        evidence: /method decorated @DefineAction/,
      },
      { file: 'src/actions/pricing.ts', name: 'swap_quote', kind: 'decorator', handler: 'swapQuote' },
    ],
  },
  {
    title: 'the same action decorators in an agent toolkit that serves no MCP server stay silent',
    files: {
      'package.json': JSON.stringify({ name: 'agent-kit', dependencies: { ai: '^5.0.0', 'wallet-kit': '^2.0.0' } }),
      'src/actions/pricing.ts': `import { ActionSet, DefineAction } from 'wallet-kit';
import { z } from 'zod';

export class PricingActions extends ActionSet {
  @DefineAction({ name: 'quote_price', description: 'Quotes a token', schema: z.object({ symbol: z.string() }) })
  async quotePrice(args: { symbol: string }) {
    return 'price of ' + args.symbol;
  }
}
`,
    },
    tools: [],
  },
];

export const ROUND_ELEVEN_FIXTURES: StyleFixture[] = [...TYPED_HELPER_FIXTURES, ...ACTION_DECORATOR_FIXTURES];
