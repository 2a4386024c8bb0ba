// Grammar snapshot tests with vscode-tmgrammar-test: every case under cases/<scope>/ is tokenized
// with the host grammar and this extension's contributed grammars (read from package.json), and the
// scopes must match the committed cases/<scope>/<case>.txt.snap.
// To accept intended changes: UPDATE_GRAMMAR_SNAPSHOTS=1 npm run test:grammar, then review the diff.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { HOST_GRAMMARS, ROOT } from './textmate.mjs';

const require = createRequire(import.meta.url);
const snapshotCli = join(require.resolve('vscode-tmgrammar-test/package.json'), '..', 'dist', 'snapshot.js');
const CASES = join(ROOT, 'test', 'grammar', 'cases');
const update = process.env.UPDATE_GRAMMAR_SNAPSHOTS === '1';

describe('grammar snapshots (vscode-tmgrammar-snap)', () => {
  for (const scopeName of readdirSync(CASES)) {
    it(scopeName, () => {
      const args = [snapshotCli, '--config', 'package.json', '--scope', scopeName];
      if (HOST_GRAMMARS[scopeName]) args.push('--grammar', relative(ROOT, HOST_GRAMMARS[scopeName]));
      if (update) args.push('--updateSnapshot');
      args.push(`${relative(ROOT, join(CASES, scopeName))}/*.txt`);
      const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
      if (!update) assert.match(result.stdout, /run successfully/, result.stdout);
    });
  }
});
