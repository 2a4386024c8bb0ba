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
import type { FileTool } from './toolList';

export function withoutDefinitionsRegisteredElsewhere<T extends FileTool>(
  tools: readonly T[],
  fileOf: (tool: T) => string,
): T[] {
  const registeredIn = new Map<string, Set<string>>();
  for (const tool of tools) {
    if (tool.style !== 'sdk' || tool.name === null) continue;
    const files = registeredIn.get(tool.name) ?? new Set<string>();
    files.add(fileOf(tool));
    registeredIn.set(tool.name, files);
  }
  return tools.filter((tool) => {
    if (tool.style !== 'definition' || tool.name === null) return true;
    const files = registeredIn.get(tool.name);
    return !files || files.has(fileOf(tool));
  });
}
