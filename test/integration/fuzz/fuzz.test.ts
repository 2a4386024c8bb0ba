/**
 * The bounded fuzz suite of `npm test` (`npm run fuzz` runs the same with 100,000+ inputs): 2,000 mutated TypeScript
 * files through `check`, 300 through the language server, 50 MB of JSON-RPC through the tap. Seeded: a failure
 * names its seed (MCP_ENVELOPE_FUZZ_SEED reruns it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTotals, runCampaign } from '../../fuzz/campaign';

const SEED = Number(process.env.MCP_ENVELOPE_FUZZ_SEED ?? 20261130);

// A generous bound: hangs are caught per process by the campaign's own timeouts; this only stops a runaway suite,
// and a loaded or slow machine must not fail it.
describe('fuzz (bounded)', { timeout: 900_000 }, () => {
  it(`no crash, no hang, valid output, nothing lost (seed ${SEED})`, async (t) => {
    const totals = await runCampaign({
      seed: SEED,
      cliFiles: 2_000,
      batchSize: 250,
      lspDocuments: 300,
      tapBytes: 50 * 1024 * 1024,
      tapSessionBytes: 10 * 1024 * 1024,
      parallel: 2,
    });
    for (const line of formatTotals(totals).split('\n')) t.diagnostic(line);
    const problems = [...totals.cli.problems, ...totals.lsp.problems, ...totals.tap.problems];
    assert.deepEqual(problems, [], formatTotals(totals));
    assert.equal(totals.all.crashes + totals.all.hangs + totals.all.lost, 0);
    assert.ok(totals.cli.inputs >= 2_000 && totals.lsp.inputs >= 300, formatTotals(totals));
    assert.ok(totals.tap.bytes >= 50 * 1024 * 1024, formatTotals(totals));
    // The mutations must reach the containment path, or the suite proves nothing about it.
    assert.ok(totals.cli.contained > 0 && totals.lsp.contained > 0, formatTotals(totals));
  });
});
