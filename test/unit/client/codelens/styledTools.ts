/**
 * The `mcpEnvelope/tools` answer for a made-up workspace with one tool of each registration style, for the
 * client's tests. The dispatcher file defines its per-tool functions above the `switch` that routes to them:
 *
 *   10 async function searchOrders(args) { … }          handler of search_orders
 *   22 async function refundOrder(args) { … }           handler of refund_order
 *   40 server.setRequestHandler(CallToolRequestSchema, async (request) => {
 *   42   case 'search_orders': return searchOrders(…);
 *   43   case 'refund_order': return refundOrder(…);
 *   50 defineTool('get_invoice', async (args) => { … })  a handler factory, inline handler
 *   58 const pingHandler = async () => …                  referred to by the factory call below
 *   60 defineTool('ping', pingHandler)
 *   70 class DynamicTool { name = computeName(); async run() { … } }   name computed at run time
 *
 * tagged.ts has one `@mcpToolHandler` function at line 9; sdk.ts registers a twin of search_orders at line 30
 * with an inline handler (line 33).
 */
import type { WorkspaceTool } from '../../../../shared/src/protocol';

export const DISPATCH_FILE = 'file:///work/shop/src/dispatch.ts';
export const SDK_FILE = 'file:///work/shop/src/sdk.ts';
export const TAG_FILE = 'file:///work/shop/src/tagged.ts';

export const STYLED_TOOLS: WorkspaceTool[] = [
  {
    name: 'search_orders',
    line: 42,
    kind: 'dispatch',
    style: 'dispatcher',
    evidence: ['a case of the tools/call dispatcher'],
    handler: { line: 10, name: 'searchOrders' },
    uri: DISPATCH_FILE,
  },
  {
    name: 'refund_order',
    line: 43,
    kind: 'dispatch',
    style: 'dispatcher',
    evidence: ['a case of the tools/call dispatcher'],
    handler: { line: 22, name: 'refundOrder' },
    uri: DISPATCH_FILE,
  },
  {
    name: 'get_invoice',
    line: 50,
    kind: 'factory',
    style: 'factory',
    evidence: ['mcpEnvelope.handlerFactories: defineTool'],
    handler: { line: 50 },
    uri: DISPATCH_FILE,
  },
  {
    name: 'ping',
    line: 60,
    kind: 'factory',
    style: 'factory',
    evidence: ['mcpEnvelope.handlerFactories: defineTool'],
    handler: { line: 58, name: 'pingHandler' },
    uri: DISPATCH_FILE,
  },
  {
    name: null,
    line: 70,
    kind: 'class',
    style: 'class',
    nameExpression: 'computeName()',
    evidence: ['a class with name and run'],
    handler: { line: 72, name: 'run' },
    uri: DISPATCH_FILE,
  },
  // `/** @mcpToolHandler */ export async function auditLog(…)`: the tag names no tool.
  {
    name: null,
    line: 9,
    kind: 'jsdoc',
    style: 'tag',
    evidence: ['tagged @mcpToolHandler'],
    handler: { line: 9, name: 'auditLog' },
    uri: TAG_FILE,
  },
  // Twins: the same name registered by two servers of the workspace (a mistaken and a corrected version).
  { name: 'search_orders', line: 30, kind: 'registerTool', style: 'sdk', handler: { line: 33 }, uri: SDK_FILE },
];
