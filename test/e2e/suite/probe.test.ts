/**
 * "Probe Server" in the real extension host: the examples' mistaken twin, transpiled into a temporary folder,
 * is probed through the test-only command (a server command and a programmatic opt-in instead of the pickers).
 * The probe's diagnostic must land on get_order's registration line in the workspace copy of mistaken.ts, the
 * static throw-in-handler finding inside that handler must be marked confirmed, the "Show probe calls" code
 * action must be offered, and the calls must reach the Tool Calls panel's model.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import * as vscode from 'vscode';
import { MISTAKEN, WAIT_MS, checkIdOf, exampleUri, openExample, sleep, waitForDiagnostics } from './helpers';

const PROBE_SOURCE = 'mcp-envelope probe';

interface ProbeResult {
  server: string;
  grade: number | null;
  tools: { name: string; grade: number | null; skipped: string | null }[];
  diagnostics: { uri: string; line: number; code: string; message: string }[];
}

/** Transpiles the workspace copy of orders-server/src into `outDir` as CommonJS, file by file. */
function transpileExample(outDir: string): void {
  const sourceDir = exampleUri('orders-server/src').fsPath;
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? walk(path.join(dir, entry.name))
          : entry.name.endsWith('.ts')
            ? [path.join(dir, entry.name)]
            : [],
      );
  for (const fileName of walk(sourceDir)) {
    const output = ts.transpileModule(fs.readFileSync(fileName, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName,
    });
    const target = path.join(outDir, path.relative(sourceDir, fileName)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, output.outputText);
  }
  // The emitted code resolves the SDK and zod from the repository's node_modules (the workspace links to it).
  fs.symlinkSync(fs.realpathSync(exampleUri('node_modules').fsPath), path.join(outDir, 'node_modules'), 'dir');
}

/** 0-based line of the `registerTool(` call that registers `tool`. */
function registrationLine(document: vscode.TextDocument, tool: string): number {
  const nameLine = document
    .getText()
    .split('\n')
    .findIndex((text) => text.includes(`'${tool}',`));
  assert.ok(nameLine > 0, `${tool} should be registered in ${MISTAKEN}`);
  for (let line = nameLine; line >= 0; line--) if (document.lineAt(line).text.includes('registerTool(')) return line;
  throw new Error(`no registerTool( above ${tool}`);
}

function probeDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === PROBE_SOURCE);
}

describe('Probe Server', function () {
  this.timeout(120_000);
  let outDir: string;

  before(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-probe-e2e-'));
    transpileExample(outDir);
  });

  after(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('links a failed probe grade to the registration line and confirms the static finding', async () => {
    const editor = await openExample(MISTAKEN);
    const uri = editor.document.uri;
    await waitForDiagnostics(
      uri,
      (diagnostics) => diagnostics.some((diagnostic) => checkIdOf(diagnostic) === 'throw-in-handler'),
      'the static throw-in-handler diagnostic',
    );
    // Under Electron, process.execPath is VS Code itself: run the server with the node on PATH there.
    const node = process.versions.electron !== undefined ? 'node' : process.execPath;
    const result = await vscode.commands.executeCommand<ProbeResult | undefined>('mcpEnvelope.internal.probe', {
      command: node,
      args: [path.join(outDir, 'mistaken.js')],
      label: 'mistaken',
      allow: ['get_order'],
      timeoutMs: 10_000,
    });
    assert.ok(result, 'the probe should finish');
    const graded = Object.fromEntries(result.tools.map((tool) => [tool.name, tool]));
    assert.ok(graded.get_order.grade !== null && graded.get_order.grade < 100, 'get_order should fail the probe');
    assert.equal(graded.cancel_order.grade, null, 'a tool without opt-in is skipped');
    assert.match(graded.cancel_order.skipped ?? '', /read-only|destructive/);

    const expectedLine = registrationLine(editor.document, 'get_order');
    const landed = probeDiagnostics(uri).filter((diagnostic) => diagnostic.message.includes('get_order graded'));
    assert.equal(landed.length, 1, `one probe diagnostic for get_order; got ${JSON.stringify(result.diagnostics)}`);
    const [diagnostic] = landed;
    assert.equal(diagnostic.range.start.line, expectedLine);
    assert.match(diagnostic.message, /Sent (nonexistent-id|unexpected-property) .* → got tool-error/);
    assert.ok(['missing-error-category', 'missing-is-retryable'].includes(checkIdOf(diagnostic)));
    assert.ok(
      probeDiagnostics(uri).every((each) => !each.message.includes('cancel_order')),
      'skipped tools get no diagnostic',
    );

    const confirmed = await waitForDiagnostics(
      uri,
      (diagnostics) =>
        diagnostics.some(
          (each) => checkIdOf(each) === 'throw-in-handler' && each.message.endsWith(' (confirmed by probe)'),
        ),
      'the throw-in-handler diagnostic marked confirmed by the probe',
      WAIT_MS,
    );
    const throwIn = confirmed.find((each) => checkIdOf(each) === 'throw-in-handler');
    assert.ok(
      throwIn?.relatedInformation?.some((info) =>
        /Probe of "mistaken": sent (unexpected-property|nonexistent-id) /.test(info.message),
      ),
    );
    const elsewhere = confirmed.filter(
      (each) => each.message.endsWith('(confirmed by probe)') && each.range.start.line > expectedLine + 20,
    );
    assert.deepEqual(elsewhere.map(checkIdOf), [], 'only findings inside the probed handler are confirmed');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
    );
    const show = actions.find((action) => action.title === 'Show probe calls of get_order');
    assert.ok(show, `a "Show probe calls" action; got ${actions.map((action) => action.title).join(', ')}`);
    assert.deepEqual(show.command?.arguments, [{ server: 'probe: mistaken', tool: 'get_order' }]);

    let state: { tools: Record<string, { calls: number }> } | undefined;
    for (let tries = 0; tries < 20; tries++) {
      state = await vscode.commands.executeCommand('mcpEnvelope.internal.panelState');
      if ((state?.tools.get_order?.calls ?? 0) > 0) break;
      await sleep(100);
    }
    assert.ok((state?.tools.get_order?.calls ?? 0) >= 3, 'the probe calls reach the Tool Calls model');
    await vscode.commands.executeCommand('mcpEnvelope.showToolCalls', show.command?.arguments?.[0]);
  });

  it('moves the probe diagnostic with the registration when the file changes', async () => {
    const editor = await openExample(MISTAKEN);
    const uri = editor.document.uri;
    const before = registrationLine(editor.document, 'get_order');
    assert.equal(
      probeDiagnostics(uri).filter((each) => each.message.includes('get_order graded'))[0]?.range.start.line,
      before,
    );
    try {
      await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '// moved\n// moved\n'));
      const deadline = Date.now() + WAIT_MS;
      let lines: number[] = [];
      while (Date.now() < deadline) {
        lines = probeDiagnostics(uri)
          .filter((each) => each.message.includes('get_order graded'))
          .map((each) => each.range.start.line);
        if (lines.length === 1 && lines[0] === before + 2) break;
        await sleep(200);
      }
      assert.deepEqual(lines, [before + 2]);
    } finally {
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    assert.equal(editor.document.isDirty, false);
  });
});
