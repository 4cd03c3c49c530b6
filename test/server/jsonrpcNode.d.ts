// Classic "node" module resolution ignores package "exports", through which
// vscode-jsonrpc publishes its Node entry (re-exported by the protocol's).
declare module 'vscode-jsonrpc/node' {
  export * from 'vscode-jsonrpc/lib/node/main';
}
