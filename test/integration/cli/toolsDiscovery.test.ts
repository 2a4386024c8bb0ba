import assert from 'node:assert/strict';
import { DISCOVERY_FIXTURES } from '../../unit/engine/discovery/allFixtures';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { assertTools, relevantFindings } from '../../unit/engine/discovery/discoveryAssertions';
import { STYLE_FIXTURES, type StyleFixture } from '../../unit/engine/discovery/styleFixtures';

const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'dist', 'cli.js');
const created: string[] = [];

function writeWorkspace(fixture: StyleFixture): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-tools-'));
  created.push(dir);
  for (const [name, text] of Object.entries(fixture.files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function runJson(args: string[], cwd: string): unknown {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  return JSON.parse(result.stdout);
}

interface ListedJson {
  name: string | null;
  file: string;
  line: number;
  kind: string;
  style: string;
  handler: { line: number; name?: string; file?: string } | null;
  evidence: string[];
}

describe('mcp-envelope tools: every registration style (dist/cli.js)', () => {
  after(() => {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const fixture of DISCOVERY_FIXTURES) {
    it(fixture.title, () => {
      const dir = writeWorkspace(fixture);
      const tools = runJson(['tools', '--format', 'json', '--explain'], dir) as ListedJson[];
      assertTools(
        tools.map((t) => ({
          ...t,
          handler: t.handler ? { ...t.handler, file: t.handler.file?.split(path.sep).join('/') } : undefined,
        })),
        fixture,
      );
      for (const tool of tools) assert.ok(tool.evidence.length > 0 && typeof tool.style === 'string');
      if (fixture.findings) {
        const findings = runJson(['check', '--format', 'json'], dir) as Array<{ check: string; file: string }>;
        assert.deepEqual(
          relevantFindings(
            findings.map((f) => `${f.check}@${f.file.split(path.sep).join('/')}`),
            fixture,
          ),
          [...fixture.findings].sort(),
        );
      }
    });
  }

  it('without --explain, the JSON keeps its documented fields', () => {
    const dir = writeWorkspace(STYLE_FIXTURES[0]);
    const tools = runJson(['tools', '--format', 'json'], dir) as Array<Record<string, unknown>>;
    assert.deepEqual(Object.keys(tools[0]).sort(), ['file', 'kind', 'line', 'name']);
  });

  it('--explain in pretty format prints the chain of evidence under each tool', () => {
    const dir = writeWorkspace(STYLE_FIXTURES[0]);
    const result = spawnSync(process.execPath, [cli, 'tools', '--explain'], { cwd: dir, encoding: 'utf8' });
    assert.match(result.stdout, /monthly_report {2}src[\\/]reports\.ts:2 {2}wrapper/);
    assert.match(result.stdout, /handler: monthlyReport \(line 2\)/);
    assert.match(result.stdout, /← reportTool \(context\.ts:4\) forwards to \.registerTool/);
  });
});
