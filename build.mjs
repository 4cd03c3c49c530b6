// One esbuild script for every bundle the package ships: the VS Code client,
// the language server (and its classification worker), and the CLI. Types are
// checked separately by `tsc --noEmit` (npm run typecheck).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot
  // follow (dist/server.js then fails with "Cannot find module './impl/format'");
  // its "module" entry is plain ESM that bundles cleanly.
  mainFields: ['module', 'main'],
};

const bundles = [
  { entryPoints: { client: 'client/src/extension.ts' }, external: ['vscode'] },
  { entryPoints: { server: 'server/src/main.ts', worker: 'server/src/worker.ts' } },
  { entryPoints: { cli: 'cli/main.ts' } },
];

const contexts = await Promise.all(bundles.map((b) => esbuild.context({ ...common, ...b, outdir: 'dist' })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
