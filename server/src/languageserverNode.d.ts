// Type-checking uses classic "node" module resolution, which ignores the
// package "exports" map that vscode-languageserver 10 publishes its Node entry
// through. esbuild resolves the real file; this tells tsc where the types are.
declare module 'vscode-languageserver/node' {
  export * from 'vscode-languageserver/lib/node/main';
}
