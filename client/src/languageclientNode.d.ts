// The repository type-checks with classic "node" module resolution, which
// ignores package.json "exports"; vscode-languageclient 11 publishes its Node
// entry only there. esbuild resolves the real path; this tells tsc where the
// types are.
declare module 'vscode-languageclient/node' {
  export * from 'vscode-languageclient/lib/node/main';
}
declare module 'vscode-languageserver-protocol/node' {
  export * from 'vscode-languageserver-protocol/lib/node/main';
}
