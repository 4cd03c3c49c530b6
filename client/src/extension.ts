/**
 * Entry point of the groundcheck VS Code extension. The client is thin:
 * classification happens in the language server; this wires the server,
 * the status item, the report view and the commands together.
 */
import * as vscode from 'vscode';
import type { ForkOptions, LanguageClient } from 'vscode-languageclient/node';
import type { GroundcheckApi } from './api';
import { COMMANDS } from './commandIds';
import { classifySelectionCommand } from './commands/classifySelection';
import { ConversationLens } from './conversationLens';
import { ConversationPanels } from './conversationPanel';
import { FindingsTree } from './findingsTree';
import { TRANSCRIPT_DOCUMENTS } from './documentSelector';
import { registerServerCommands } from './commands/serverCommands';
import { showReferencesCommand } from './commands/showReferences';
import { showUnverifiedCommand } from './commands/showUnverified';
import { FileStatusStore } from './fileStatusStore';
import { createLanguageClient } from './languageClient';
import { createOutputChannel } from './outputChannel';
import { confineServer } from './serverConfinement';
import { RESTRICT_SETTING } from './serverSandbox';
import { ReportView } from './reportView';
import { createStatusItems } from './statusItem';
import { logStatusChanges } from './statusLog';
import { createUsageStatusItem } from './usageStatusItem';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<GroundcheckApi> {
  const output = createOutputChannel();
  const store = new FileStatusStore();
  const reports = new ReportView();
  const runOptions: ForkOptions = {};
  await confineServer(context.extensionPath, output, runOptions);
  const started = createLanguageClient(context, output, store, runOptions);
  client = started;
  // The server's file limits follow the workspace folders: new limits restart it. Unchanged
  // ones do not: the server follows folder changes itself.
  const reconfine = async () => {
    const before = JSON.stringify(runOptions.execArgv);
    await confineServer(context.extensionPath, output, runOptions);
    if (JSON.stringify(runOptions.execArgv) === before) return;
    store.clear();
    await started.restart();
  };

  const conversations = new ConversationPanels(started, store);
  const findings = new FindingsTree();
  const usageItem = createUsageStatusItem(store);
  // Editor title button and palette entry show on files the server checked as transcripts.
  const markTranscript = () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    void vscode.commands.executeCommand('setContext', 'groundcheck.isTranscript', uri !== undefined && store.get(uri)?.state === 'checked');
  };

  context.subscriptions.push(
    output,
    conversations,
    findings,
    vscode.window.registerTreeDataProvider('groundcheck.findings', findings),
    vscode.window.onDidChangeActiveTextEditor(markTranscript),
    vscode.languages.registerCodeLensProvider(TRANSCRIPT_DOCUMENTS as vscode.DocumentSelector, new ConversationLens(store)),
    store.onDidChange(markTranscript),
    vscode.commands.registerCommand(COMMANDS.openConversation, async (uri?: vscode.Uri) => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (!target) {
        void vscode.window.showInformationMessage('groundcheck: open a transcript to view it as a conversation.');
        return;
      }
      await conversations.open(target);
    }),
    store,
    reports,
    createStatusItems(store),
    usageItem,
    logStatusChanges(store, output),
    registerServerCommands(started, output, store),
    vscode.commands.registerCommand(COMMANDS.classifySelection, classifySelectionCommand(started, store, reports)),
    vscode.commands.registerCommand(COMMANDS.showUnverified, showUnverifiedCommand(started)),
    vscode.commands.registerCommand(COMMANDS.showReferences, showReferencesCommand(started)),
    vscode.workspace.onDidCloseTextDocument((doc) => store.forget(doc.uri)),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void reconfine()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`groundcheck.${RESTRICT_SETTING}`)) void reconfine();
    }),
  );

  await started.start();
  output.info('groundcheck server started');

  return {
    fileStatus: (uri) => store.get(uri),
    whenChecked: (uri, minVersion, timeoutMs) => store.whenChecked(uri, minVersion, timeoutMs),
    onDidCheck: store.onDidChange,
    findings,
    usageStatus: () => usageItem.shown(),
    conversation: (uri) => {
      const view = conversations.get(uri);
      return view && { html: view.html, refresh: () => view.refresh(), reveal: (raw) => view.reveal(raw) };
    },
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
