/** Diagnostics from the real language server, seen through the real `vscode` API. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CHECK_IDS } from '../../../server/src/checks/index';
import {
  CORRECTED,
  MISTAKEN,
  checkIdOf,
  envelopeDiagnostics,
  mistakeMarkers,
  openExample,
  sleep,
  waitForDiagnostics,
} from './helpers';

/** How far (in lines) a squiggle may be from its marker comment ("the handler head above"). */
const MARKER_DISTANCE = 2;

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
    const markers = mistakeMarkers(document).filter((marker) => CHECK_IDS.includes(marker.check));
    assert.ok(markers.length >= 2, `mistaken.ts marks at least two registered checks (found ${markers.length})`);

    const near = (diagnostics: vscode.Diagnostic[], check: string, line: number): boolean =>
      diagnostics.some((d) => checkIdOf(d) === check && Math.abs(d.range.start.line - line) <= MARKER_DISTANCE);
    const diagnostics = await waitForDiagnostics(
      document.uri,
      (found) => markers.every((marker) => near(found, marker.check, marker.line)),
      `a diagnostic near each of ${markers.map((m) => `${m.check}@${m.line + 1}`).join(', ')}`,
    );
    for (const marker of markers) {
      assert.ok(near(diagnostics, marker.check, marker.line), `${marker.check} reported near line ${marker.line + 1}`);
    }
  });

  it('gives each diagnostic the source mcp-envelope, a registered check id and a documentation link', async () => {
    const diagnostics = await waitForDiagnostics(document.uri, (found) => found.length > 0, 'any diagnostic');
    for (const diagnostic of diagnostics) {
      assert.equal(diagnostic.source, 'mcp-envelope');
      assert.ok(CHECK_IDS.includes(checkIdOf(diagnostic)), `registered check id: ${checkIdOf(diagnostic)}`);
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
    await sleep(3000);
    const found = envelopeDiagnostics(corrected.uri).map(
      (d) => `${checkIdOf(d)}@${d.range.start.line + 1}: ${d.message}`,
    );
    assert.deepEqual(found, []);
  });
});
