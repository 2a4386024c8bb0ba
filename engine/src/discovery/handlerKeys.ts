/**
 * Keys under which a tool definition object keeps the function that answers the call (`{ name, handler }`,
 * `{ name, execute }`…). The definition rules share this base and add the keys their own shapes use.
 */
export const HANDLER_KEYS: readonly string[] = [
  'handler',
  'execute',
  'handle',
  'run',
  'call',
  'callback',
  'invoke',
  'cb',
  'fn',
];
