/**
 * Builds what the extension host loads: the extension's bundles (through the
 * project's build script) and the test entry with its suites, bundled into
 * one CommonJS file with mocha inside so it needs nothing else at run time.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT, TEST_ENTRY } from './harnessPaths';

export async function buildForE2E(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, 'test/e2e/suite/index.ts')],
    outfile: TEST_ENTRY,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode'],
    logLevel: 'warning',
    // mocha's parallel mode resolves worker files at run time; the tests run serially.
    logOverride: { 'require-resolve-not-external': 'silent' },
  });
}
