/**
 * A definition object that an SDK registration call of another file names is that registration's tool, listed
 * once, at the call:
 *
 * - `server.tool('get-order', shape, (args) => getOrder.execute(args))` beside an imported
 *   `getOrder = { name: 'get-order', description, schema, execute }` (the object only lends its `execute`);
 * - `const made = createOrderTool(api); server.registerTool(made.name, made.definition, made.handler)` beside the
 *   factory's `return { name: 'get-order', definition, handler }`.
 *
 * The same rule as a definition routed by a dispatcher branch of another file (`withoutDispatchedDefinitions`): the
 * wire name is served once, by the call. The definition's handler is still checked where it is written.
 */
import { type FileTool, filesByToolName, servedOnlyElsewhere } from './toolList';

export function withoutDefinitionsRegisteredElsewhere<T extends FileTool>(
  tools: readonly T[],
  fileOf: (tool: T) => string,
): T[] {
  const registeredIn = filesByToolName(tools, (tool) => tool.style === 'sdk', fileOf);
  return tools.filter(
    (tool) => tool.style !== 'definition' || tool.name === null || !servedOnlyElsewhere(tool, registeredIn, fileOf),
  );
}
