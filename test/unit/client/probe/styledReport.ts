/** A probe report over the tools of test/unit/client/codelens/styledTools.ts: every style fails the same way. */
import type { ProbeCall, ProbeReport } from '../../../../shared/src/probeReport';

/** A handler that let an exception escape: McpServer's bare tool error. */
export const escapedThrow = (tool: string): ProbeCall => ({
  mistake: 'nonexistent-id',
  arguments: { id: 'nonexistent-1' },
  outcome: 'tool-error',
  category: null,
  retryable: null,
  message: `${tool} failed: not found`,
  findings: [{ check: 'missing-error-category', message: 'no errorCategory' }],
});

export function styledReport(): ProbeReport {
  const failed = (name: string) => ({ name, grade: 40, skipped: null, calls: [escapedThrow(name)] });
  return {
    server: 'shop',
    seed: 1,
    tools: [failed('search_orders'), failed('ping'), failed('audit_log'), failed('get_invoice')],
  };
}
