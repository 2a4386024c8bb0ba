/**
 * check --fix and the tool-errors helper: the first run creates src/toolErrors.ts beside package.json once, for
 * every file that needs it; a later run reuses it (never overwrites the user's edits); a project that already has
 * its own helper file exporting toolError gets no new one.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TOOL_ERRORS_HELPER_SOURCE } from '../../../shared/src/classifier';

const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A server file whose catch reports a failure as data: without evidence, the fix returns toolError(error, tool). */
function catchAllServer(tool: string): string {
  return [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `const server = new McpServer({ name: '${tool}', version: '1.0.0' });`,
    `server.registerTool('${tool}', {}, async () => {`,
    `  try {`,
    `    return { content: [{ type: 'text' as const, text: await load() }] };`,
    `  } catch (error) {`,
    `    return { content: [{ type: 'text' as const, text: 'nothing here' }] };`,
    `  }`,
    `});`,
    `async function load(): Promise<string> {`,
    `  return 'data';`,
    `}`,
    ``,
  ].join('\n');
}

function write(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

describe('check --fix and the tool-errors helper (dist/cli.js)', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-fix-helper-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates src/toolErrors.ts once for two files, and both import it by their own relative path', () => {
    const project = path.join(dir, 'fresh');
    write(project, 'package.json', '{ "name": "fresh", "type": "module" }\n');
    write(project, 'src/orders.ts', catchAllServer('list_orders'));
    write(project, 'src/tools/refunds.ts', catchAllServer('list_refunds'));
    const result = run(['check', 'src', '--fix'], project);
    assert.deepEqual(
      result.stderr.split('\n').filter((line) => line.startsWith('created ')),
      [`created ${path.join('src', 'toolErrors.ts')}`],
      result.stderr,
    );
    assert.equal(fs.readFileSync(path.join(project, 'src', 'toolErrors.ts'), 'utf8'), TOOL_ERRORS_HELPER_SOURCE);
    const orders = fs.readFileSync(path.join(project, 'src', 'orders.ts'), 'utf8');
    const refunds = fs.readFileSync(path.join(project, 'src', 'tools', 'refunds.ts'), 'utf8');
    assert.match(orders, /^import \{ toolError \} from '\.\/toolErrors\.js';$/m);
    assert.match(orders, /return toolError\(error, 'list_orders'\);/);
    assert.match(refunds, /^import \{ toolError \} from '\.\.\/toolErrors\.js';$/m);
    assert.match(refunds, /return toolError\(error, 'list_refunds'\);/);
  });

  it('a later run reuses the helper and keeps the edits the user made to it', () => {
    const project = path.join(dir, 'fresh');
    const helper = path.join(project, 'src', 'toolErrors.ts');
    const edited = `// edited by the user\n${fs.readFileSync(helper, 'utf8')}`;
    fs.writeFileSync(helper, edited);
    write(project, 'src/customers.ts', catchAllServer('list_customers'));
    const result = run(['check', 'src', '--fix'], project);
    assert.doesNotMatch(result.stderr, /^created /m);
    assert.match(result.stderr, /fixed \d+ problems? in src[/\\]customers\.ts/);
    assert.equal(fs.readFileSync(helper, 'utf8'), edited);
    assert.match(
      fs.readFileSync(path.join(project, 'src', 'customers.ts'), 'utf8'),
      /^import \{ toolError \} from '\.\/toolErrors\.js';$/m,
    );
  });

  it("a project's own helper in src/utils/toolErrors.ts is imported, and no new file is written", () => {
    const project = path.join(dir, 'own-helper');
    write(project, 'package.json', '{ "name": "own" }\n');
    write(project, 'src/utils/toolErrors.ts', TOOL_ERRORS_HELPER_SOURCE);
    write(project, 'src/server.ts', catchAllServer('get_report'));
    const result = run(['check', 'src', '--fix'], project);
    assert.doesNotMatch(result.stderr, /^created /m);
    assert.equal(fs.existsSync(path.join(project, 'src', 'toolErrors.ts')), false);
    assert.match(
      fs.readFileSync(path.join(project, 'src', 'server.ts'), 'utf8'),
      /^import \{ toolError \} from '\.\/utils\/toolErrors\.js';$/m,
    );
  });
});
