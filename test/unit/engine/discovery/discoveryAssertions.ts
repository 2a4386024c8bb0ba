/** Assertions shared by the engine, CLI and language-server discovery tests. */
import assert from 'node:assert/strict';
import type { StyleFixture } from './styleFixtures';

/** Compares found tools with a fixture's expectations (order-free); shared by the three faces' tests. */
export function assertTools(
  found: ReadonlyArray<{
    file: string;
    name: string | null;
    kind: string;
    handler?: { name?: string; file?: string };
    evidence?: string[];
  }>,
  fixture: StyleFixture,
): void {
  const key = (t: { file: string; name: string | null; kind: string }) => `${t.file}|${t.name}|${t.kind}`;
  assert.deepEqual(found.map(key).sort(), fixture.tools.map(key).sort(), fixture.title);
  for (const expected of fixture.tools) {
    const tool = found.find((t) => key(t) === key(expected));
    if (expected.handler)
      assert.equal(tool?.handler?.name, expected.handler, `${fixture.title}: handler of ${expected.name}`);
    if (expected.noHandler)
      assert.equal(tool?.handler ?? undefined, undefined, `${fixture.title}: no handler for ${expected.name}`);
    if (expected.handlerFile !== undefined) {
      assert.equal(
        tool?.handler?.file ?? null,
        expected.handlerFile,
        `${fixture.title}: handler file of ${expected.name}`,
      );
    }
    if (expected.evidence) {
      assert.ok(
        (tool?.evidence ?? []).some((step) => expected.evidence?.test(step)),
        `${fixture.title}: evidence of ${expected.name}: ${(tool?.evidence ?? []).join(' | ')}`,
      );
    }
  }
}

/** A fixture's findings, limited to the checks it names (sorted). */
export function relevantFindings(findings: readonly string[], fixture: StyleFixture): string[] {
  const only = fixture.onlyChecks;
  return findings.filter((f) => !only || only.includes(f.split('@')[0])).sort();
}
