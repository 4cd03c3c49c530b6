/**
 * `groundcheck lsp [--stdio | --node-ipc]`: runs the groundcheck language
 * server, the same one the VS Code extension starts, for any LSP editor
 * (see docs/editors.md). The classification worker it starts is the
 * `worker.js` bundled beside the CLI.
 */
import type { Command } from 'commander';

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

export async function runLsp(options: LspOptions): Promise<void> {
  if (options.nodeIpc && !process.send) throw new Error('--node-ipc needs a parent process that opened an IPC channel');
  // Loaded here, not at start: the protocol library and the server are a quarter of the CLI's code, and every other command starts without them.
  const [{ createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures }, { startServer }] = await Promise.all([
    import('vscode-languageserver/node'),
    import('../../server/src/server'),
  ]);
  if (options.nodeIpc) {
    startServer(createConnection(ProposedFeatures.all, new IPCMessageReader(process), new IPCMessageWriter(process)));
  } else {
    // stdout carries the protocol from here on: nothing else may write to it.
    console.log = console.error;
    startServer(createConnection(ProposedFeatures.all, process.stdin, process.stdout));
  }
}
