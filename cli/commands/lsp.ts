/**
 * `groundcheck lsp [--stdio | --node-ipc]`: runs the groundcheck language
 * server, the same one the VS Code extension starts, for any LSP editor
 * (see docs/editors.md). The classification worker it starts is the
 * `worker.js` bundled beside the CLI.
 */
import type { Command } from 'commander';
import { createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/server';

export interface LspOptions {
  stdio?: boolean;
  nodeIpc?: boolean;
}

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description('Run the groundcheck language server (LSP) for editors other than VS Code.')
    .option('--stdio', 'talk LSP over stdin/stdout (the default)')
    .option('--node-ipc', 'talk LSP over a Node IPC channel (when started by a Node client with fork)')
    .action((options: LspOptions) => runLsp(options));
}

export function runLsp(options: LspOptions): void {
  if (options.nodeIpc) {
    if (!process.send) throw new Error('--node-ipc needs a parent process that opened an IPC channel');
    startServer(createConnection(ProposedFeatures.all, new IPCMessageReader(process), new IPCMessageWriter(process)));
  } else {
    // stdout carries the protocol from here on: nothing else may write to it.
    console.log = console.error;
    startServer(createConnection(ProposedFeatures.all, process.stdin, process.stdout));
  }
}
