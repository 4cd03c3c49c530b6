/**
 * The extension's one log channel. The language client writes its trace and
 * the server's console here too, so "groundcheck: Show Output" shows one
 * place for everything.
 */
import * as vscode from 'vscode';

export const OUTPUT_CHANNEL_NAME = 'groundcheck';

export function createOutputChannel(): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
}
