/**
 * Decides, before each start of the language server, which files it may
 * touch: the extension and the workspace folders (also under their real
 * paths, since references are resolved through symlinks), writing only to
 * `.groundcheck/`. Says in the log what it chose and why.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ForkOptions } from 'vscode-languageclient/node';
import { RESTRICT_SETTING, sandboxArgs, sandboxPaths } from './serverSandbox';

export async function confineServer(extensionPath: string, output: vscode.LogOutputChannel, runOptions: ForkOptions): Promise<void> {
  if (!vscode.workspace.getConfiguration('groundcheck').get<boolean>(RESTRICT_SETTING, true)) {
    runOptions.execArgv = undefined;
    output.info(`The server's file access is not limited: groundcheck.${RESTRICT_SETTING} is off`);
    return;
  }
  const folders = new Set<string>();
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    if (f.uri.scheme !== 'file') continue;
    folders.add(f.uri.fsPath);
    try {
      folders.add(fs.realpathSync(f.uri.fsPath));
    } catch {
      // A folder that does not resolve has nothing to read through it.
    }
  }
  const paths = sandboxPaths(extensionPath, [...folders]);
  const result = await sandboxArgs(process.execPath, paths);
  runOptions.execArgv = result.execArgv;
  if (result.execArgv) {
    output.info(`The server may read only ${paths.readable.join(', ')} and write only ${paths.writable.join(', ') || 'nowhere'}`);
  } else {
    output.warn(`The server's file access is not limited: ${result.reason}`);
  }
}
