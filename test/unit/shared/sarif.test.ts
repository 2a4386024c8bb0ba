import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sarifArtifactUri, sarifLog } from '../../../shared/src/sarif';

describe('sarifArtifactUri', () => {
  const cases: Array<[string, string]> = [
    ['src/tools.ts', 'src/tools.ts'],
    ['../other/src/tools.ts', '../other/src/tools.ts'],
    ['src\\tools\\orders.ts', 'src/tools/orders.ts'],
    ['src/my tools/#1.ts', 'src/my%20tools/%231.ts'],
    ['/home/someone/server/src/tools.ts', 'file:///home/someone/server/src/tools.ts'],
    ['/tmp/a b/100%.ts', 'file:///tmp/a%20b/100%25.ts'],
    ['C:\\work\\server\\src\\tools.ts', 'file:///C:/work/server/src/tools.ts'],
    ['d:/work/src/tools.ts', 'file:///D:/work/src/tools.ts'],
    ['\\\\fileserver\\share\\src\\tools.ts', 'file://fileserver/share/src/tools.ts'],
    ['file:///already/a/uri.ts', 'file:///already/a/uri.ts'],
  ];
  for (const [file, uri] of cases) {
    it(`${file} → ${uri}`, () => assert.equal(sarifArtifactUri(file), uri));
  }
});

describe('sarifLog', () => {
  it('rewrites the artifact URIs of result locations and leaves logical locations alone', () => {
    const text = sarifLog({
      driverName: 'test',
      version: '1.0.0',
      rules: [],
      results: [
        {
          ruleId: 'a',
          locations: [{ physicalLocation: { artifactLocation: { uri: '/abs/x.ts' }, region: { startLine: 2 } } }],
        },
        { ruleId: 'b', locations: [{ logicalLocations: [{ name: 'get_order', kind: 'function' }] }] },
      ],
    });
    const log = JSON.parse(text) as { runs: Array<{ results: unknown[] }> };
    assert.deepEqual(log.runs[0]?.results, [
      {
        ruleId: 'a',
        locations: [{ physicalLocation: { artifactLocation: { uri: 'file:///abs/x.ts' }, region: { startLine: 2 } } }],
      },
      { ruleId: 'b', locations: [{ logicalLocations: [{ name: 'get_order', kind: 'function' }] }] },
    ]);
  });
});
