/**
 * Starts the groundcheck language server (dist/server.js, a Node module
 * over IPC) for the documents users open as transcripts, and routes its
 * per-document reports into the status store.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ForkOptions, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CheckProgressNotification, DocumentCheckedNotification } from '../../shared/protocol/messages';
import { COMMANDS } from './commandIds';
import { TRANSCRIPT_DOCUMENTS } from './documentSelector';
import type { FileStatusStore } from './fileStatusStore';

/**
 * `runOptions` is read each time the client starts the server, so a restart
 * after the workspace folders change starts it with their new limits.
 */
export function createLanguageClient(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
  store: FileStatusStore,
  runOptions: ForkOptions,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: runOptions },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: TRANSCRIPT_DOCUMENTS,
    // The server pulls settings per resource; this also tells it when they change.
    synchronize: { configurationSection: 'groundcheck' },
    diagnosticCollectionName: 'groundcheck',
    outputChannel: output,
    // Hovers link to "where the context says it" through these commands, and to nothing else.
    markdown: { isTrusted: { enabledCommands: [COMMANDS.showReferences, COMMANDS.showUnverified] }, supportHtml: false },
  };
  const client = new LanguageClient('groundcheck', 'groundcheck', serverOptions, clientOptions);
  client.onNotification(DocumentCheckedNotification.method, (status: DocumentCheckedNotification.Params) => {
    store.update(status);
  });
  client.onNotification(CheckProgressNotification.method, (p: CheckProgressNotification.Params) => store.progress(p));
  return client;
}
