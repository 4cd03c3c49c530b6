/**
 * Builds the CLI bundle once per test run and runs it as a user would, so the
 * tests cover argument parsing, worker threads, stdout/stderr and exit codes.
 * The bundle goes to a temporary folder so parallel builds of dist/ are left alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

export const REPO = resolve(__dirname, '../..');
export const FIXTURES = 'test/fixtures/cli';

let bundle: string | undefined;

export async function buildCli(): Promise<string> {
  if (bundle) return bundle;
  const outfile = join(mkdtempSync(join(tmpdir(), 'groundcheck-cli-')), 'cli.js');
  await esbuild.build({
    entryPoints: [join(REPO, 'cli/main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
    // As build.mjs: jsonc-parser's "main" is a UMD build bundlers cannot follow; its "module" entry is ESM.
    mainFields: ['module', 'main'],
  });
  bundle = outfile;
  return outfile;
}

/**
 * A script in `dir` that starts `bundle` as the installed `groundcheck` does
 * (bin/loadWithCodeCache.js, with V8's code cache), for tests and benches of
 * the start itself.
 */
export function cachedLauncher(dir: string, bundle: string): string {
  const launcher = join(dir, 'groundcheck.js');
  writeFileSync(launcher, `require(${JSON.stringify(join(REPO, 'bin/loadWithCodeCache.js'))}).loadWithCodeCache(${JSON.stringify(bundle)});\n`);
  return launcher;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the run after this many ms (a hang then shows as code -1). */
  timeout?: number;
  /** Node flags before the bundle (`--max-old-space-size=…` bounds what a run may use). */
  nodeFlags?: string[];
}

export function runCli(args: string[], options: RunOptions = {}): RunResult {
  if (!bundle) throw new Error('call buildCli() in a before hook first');
  const r = spawnSync(process.execPath, [...(options.nodeFlags ?? []), bundle, ...args], {
    cwd: options.cwd ?? REPO,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', ...options.env },
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function fixture(rel: string): string {
  return `${FIXTURES}/${rel}`;
}

export function readFixture(rel: string): string {
  return readFileSync(join(REPO, FIXTURES, rel), 'utf8');
}
