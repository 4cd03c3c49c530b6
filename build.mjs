// One esbuild script for every bundle the package ships: the VS Code client,
// the language server (and its classification worker), the CLI, and the
// library for agent code (CommonJS bundles, each with an ES module beside it).
// Types are checked separately by `tsc --noEmit` (npm run typecheck);
// `--declarations` also writes the library's .d.ts files (npm pack does).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const declarations = process.argv.includes('--declarations');

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

// The library's entry points, one per subpath of package.json's "exports". The
// agent SDKs are the user's own (peer dependencies): never bundled.
const LIBRARY = { index: 'lib/index.ts', 'ai-sdk': 'lib/ai-sdk.ts', 'openai-agents': 'lib/openai-agents.ts' };
const LIBRARY_DIR = 'dist/lib';
const PEERS = ['ai', '@ai-sdk/*', '@openai/agents', '@openai/agents-core', '@openai/agents-*'];

// A library file left from an earlier build (a module since renamed) must not ship.
if (!watch) rmSync(LIBRARY_DIR, { recursive: true, force: true });
const contexts = await Promise.all([
  ...bundles.map((b) => esbuild.context({ ...common, ...b, outdir: 'dist' })),
  esbuild.context({ ...common, entryPoints: LIBRARY, outdir: LIBRARY_DIR, external: PEERS }),
]);
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  writeModuleWrappers();
  if (declarations) writeDeclarations();
}

/**
 * Each library bundle's ES module is a wrapper that re-exports the CommonJS
 * one by name: one copy of the code, so `import` and `require` in the same
 * program share its classes (`instanceof TranscriptError` holds either way).
 */
function writeModuleWrappers() {
  const load = createRequire(import.meta.url);
  for (const name of Object.keys(LIBRARY)) {
    const names = Object.keys(load(resolve(LIBRARY_DIR, `${name}.js`))).filter((n) => n !== 'default');
    const body = [
      '// The ES module face of the CommonJS bundle beside it (see build.mjs).',
      `import library from './${name}.js';`,
      ...names.map((n) => `export const ${n} = library.${n};`),
      'export default library;',
      '',
    ];
    writeFileSync(join(LIBRARY_DIR, `${name}.mjs`), body.join('\n'));
  }
}

/** The library's declarations, from tsc: only lib/'s own files ship (their types do not reach into the rest). */
function writeDeclarations() {
  const out = mkdtempSync(join(tmpdir(), 'groundcheck-types-'));
  try {
    execFileSync(process.execPath, [load('typescript/bin/tsc'), '-p', 'tsconfig.lib.json', '--outDir', out], { stdio: 'inherit' });
    for (const file of readdirSync(join(out, 'lib'))) {
      // Internal modules' declarations name the core's types; no public one does, so those are left out.
      if (!readFileSync(join(out, 'lib', file), 'utf8').includes("from '../")) copyFileSync(join(out, 'lib', file), join(LIBRARY_DIR, file));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function load(request) {
  return createRequire(import.meta.url).resolve(request);
}
