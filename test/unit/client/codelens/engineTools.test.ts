/**
 * The client's placements on what the engine really reports: a low-level dispatcher whose per-tool functions sit
 * above its switch, a handler factory (`mcpEnvelope.handlerFactories`), an SDK call with an inline handler and an
 * untitled `@mcpToolHandler` function, listed by the engine as the language server's `mcpEnvelope/tools` does.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listTools } from '../../../../engine/src/index';
import type { WorkspaceTool } from '../../../../shared/src/protocol';
import { handlerTargets, lensPlacements } from '../../../../client/src/codelens/toolLocations';
import { enclosingTool } from '../../../../client/src/probe/confirmation';
import { probeDiagnostics } from '../../../../client/src/probe/probeDiagnostics';
import { styledReport } from '../probe/styledReport';

const URI = 'file:///work/shop/src/server.ts';

const SOURCE = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { makeTool } from './toolkit';

async function searchOrders(args: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(args) }] };
}

async function pingHandler() {
  return { content: [{ type: 'text' as const, text: 'pong' }] };
}

const low = new Server({ name: 'shop', version: '1' }, { capabilities: { tools: {} } });
low.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'search_orders':
      return searchOrders(request.params.arguments);
    default:
      throw new Error('unknown tool');
  }
});

export const ping = makeTool('ping', { handler: pingHandler });

const high = new McpServer({ name: 'shop-high', version: '1' });
high.registerTool('get_invoice', { description: 'One invoice' }, async (args: { id?: string }) => {
  return { content: [{ type: 'text' as const, text: String(args.id) }] };
});

/** @mcpToolHandler */
export async function auditLog(args: { id: string }) {
  return { content: [{ type: 'text' as const, text: args.id }] };
}
`;

const lineOf = (text: string) => SOURCE.split('\n').findIndex((line) => line.includes(text)) + 1;

function engineTools(): WorkspaceTool[] {
  return listTools('/work/shop/src/server.ts', SOURCE, ['makeTool']).map((tool) => ({ ...tool, uri: URI }));
}

void describe('client placements on the engine’s tool list', () => {
  void it('lists every style, with the handler functions', () => {
    const tools = engineTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    assert.equal(byName.get('search_orders')?.handler?.line, lineOf('async function searchOrders'));
    assert.equal(byName.get('ping')?.handler?.line, lineOf('async function pingHandler'));
    assert.ok(byName.has('get_invoice'));
    assert.ok(tools.some((tool) => tool.name === null && tool.style === 'tag'));
  });

  void it('puts lenses on the dispatcher function, the factory handler and each named registration', () => {
    const lenses = lensPlacements(engineTools(), (uri) => uri === URI).map((lens) => [lens.line, lens.tool, lens.at]);
    assert.deepEqual(lenses, [
      [lineOf('async function searchOrders'), 'search_orders', 'handler'],
      [lineOf('async function pingHandler'), 'ping', 'handler'],
      [lineOf("case 'search_orders'"), 'search_orders', 'registration'],
      [lineOf("makeTool('ping'"), 'ping', 'registration'],
      [lineOf("registerTool('get_invoice'"), 'get_invoice', 'registration'],
    ]);
  });

  void it('opens the per-tool function and places probe results there, an inline handler at its registration', () => {
    const tools = engineTools();
    assert.deepEqual(
      handlerTargets(tools, 'search_orders').map((target) => target.line),
      [lineOf('async function searchOrders')],
    );
    const diagnostics = probeDiagnostics(styledReport(), tools).map((each) => [each.tool, each.line + 1]);
    assert.deepEqual(diagnostics, [
      ['search_orders', lineOf('async function searchOrders')],
      ['ping', lineOf('async function pingHandler')],
      ['get_invoice', lineOf("registerTool('get_invoice'")],
    ]);
    assert.equal(enclosingTool(tools, URI, lineOf('text: JSON.stringify(args)') - 1)?.name, 'search_orders');
    assert.equal(enclosingTool(tools, URI, lineOf('text: args.id') - 1), undefined);
  });
});
