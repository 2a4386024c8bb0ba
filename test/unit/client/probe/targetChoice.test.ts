import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandChoice, probeTargetOf, urlChoice } from '../../../../client/src/probe/targetChoice';

void describe('what to probe', () => {
  void it('splits a typed command line and labels it by its script', () => {
    assert.deepEqual(commandChoice('node "dist/my server.js" --port 3', '/work/app'), {
      label: 'my server',
      target: { kind: 'stdio', command: 'node', args: ['dist/my server.js', '--port', '3'], cwd: '/work/app' },
    });
    assert.deepEqual(commandChoice('npx -y @acme/orders-mcp', undefined), {
      label: 'orders-mcp',
      target: { kind: 'stdio', command: 'npx', args: ['-y', '@acme/orders-mcp'] },
    });
    assert.equal(commandChoice('   ', '/work/app'), undefined);
  });

  void it('takes http(s) URLs only, labelled by host and path', () => {
    assert.deepEqual(urlChoice('http://127.0.0.1:3001/mcp'), {
      label: '127.0.0.1:3001/mcp',
      target: { kind: 'http', url: 'http://127.0.0.1:3001/mcp' },
    });
    assert.equal(urlChoice('ftp://example.org/'), undefined);
    assert.equal(urlChoice('not a url'), undefined);
  });

  void it("turns a discovered entry into the engine's target, keeping env, cwd and headers", () => {
    assert.deepEqual(
      probeTargetOf({ kind: 'stdio', label: 'orders', command: 'node', args: ['s.js'], env: { K: 'v' }, cwd: '/w' }),
      { kind: 'stdio', command: 'node', args: ['s.js'], env: { K: 'v' }, cwd: '/w' },
    );
    assert.deepEqual(probeTargetOf({ kind: 'stdio', label: 'orders', command: 'node', args: [] }), {
      kind: 'stdio',
      command: 'node',
      args: [],
    });
    assert.deepEqual(
      probeTargetOf({ kind: 'http', label: 'web', url: 'http://127.0.0.1:9/mcp', headers: { A: 'b' } }),
      { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: { A: 'b' } },
    );
  });
});
