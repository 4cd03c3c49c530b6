/**
 * Writes to the output channel why a file is checked the way it is, when
 * that changes: the status item has room for a short line only, and its
 * click leads here.
 */
import * as vscode from 'vscode';
import type { FileStatusStore } from './fileStatusStore';

export function logStatusChanges(store: FileStatusStore, output: vscode.LogOutputChannel): vscode.Disposable {
  const lastSaid = new Map<string, string>();
  return store.onDidChange((status) => {
    const said = [status.state, status.formatLabel ?? status.format ?? '', ...status.reasons].join('\n');
    if (lastSaid.get(status.uri) === said) return;
    lastSaid.set(status.uri, said);
    const file = vscode.workspace.asRelativePath(vscode.Uri.parse(status.uri));
    const what = status.state === 'checked' ? `checked as ${status.formatLabel ?? status.format}` : status.state;
    output.info(`${file}: ${what}${status.reasons.length ? ` — ${status.reasons.join('; ')}` : ''}`);
  });
}
