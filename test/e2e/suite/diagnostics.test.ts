/** Diagnostics from the real language server, seen through the real `vscode` API. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isCheckId } from '../../../engine/src/checks/index';
import {
  CORRECTED,
  MISTAKEN,
  type MistakeMarker,
  checkIdOf,
  envelopeDiagnostics,
  mistakeMarkers,
  openExample,
  sleep,
  waitForDiagnostics,
} from './helpers';

/** How far (in lines) a squiggle may be from its marker comment ("the handler head above"). */
const MARKER_DISTANCE = 2;

function registeredMarkers(document: vscode.TextDocument): MistakeMarker[] {
  return mistakeMarkers(document).filter((marker) => isCheckId(marker.check));
}

function near(diagnostics: vscode.Diagnostic[], marker: MistakeMarker): boolean {
  return diagnostics.some(
    (d) => checkIdOf(d) === marker.check && Math.abs(d.range.start.line - marker.line) <= MARKER_DISTANCE,
  );
}

/** Waits until each marker has a diagnostic of its check within MARKER_DISTANCE lines. */
async function expectMarkedMistakes(document: vscode.TextDocument, markers: MistakeMarker[]): Promise<void> {
  const file = vscode.workspace.asRelativePath(document.uri);
  const diagnostics = await waitForDiagnostics(
    document.uri,
    (found) => markers.every((marker) => near(found, marker)),
    `a diagnostic near each of ${markers.map((m) => `${m.check}@${file}:${m.line + 1}`).join(', ')}`,
  );
  for (const marker of markers) {
    assert.ok(near(diagnostics, marker), `${marker.check} reported near ${file}:${marker.line + 1}`);
  }
}

describe('diagnostics in the real extension host', () => {
  let document: vscode.TextDocument;

  before(async () => {
    document = (await openExample(MISTAKEN)).document;
  });

  it('activates the extension when a TypeScript file opens', async () => {
    const extension = vscode.extensions.all.find((candidate) => candidate.packageJSON?.name === 'mcp-envelope');
    assert.ok(extension, 'the mcp-envelope extension is loaded');
    const deadline = Date.now() + 10_000;
    while (!extension.isActive && Date.now() < deadline) await sleep(100);
    assert.equal(extension.isActive, true, 'the extension is active');
  });

  it('reports every registered mistake marked in mistaken.ts near its marker', async () => {
    const markers = registeredMarkers(document);
    assert.ok(markers.length >= 2, `mistaken.ts marks at least two registered checks (found ${markers.length})`);
    await expectMarkedMistakes(document, markers);
  });

  it('reports the registered mistakes marked in the other example files', async () => {
    const files = await vscode.workspace.findFiles('orders-server/src/**/*.ts');
    let checked = 0;
    for (const uri of files) {
      if (uri.path.endsWith('/mistaken.ts')) continue;
      const other = await vscode.workspace.openTextDocument(uri);
      const markers = registeredMarkers(other);
      if (markers.length === 0) continue;
      await vscode.window.showTextDocument(other, { preview: false });
      await expectMarkedMistakes(other, markers);
      checked++;
    }
    assert.ok(checked >= 1, 'at least one other example file marks a registered check');
  });

  it('gives each diagnostic the source mcp-envelope, a registered check id and a documentation link', async () => {
    const diagnostics = await waitForDiagnostics(document.uri, (found) => found.length > 0, 'any diagnostic');
    for (const diagnostic of diagnostics) {
      assert.equal(diagnostic.source, 'mcp-envelope');
      assert.ok(isCheckId(checkIdOf(diagnostic)), `registered check id: ${checkIdOf(diagnostic)}`);
      assert.ok(diagnostic.message.length > 0, 'a message');
      const code = diagnostic.code;
      assert.ok(
        typeof code === 'object' && code.target.toString().endsWith(`${checkIdOf(diagnostic)}.md`),
        'a link to the check page',
      );
    }
  });

  it('puts the throw-in-handler squiggle on the throw statement', async () => {
    const diagnostics = await waitForDiagnostics(
      document.uri,
      (found) => found.some((d) => checkIdOf(d) === 'throw-in-handler'),
      'a throw-in-handler diagnostic',
    );
    const throwDiagnostic = diagnostics.find((d) => checkIdOf(d) === 'throw-in-handler');
    assert.ok(throwDiagnostic);
    assert.match(document.getText(throwDiagnostic.range), /^throw new Error\(/);
    assert.equal(throwDiagnostic.severity, vscode.DiagnosticSeverity.Warning);
  });

  it('reports nothing in corrected.ts', async () => {
    // The server is known to be running (mistaken.ts has diagnostics), so an answer comes quickly.
    await waitForDiagnostics(document.uri, (found) => found.length > 0, 'the server to be running');
    const corrected = (await openExample(CORRECTED)).document;
    // A positive signal first: the language server lists corrected.ts's tools (its CodeLenses), so the file has
    // been analysed; only then does "no diagnostics" mean something.
    const deadline = Date.now() + 30_000;
    let lenses: vscode.CodeLens[] = [];
    while (Date.now() < deadline) {
      lenses =
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', corrected.uri)) ??
        [];
      if (lenses.length > 0) break;
      await sleep(250);
    }
    assert.ok(lenses.length > 0, 'the language server analysed corrected.ts (its tools have CodeLenses)');
    await sleep(500);
    const found = envelopeDiagnostics(corrected.uri).map(
      (d) => `${checkIdOf(d)}@${d.range.start.line + 1}: ${d.message}`,
    );
    assert.deepEqual(found, []);
  });
});
