/**
 * Entry point of the groundcheck VS Code extension. The client is thin:
 * classification happens in the language server; this wires the server,
 * the status item, the report view and the commands together.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { GroundcheckApi } from './api';
import { COMMANDS } from './commandIds';
import { classifySelectionCommand } from './commands/classifySelection';
import { registerServerCommands } from './commands/serverCommands';
import { showReferencesCommand } from './commands/showReferences';
import { showUnverifiedCommand } from './commands/showUnverified';
import { FileStatusStore } from './fileStatusStore';
import { createLanguageClient } from './languageClient';
import { createOutputChannel } from './outputChannel';
import { ReportView } from './reportView';
import { createStatusItems } from './statusItem';
import { logStatusChanges } from './statusLog';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<GroundcheckApi> {
  const output = createOutputChannel();
  const store = new FileStatusStore();
  const reports = new ReportView();
  client = createLanguageClient(context, output, store);

  context.subscriptions.push(
    output,
    store,
    reports,
    createStatusItems(store),
    logStatusChanges(store, output),
    registerServerCommands(client, output, store),
    vscode.commands.registerCommand(COMMANDS.classifySelection, classifySelectionCommand(client, store, reports)),
    vscode.commands.registerCommand(COMMANDS.showUnverified, showUnverifiedCommand(client)),
    vscode.commands.registerCommand(COMMANDS.showReferences, showReferencesCommand(client)),
    vscode.workspace.onDidCloseTextDocument((doc) => store.forget(doc.uri)),
  );

  await client.start();
  output.info('groundcheck server started');

  return {
    fileStatus: (uri) => store.get(uri),
    whenChecked: (uri, minVersion, timeoutMs) => store.whenChecked(uri, minVersion, timeoutMs),
    onDidCheck: store.onDidChange,
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
