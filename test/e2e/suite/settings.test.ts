/** Settings changed through the real configuration service reach the language server. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MISTAKEN, checkIdOf, countById, openExample, waitForDiagnostics } from './helpers';

const CHECK = 'missing-is-retryable';

async function setChecks(value: Record<string, string> | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('mcpEnvelope').update('checks', value, vscode.ConfigurationTarget.Workspace);
}

describe('settings in the real extension host', () => {
  let uri: vscode.Uri;

  before(async () => {
    uri = (await openExample(MISTAKEN)).document.uri;
    await waitForDiagnostics(uri, (found) => countById(found, CHECK) > 0, `${CHECK} before any setting`);
  });

  afterEach(async () => {
    await setChecks(undefined);
  });

  it(`turns ${CHECK} off and on again with mcpEnvelope.checks`, async () => {
    const others = (await waitForDiagnostics(uri, (found) => found.length > 0, 'diagnostics')).filter(
      (d) => checkIdOf(d) !== CHECK,
    ).length;

    await setChecks({ [CHECK]: 'off' });
    const whileOff = await waitForDiagnostics(uri, (found) => countById(found, CHECK) === 0, `${CHECK} to disappear`);
    assert.equal(whileOff.length, others, 'the other checks still report');

    await setChecks(undefined);
    await waitForDiagnostics(uri, (found) => countById(found, CHECK) > 0, `${CHECK} to come back`);
  });

  it(`changes the severity of ${CHECK} to error`, async () => {
    await setChecks({ [CHECK]: 'error' });
    const found = await waitForDiagnostics(
      uri,
      (diagnostics) =>
        diagnostics.some((d) => checkIdOf(d) === CHECK && d.severity === vscode.DiagnosticSeverity.Error),
      `${CHECK} as an error`,
    );
    assert.ok(found.filter((d) => checkIdOf(d) === CHECK).every((d) => d.severity === vscode.DiagnosticSeverity.Error));
  });
});
