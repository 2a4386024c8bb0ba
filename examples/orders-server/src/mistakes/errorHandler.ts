/**
 * MISTAKEN TWIN — the error helper many servers grow: one place that builds every failure result.
 * Every lookup that fails goes through it, so its one omission is repeated in every tool that calls it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Wraps a message in an error result. */
export function toolError(message: string): CallToolResult {
  return {
    isError: true, // mistake: missing-error-category
    isRetryable: false,
    content: [{ type: 'text', text: message }],
  };
}
