/**
 * The language status item ("{ }" in the status bar) for the active file:
 * what groundcheck found, or why it did not check the file. Clicking it
 * opens the output channel.
 */
import * as vscode from 'vscode';
import type { FileStatusStore } from './fileStatusStore';
import { presentStatus } from './statusPresentation';
import { TRANSCRIPT_DOCUMENTS } from './documentSelector';
import { COMMANDS } from './commandIds';

const SEVERITY: Record<string, vscode.LanguageStatusSeverity> = {
  information: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
};

export function createStatusItem(store: FileStatusStore): vscode.Disposable {
  const item = vscode.languages.createLanguageStatusItem('groundcheck.status', TRANSCRIPT_DOCUMENTS as vscode.DocumentFilter[]);
  item.name = 'groundcheck';
  item.command = { title: 'Show Output', command: COMMANDS.showOutput };

  const render = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const status = uri && store.get(uri);
    if (!status) {
      item.text = '$(loading~spin) groundcheck';
      item.detail = 'waiting for the first check';
      item.busy = true;
      item.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    const shown = presentStatus(status);
    item.busy = false;
    item.text = shown.text;
    item.detail = shown.detail;
    item.severity = SEVERITY[shown.level];
  };

  render();
  return vscode.Disposable.from(
    item,
    store.onDidChange((status) => {
      if (status.uri === vscode.window.activeTextEditor?.document.uri.toString()) render();
    }),
    vscode.window.onDidChangeActiveTextEditor(render),
  );
}
