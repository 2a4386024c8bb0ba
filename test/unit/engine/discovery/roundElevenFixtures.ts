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

export const ROUND_ELEVEN_FIXTURES: StyleFixture[] = [...TYPED_HELPER_FIXTURES];
