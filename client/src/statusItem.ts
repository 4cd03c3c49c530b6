/**
 * The language status items ("{ }" in the status bar) for the active file:
 * what groundcheck found, or why it did not check the file, and a second
 * item for caveats such as an incomplete context. Clicking opens the output.
 */
import * as vscode from 'vscode';
import { COMMANDS } from './commandIds';
import { TRANSCRIPT_DOCUMENTS } from './documentSelector';
import type { FileStatusStore } from './fileStatusStore';
import { presentProgress, presentStatus, type StatusLine } from './statusPresentation';

const SEVERITY: Record<StatusLine['level'], vscode.LanguageStatusSeverity> = {
  information: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
};

function createItem(id: string, name: string, selector: vscode.DocumentSelector): vscode.LanguageStatusItem {
  const item = vscode.languages.createLanguageStatusItem(id, selector);
  item.name = name;
  item.command = { title: 'Show Output', command: COMMANDS.showOutput };
  return item;
}

function show(item: vscode.LanguageStatusItem, line: StatusLine): void {
  item.busy = false;
  item.text = line.text;
  item.detail = line.detail;
  item.severity = SEVERITY[line.level];
}

export function createStatusItems(store: FileStatusStore): vscode.Disposable {
  const selector = TRANSCRIPT_DOCUMENTS as vscode.DocumentFilter[];
  const summary = createItem('groundcheck.status', 'groundcheck', selector);
  let notes: vscode.LanguageStatusItem | undefined;

  const render = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const progress = uri && store.progressOf(uri);
    if (progress) {
      show(summary, presentProgress(progress));
      summary.busy = true;
      return;
    }
    const status = uri && store.get(uri);
    if (!status) {
      summary.text = 'groundcheck';
      summary.detail = 'waiting for the first check';
      summary.busy = true;
      summary.severity = vscode.LanguageStatusSeverity.Information;
      notes?.dispose();
      notes = undefined;
      return;
    }
    const shown = presentStatus(status);
    show(summary, shown.summary);
    // A language status item cannot be hidden, only disposed.
    if (shown.notes) {
      notes ??= createItem('groundcheck.notes', 'groundcheck notes', selector);
      show(notes, shown.notes);
    } else {
      notes?.dispose();
      notes = undefined;
    }
  };

  render();
  return vscode.Disposable.from(
    summary,
    { dispose: () => notes?.dispose() },
    store.onDidChange((status) => {
      if (status.uri === vscode.window.activeTextEditor?.document.uri.toString()) render();
    }),
    store.onDidProgress((p) => {
      if (p.uri === vscode.window.activeTextEditor?.document.uri.toString()) render();
    }),
    vscode.window.onDidChangeActiveTextEditor(render),
  );
}
