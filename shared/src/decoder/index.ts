/** The envelope decoder: one module used by the Tool Calls panel, the tap and the CLI. Pure TypeScript. */
export { CallTracker, decodeCalls, describeReading, toCallsJson } from './calls';
export { decodeRpcError, decodeToolResult, type DecodedResult } from './result';
export { nextActionFor, nextActionForResult, type NextActionInput } from './nextAction';
export { isGenericMessage, leakedInternals, saysNoResults } from './text';
