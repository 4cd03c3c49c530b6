/**
 * Changing a setting re-checks open transcripts: the problems change without
 * reopening the file.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, diagnosticAt, groundcheckApi, open, rangeOf, waitForDiagnostics } from './helpers';

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('groundcheck').update(key, value, vscode.ConfigurationTarget.Global);
}

suite('settings', () => {
  teardown(async () => {
    await setSetting('severity.number', undefined);
    await setSetting('maxDiagnosticsPerFile', undefined);
    await closeAllEditors();
  });

  test('groundcheck.severity.number "off" hides number problems and keeps date problems', async () => {
    const editor = await open('claude-session.jsonl');
    const doc = editor.document;
    const inventedNumber = rangeOf(doc, '9310');
    const inventedDate = rangeOf(doc, '2025-06-19');
    await waitForDiagnostics(doc.uri, (ds) => diagnosticAt(ds, inventedNumber) !== undefined, 'the number problem');

    await setSetting('severity.number', 'off');
    const after = await waitForDiagnostics(doc.uri, (ds) => diagnosticAt(ds, inventedNumber) === undefined && ds.length > 0, 'number problems to go');
    assert.deepEqual(
      after.filter((d) => codeOf(d) === 'number'),
      [],
    );
    assert.equal(codeOf(diagnosticAt(after, inventedDate)!), 'date');

    await setSetting('severity.number', 'error');
    const back = await waitForDiagnostics(doc.uri, (ds) => diagnosticAt(ds, inventedNumber) !== undefined, 'the number problem to return');
    assert.equal(diagnosticAt(back, inventedNumber)!.severity, vscode.DiagnosticSeverity.Error);
  });

  test('groundcheck.maxDiagnosticsPerFile caps the problems and the status says "N of M shown"', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    const doc = editor.document;
    await waitForDiagnostics(doc.uri, (ds) => ds.length >= 2, 'two problems or more');

    const capped = new Promise<void>((resolve) => {
      const listener = api.onDidCheck((status) => {
        if (status.uri === doc.uri.toString() && status.shown === 1) {
          listener.dispose();
          resolve();
        }
      });
    });
    await setSetting('maxDiagnosticsPerFile', 1);
    const findings = (ds: vscode.Diagnostic[]) => ds.filter((d) => codeOf(d) !== 'capped');
    const diagnostics = await waitForDiagnostics(doc.uri, (ds) => findings(ds).length === 1, 'exactly one finding');
    await capped;
    const status = api.fileStatus(doc.uri)!;
    assert.equal(findings(diagnostics).length, 1);
    assert.equal(status.shown, 1);
    assert.ok(status.total >= 2, `the cap hides the rest: total ${status.total}`);
    // The cap is never silent: a file-level problem says how many are hidden.
    const notice = diagnostics.find((d) => codeOf(d) === 'capped');
    assert.ok(notice, 'a file-level problem announces the cap');
    assert.equal(notice.range.start.line, 0);
    assert.match(notice.message, new RegExp(`1 of ${status.total}`));
  });
});
