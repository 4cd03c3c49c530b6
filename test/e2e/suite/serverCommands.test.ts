/**
 * The server commands users reach for when something looks stale: Re-check
 * File reports the file again, Restart Server comes back with the problems.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FileStatus } from '../../../shared/protocol/messages';
import { closeAllEditors, diagnosticAt, groundcheckApi, open, rangeOf, waitForDiagnostics } from './helpers';

suite('server commands', () => {
  teardown(closeAllEditors);

  test('Re-check File checks the active file again', async () => {
    const api = await groundcheckApi();
    const editor = await open('openai-chat.json');
    await api.whenChecked(editor.document.uri, editor.document.version);
    const again = new Promise<FileStatus>((resolve) => {
      const listener = api.onDidCheck((status) => {
        if (status.uri !== editor.document.uri.toString()) return;
        listener.dispose();
        resolve(status);
      });
    });
    await vscode.commands.executeCommand('groundcheck.recheckFile');
    const status = await again;
    assert.equal(status.state, 'checked');
    assert.equal(status.version, editor.document.version);
  });

  test('Restart Server brings the problems back', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    const invented = rangeOf(editor.document, '2025-06-19');
    await waitForDiagnostics(editor.document.uri, (ds) => diagnosticAt(ds, invented) !== undefined, 'the invented date');

    await vscode.commands.executeCommand('groundcheck.restartServer');
    assert.equal(api.fileStatus(editor.document.uri), undefined, 'the old report is dropped with the old server');
    const status = await api.whenChecked(editor.document.uri, editor.document.version);
    assert.equal(status.state, 'checked');
    await waitForDiagnostics(editor.document.uri, (ds) => diagnosticAt(ds, invented) !== undefined, 'the invented date after the restart');
  });
});
