/**
 * "Open as Conversation" above the first line of every file the server
 * checked as a transcript.
 */
import * as vscode from 'vscode';
import { COMMANDS } from './commandIds';
import type { FileStatusStore } from './fileStatusStore';

export class ConversationLens implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly store: FileStatusStore) {
    store.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (this.store.get(doc.uri)?.state !== 'checked') return [];
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title: 'Open as Conversation', command: COMMANDS.openConversation, arguments: [doc.uri] })];
  }
}
