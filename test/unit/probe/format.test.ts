/**
 * The probe's output formats and command line: json is exactly docs/probe.md's shape, SARIF carries one result
 * per finding, pretty is a report card; usage errors exit 2 before any server starts; the safety rule.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { safetyReason, toProbeJson, type ProbeReport } from '../../../shared/src/probeReport';
import { defaultLabel } from '../../../shared/src/serverTarget';
import { main } from '../../../cli/src/main';
import { parseProbeArguments } from '../../../cli/src/probe';
import type { CliIo } from '../../../cli/src/usage';
import { formatProbePretty, formatProbeSarif } from '../../../probe/src/format';
import { parseFixtures } from '../../../probe/src/fixtures';

const REPORT: ProbeReport = {
  server: 'orders',
  seed: 4,
  grade: 70,
  tools: [
    {
      name: 'get_order',
      grade: 70,
      skipped: null,
      calls: [
        {
          mistake: 'wrong-type',
          arguments: { orderId: 42 },
          outcome: 'tool-error',
          category: null,
          retryable: null,
          message: 'expected string, received number at orderId',
          findings: [{ check: 'missing-error-category', message: 'No errorCategory.' }],
          verdict: 'orderId given a number instead of a string. 70/100',
        },
      ],
    },
    { name: 'delete_order', grade: null, skipped: 'destructive (annotations.destructiveHint: true)', calls: [] },
  ],
};

/** The command's CliIo with its lines captured; `probe` runs it through the dispatcher, which turns usage errors into exit code 2. */
function capture(): { out: string[]; err: string[]; probe: (argv: string[]) => Promise<number> } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(`${text}\n`),
    stderr: (text) => err.push(`${text}\n`),
    cwd: process.cwd(),
    isTty: false,
    version: 'test',
  };
  return { out, err, probe: (argv) => main(['probe', ...argv], io) };
}

void describe('probe formats', () => {
  void it('json has exactly the documented fields (docs/probe.md), in their order', () => {
    const json = toProbeJson(REPORT);
    assert.deepEqual(Object.keys(json), ['server', 'seed', 'tools']);
    const tools = json.tools as Array<Record<string, unknown>>;
    assert.deepEqual(Object.keys(tools[0]), ['name', 'grade', 'skipped', 'calls']);
    const call = (tools[0].calls as Array<Record<string, unknown>>)[0];
    assert.deepEqual(Object.keys(call), [
      'mistake',
      'arguments',
      'outcome',
      'category',
      'retryable',
      'message',
      'findings',
    ]);
    assert.deepEqual(tools[1], { name: 'delete_order', grade: null, skipped: REPORT.tools[1].skipped, calls: [] });
  });

  void it('SARIF has one result per finding, located at the tool', () => {
    const sarif = JSON.parse(formatProbeSarif(REPORT, '1.2.3')) as {
      version: string;
      runs: Array<{ results: Array<{ ruleId: string; locations: unknown[] }>; tool: { driver: { rules: unknown[] } } }>;
    };
    assert.equal(sarif.version, '2.1.0');
    assert.equal(sarif.runs[0].results.length, 1);
    assert.equal(sarif.runs[0].results[0].ruleId, 'missing-error-category');
    assert.deepEqual(sarif.runs[0].results[0].locations, [
      { logicalLocations: [{ name: 'get_order', kind: 'function' }] },
    ]);
    assert.equal(sarif.runs[0].tool.driver.rules.length, 1);
  });

  void it('pretty shows the grades, the verdicts and why a tool was skipped', () => {
    const text = formatProbePretty(REPORT);
    assert.match(text, /^orders {2}70\/100 {2}\(seed 4; 1 graded, 1 skipped\)/);
    assert.match(text, /get_order {2}70\/100/);
    assert.match(text, /70\/100/);
    assert.match(text, /delete_order {2}skipped: destructive/);
  });
});

void describe('probe safety', () => {
  void it('calls only tools annotated read-only and not destructive', () => {
    assert.equal(safetyReason({ name: 'read', annotations: { readOnlyHint: true } }), null);
    assert.match(
      safetyReason({ name: 'x', annotations: { readOnlyHint: true, destructiveHint: true } }) ?? '',
      /^destructive/,
    );
    assert.match(safetyReason({ name: 'x' }) ?? '', /^not annotated read-only.*--allow x$/);
    assert.match(safetyReason({ name: 'x', annotations: { readOnlyHint: false } }) ?? '', /^not annotated read-only/);
  });
});

void describe('probe command line', () => {
  void it('reads repeatable options and the server command after --', () => {
    const parsed = parseProbeArguments([
      '--format=json',
      '--seed',
      '9',
      '--allow',
      'a',
      '--allow',
      'b',
      '--env',
      'TOKEN=x=y',
      '--timeout',
      '250',
      '--fail-under',
      '60',
      '--',
      'node',
      'server.js',
      '--allow',
    ]);
    assert.notEqual(parsed, 'help');
    if (parsed === 'help') return;
    assert.deepEqual(parsed.command, ['node', 'server.js', '--allow']);
    assert.deepEqual(parsed.allow, ['a', 'b']);
    assert.deepEqual(parsed.env, { TOKEN: 'x=y' });
    assert.equal(parsed.format, 'json');
    assert.equal(parsed.seed, 9);
    assert.equal(parsed.timeoutMs, 250);
    assert.equal(parsed.failUnder, 60);
  });

  const USAGE_ERRORS: Array<[string, string[], RegExp]> = [
    ['no server', ['--format', 'json'], /no server/],
    ['--allow-all', ['--allow-all', '--', 'node', 's.js'], /--allow-all is not offered/],
    ['both --url and a command', ['--url', 'http://127.0.0.1:1/mcp', '--', 'node'], /either --url/],
    ['a bad format', ['--format', 'xml', '--', 'node'], /--format must be/],
    ['a bad seed', ['--seed=-1', '--', 'node'], /--seed must be/],
    ['a bad --fail-under', ['--fail-under', '101', '--', 'node'], /--fail-under must be/],
    ['a bad --env', ['--env', 'NOVALUE', '--', 'node'], /KEY=VALUE/],
    ['an unknown option', ['--verbose', '--', 'node'], /unknown option/i],
    ['--env with --url', ['--env', 'A=b', '--url', 'http://127.0.0.1:1/mcp'], /--env applies only/],
    ['a missing fixtures file', ['--fixtures', '/nonexistent/fixtures.json', '--', 'node'], /cannot use --fixtures/],
  ];
  for (const [name, argv, pattern] of USAGE_ERRORS) {
    void it(`exits 2 on ${name}`, async () => {
      const { err, probe } = capture();
      assert.equal(await probe(argv), 2);
      assert.match(err.join(''), pattern);
    });
  }

  void it('prints its usage for --help and exits 0', async () => {
    const { out, probe } = capture();
    assert.equal(await probe(['--help']), 0);
    assert.match(out.join(''), /--fail-under N/);
  });

  void it('exits 1 with a message when the server cannot start', async () => {
    const { err, probe } = capture();
    assert.equal(await probe(['--timeout', '2000', '--', '/nonexistent/server-binary']), 1);
    assert.match(err.join(''), /Could not connect/);
  });

  void it('refuses to overwrite a file with --scaffold-fixtures', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-scaffold-'));
    try {
      const file = path.join(dir, 'fixtures.json');
      fs.writeFileSync(file, '{}');
      const { err, probe } = capture();
      assert.equal(await probe(['--scaffold-fixtures', file, '--', 'node', 'x.js']), 2);
      assert.match(err.join(''), /already exists/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe('probe fixtures files', () => {
  void it('reads tool arguments and skips $ notes', () => {
    assert.deepEqual(parseFixtures('{"$comment":"x","get_order":{"orderId":"ord-1"}}', 'f.json'), {
      get_order: { orderId: 'ord-1' },
    });
  });

  void it('says what is wrong with a bad file', () => {
    assert.throws(() => parseFixtures('[1]', 'f.json'), /one JSON object/);
    assert.throws(() => parseFixtures('{"t": 3}', 'f.json'), /arguments of "t" must be a JSON object/);
    assert.throws(() => parseFixtures('{', 'f.json'), /not JSON/);
  });
});

void describe('probe server labels', () => {
  void it('names a server by its script, or by its package when the script is index.js', () => {
    const stdio = (args: string[]) => defaultLabel({ kind: 'stdio', command: 'node', args });
    assert.equal(stdio(['build/orders.js']), 'orders');
    assert.equal(
      stdio(['/x/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', '/tmp']),
      'server-filesystem',
    );
    assert.equal(stdio(['/srv/weather/index.js']), 'weather');
    assert.equal(defaultLabel({ kind: 'http', url: 'http://127.0.0.1:3000/mcp' }), '127.0.0.1:3000/mcp');
  });
});
