/**
 * The extension stays light in a workspace without MCP code: dist/extension.js activated outside VS Code with a
 * stand-in `vscode` module (scripts/e2e/measure-activation.mjs) starts no language server process there, and does
 * start one when a package.json depends on the MCP SDK.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../../..');

interface Measurement {
  workspace: string;
  activateMs?: number;
  serverStarted: boolean[];
  errors: string[];
}

function measure(args: string[]): Measurement {
  const script = path.join(root, 'scripts', 'e2e', 'measure-activation.mjs');
  const result = spawnSync(process.execPath, [script, '--runs', '1', ...args], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Measurement;
}

describe('activation cost (dist/extension.js)', { timeout: 120_000 }, () => {
  it('a workspace without MCP code: activated, no language server started', () => {
    const measurement = measure([]);
    assert.deepEqual(measurement.errors, []);
    assert.equal(typeof measurement.activateMs, 'number');
    assert.deepEqual(measurement.serverStarted, [false]);
  });

  it('a package.json that depends on the MCP SDK: the language server starts', () => {
    const measurement = measure(['--mcp']);
    assert.deepEqual(measurement.errors, []);
    assert.deepEqual(measurement.serverStarted, [true]);
  });
});
