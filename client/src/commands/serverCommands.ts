/**
 * Commands that act on the server itself: restart it, show its log, and
 * re-check the active file now (after editing an ignore file, say).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { RecheckRequest } from '../../../shared/protocol/messages';
import { COMMANDS } from '../commandIds';
import type { FileStatusStore } from '../fileStatusStore';

export function registerServerCommands(client: LanguageClient, output: vscode.LogOutputChannel, store: FileStatusStore): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
      output.info('Restarting the groundcheck server');
      store.clear();
      await client.restart();
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show(true)),
    vscode.commands.registerCommand(COMMANDS.recheckFile, async (uri?: vscode.Uri) => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (!target) {
        void vscode.window.showInformationMessage('groundcheck: open a file to re-check.');
        return;
      }
      const params: RecheckRequest.Params = { uri: client.code2ProtocolConverter.asUri(target) };
      await client.sendRequest(RecheckRequest.method, params);
    }),
  );
}
