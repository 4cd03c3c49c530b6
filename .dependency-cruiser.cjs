/**
 * The layers of ARCHITECTURE.md, enforced: a module may import its own layer
 * and the layers below it, never one above. `npm test` runs this
 * (npm run lint:layers); an upward import fails the build with its path.
 * Cycles inside one folder (a parser's mutually recursive readers) are
 * allowed; across layers the rules below make them impossible.
 */
// shared/, bottom to top. Layers on one line know nothing of each other.
const SHARED_LAYERS = [
  ['text', 'io'],
  ['classifier'],
  ['extract', 'lookup'],
  ['transcript'],
  ['code/facts'],
  ['refine'],
  ['code/rules'],
  ['pipeline'],
  ['usage'],
  ['usageView'],
  ['check', 'report', 'docs', 'protocol', 'hook'],
];

const folder = (names) => `^shared/(${names.join('|')})/`;

const layerRules = SHARED_LAYERS.flatMap((layer, i) => {
  const above = SHARED_LAYERS.slice(i + 1).flat();
  const beside = layer.length > 1 ? layer : [];
  return layer.map((name) => ({
    name: `shared-${name.replace('/', '-')}-imports-down`,
    comment: `shared/${name} may import only the layers below it (ARCHITECTURE.md)`,
    severity: 'error',
    from: { path: `^shared/${name}/` },
    to: { path: [above.length > 0 ? folder(above) : '^$', '^shared/index\\.ts$', ...beside.filter((b) => b !== name).map((b) => `^shared/${b}/`)] },
  }));
});

// Folders read from outside only through their index.ts, so what they offer
// is listed in one place and their insides can move.
const ENTRY_POINTS = ['code/facts', 'code/rules'];

const entryPointRules = ENTRY_POINTS.map((name) => ({
  name: `shared-${name.replace('/', '-')}-through-its-index`,
  comment: `outside shared/${name}, import it from shared/${name}/index.ts`,
  severity: 'error',
  from: { pathNot: `^shared/${name}/` },
  to: { path: `^shared/${name}/(?!index\\.ts$)` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...entryPointRules,
    {
      name: 'shared-is-the-core',
      comment: 'shared/ is plain TypeScript for the server, the CLI and embedders: no editor, server, CLI, bench or test code',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client|cli|lib|bench|test)/|^node_modules/(vscode|vscode-languageserver|vscode-languageclient)/' },
    },
    {
      name: 'library-over-the-core',
      comment: 'lib/ is the library for agent code: shared/ and the file check of cli/check, never the commands, the server or the editor',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(server|client|bench|test)/|^cli/(?!check/)|^node_modules/(vscode|vscode-languageserver|vscode-languageclient)/' },
    },
    {
      name: 'server-below-its-clients',
      comment: 'the language server maps shared/ to LSP; it knows nothing of the VS Code client or the CLI',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(client|cli|bench|test)/' },
    },
    {
      name: 'client-talks-over-the-protocol',
      comment: 'the VS Code client reaches the server over LSP, never by importing it',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(server|cli|bench|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|out|node_modules)/' },
  },
};
