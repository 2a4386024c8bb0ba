/**
 * throw-in-handler and unguarded-handler: a tool method that a dispatch method runs from a `case`, where
 * the dispatch method is called only inside the tools/call handler's try/catch and that catch answers
 * every error (docs/precision-review.md, Round 4). What the method throws never leaves the handler.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

const envelope = `return { isError: true, errorCategory: 'UNKNOWN', isRetryable: false, content: [{ type: 'text', text: String(error) }] };`;

interface Shape {
  /** The catch of the tools/call handler. */
  catchBody?: string;
  /** Extra statements in the tools/call handler, before its try. */
  before?: string[];
  /** Extra members of the class. */
  members?: string[];
}

function server(shape: Shape = {}): string {
  return [
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
    `export class InventoryServer {`,
    `  private server = new Server({ name: 'inventory', version: '1' }, { capabilities: { tools: {} } });`,
    `  private shelves = new Map<string, string[]>();`,
    `  wire(): void {`,
    `    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `      const { name, arguments: args } = request.params;`,
    ...(shape.before ?? []).map((line) => `      ${line}`),
    `      try {`,
    `        const answer = await this.runTool(name, args);`,
    `        return { content: [{ type: 'text', text: JSON.stringify(answer) }] };`,
    `      } catch (error) {`,
    `        ${shape.catchBody ?? envelope}`,
    `      }`,
    `    });`,
    `  }`,
    `  private async runTool(name: string, args: any): Promise<unknown> {`,
    `    switch (name) {`,
    `      case 'count_items':`,
    `        return this.countItems(args);`,
    `      case 'restock_shelf':`,
    `        return this.restockShelf(args);`,
    `      default:`,
    `        throw new Error('Unknown tool: ' + name);`,
    `    }`,
    `  }`,
    `  private async countItems(args: any): Promise<number> {`,
    `    const items = this.shelves.get(args.shelf);`,
    `    if (!items) throw new Error('Shelf ' + args.shelf + ' does not exist');`,
    `    return items.length;`,
    `  }`,
    `  private async restockShelf(args: any): Promise<string> {`,
    `    const receipt = await warehouse.order(args.shelf, args.amount);`,
    `    return receipt.id;`,
    `  }`,
    ...(shape.members ?? []).map((line) => `  ${line}`),
    `}`,
  ].join('\n');
}

function count(check: string, code: string): number {
  return findingsOf(check, { name: 'case', code }).findings.length;
}

describe('a dispatch method called only inside the tools/call try/catch guards the methods it runs', () => {
  it('throw-in-handler: the throw of a method two calls below the try is caught there', () => {
    assert.equal(count('throw-in-handler', server()), 0);
  });

  it('unguarded-handler: the await of a method two calls below the try is guarded there', () => {
    assert.equal(count('unguarded-handler', server()), 0);
  });

  it('near miss: a catch that rethrows guards nothing', () => {
    const code = server({ catchBody: `console.error('tool failed', error); throw error;` });
    assert.equal(count('throw-in-handler', code) > 0, true);
    assert.equal(count('unguarded-handler', code) > 0, true);
  });

  it('near miss: the dispatch method called once outside the try leaves the methods reported', () => {
    const code = server({
      before: [
        `if (name === 'ping') return { content: [{ type: 'text', text: String(await this.runTool('count_items', args)) }] };`,
      ],
    });
    assert.equal(count('throw-in-handler', code) > 0, true);
    assert.equal(count('unguarded-handler', code) > 0, true);
  });

  it('near miss: a method also handed out as a value may run elsewhere and stays reported', () => {
    const code = server({ members: [`exposeCounter(): (args: any) => Promise<number> { return this.countItems; }`] });
    assert.equal(count('throw-in-handler', code), 1);
  });
});
