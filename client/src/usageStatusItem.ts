/**
 * The status bar item with the active file's token usage: the session's
 * totals, and per model and per sub-agent in its tooltip. Shown only for a
 * file whose log records usage; clicking opens the conversation view, whose
 * head has the same table.
 */
import * as vscode from 'vscode';
import { COMMANDS } from './commandIds';
import type { FileStatusStore } from './fileStatusStore';
import { presentUsage, type UsagePresentation } from './usagePresentation';

export interface UsageStatusItem extends vscode.Disposable {
  /** What the item shows now; undefined while hidden. */
  shown(): UsagePresentation | undefined;
}

export function createUsageStatusItem(store: FileStatusStore): UsageStatusItem {
  const item = vscode.window.createStatusBarItem('groundcheck.usage', vscode.StatusBarAlignment.Right, 100);
  item.name = 'groundcheck token usage';
  let current: UsagePresentation | undefined;

  const render = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    current = presentUsage(uri && store.get(uri));
    if (!current) {
      item.hide();
      return;
    }
    item.text = current.text;
    item.tooltip = new vscode.MarkdownString(current.tooltip);
    item.command = { title: 'Open as Conversation', command: COMMANDS.openConversation, arguments: [uri] };
    item.show();
  };

  render();
  const listeners = vscode.Disposable.from(
    store.onDidChange((status) => {
      if (status.uri === vscode.window.activeTextEditor?.document.uri.toString()) render();
    }),
    vscode.window.onDidChangeActiveTextEditor(render),
  );
  return {
    shown: () => current,
    dispose: () => {
      listeners.dispose();
      item.dispose();
    },
  };
}
