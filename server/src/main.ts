/**
 * Entry point of the standalone server (dist/server.js): talks LSP over
 * stdio, node-ipc or a socket, whichever the command line asks for
 * (`--stdio`, `--node-ipc`, `--socket=N`).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

startServer(createConnection(ProposedFeatures.all));
