/** A check that throws on a file loses only its own findings: the other checks still report, the failure is named. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKS, analyseSourceFile, engineSettings, parseSettings, parseSource } from '../../../engine/src';

const SOURCE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'orders', version: '1.0.0' });\nserver.registerTool('get_order', {}, async ({ id }: { id: string }) => {\n  if (!id) throw new Error('id must be a non-empty string');\n  return { isError: true, content: [{ type: 'text', text: 'failed' }] };\n});\n`;

function analyse() {
  return analyseSourceFile(parseSource('/c/server.ts', SOURCE), engineSettings(parseSettings({}).settings));
}

describe('check containment', () => {
  it('a throwing check is reported as a failure; every other check keeps its findings', () => {
    const healthy = analyse();
    assert.deepEqual(healthy.failures, []);
    const target = CHECKS.find((check) => check.meta.id === 'throw-in-handler');
    assert.ok(target);
    assert.ok(
      healthy.findings.some((f) => f.check === 'throw-in-handler'),
      'the check reports here when it works',
    );
    const run = target.run.bind(target);
    target.run = (context, report) => {
      run(context, report); // reports its findings first: they must be dropped with the failure
      throw new RangeError('Maximum call stack size exceeded');
    };
    try {
      const contained = analyse();
      assert.deepEqual(contained.failures, [{ check: 'throw-in-handler', reason: 'Maximum call stack size exceeded' }]);
      assert.deepEqual(
        contained.findings.map((f) => f.check),
        healthy.findings.map((f) => f.check).filter((id) => id !== 'throw-in-handler'),
      );
    } finally {
      target.run = run;
    }
  });
});
