/**
 * `npm run sessions:corpus [-- --mirrors DIR] [--split dev|test]`: puts the real sessions that
 * `npm run eval:sessions` reads into `bench/sessions/corpus/`, byte for byte
 * as `sessions/SOURCES.json` names them (repository, path, commit, sha256).
 * The sessions belong to their repositories, so they are fetched, not kept
 * in this one: from local git mirrors (`DIR/owner+name`, `DIR/owner/name`,
 * bare or not) when given, else by a blobless clone from GitHub. `--split`
 * fetches only one side of the blind split (see sessions/split.ts).
 *
 * `sessions/USAGE_SOURCES.json` names logs that record token usage in a form
 * `check` does not read as a conversation (Cline's UI logs), which the usage
 * ledger's tests count; they are fetched the same way, unless `--split` is
 * given (they take no part in the split).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { SPLITS, splitOf, type Split } from './sessions/split';

export interface Source {
  file: string;
  kind: string;
  repository: string;
  path: string;
  commit: string;
  licence: string;
  bytes: number;
  sha256: string;
  about: string;
  /** The side of the blind split, recorded before any labelling. */
  split: Split;
  /**
   * The corpus round that added the session, when it came after the first
   * rounds: its labels were made before any rule was tuned with it in sight,
   * so its test side gives a figure no rule was fitted to, even after the
   * older test sessions' wrong findings have been read.
   */
  round?: number;
}

const ROOT = join(__dirname, 'sessions');
const CORPUS = join(ROOT, 'corpus');

export function readSources(): Source[] {
  return JSON.parse(readFileSync(join(ROOT, 'SOURCES.json'), 'utf8')) as Source[];
}

/** A log fetched for the usage ledger's tests alone: a Source without a side of the split. */
export type UsageSource = Omit<Source, 'split'>;

export function readUsageSources(): UsageSource[] {
  return JSON.parse(readFileSync(join(ROOT, 'USAGE_SOURCES.json'), 'utf8')) as UsageSource[];
}

/** The sources on one side of the split, or all of them. */
export function sourcesOn(side: Split | undefined): Source[] {
  return readSources().filter((s) => side === undefined || splitOf(s) === side);
}

function main(): void {
  new Command('sessions:corpus')
    .option('--mirrors <dir>', 'directory of git mirrors named owner+name or owner/name')
    .addOption(new Option('--split <side>', 'only the sessions on this side of the blind split').choices(SPLITS))
    .action((flags: { mirrors?: string; split?: Split }) => run(flags.mirrors, flags.split))
    .parse(process.argv);
}

function run(mirrors: string | undefined, side: Split | undefined): void {
  mkdirSync(CORPUS, { recursive: true });
  let failed = 0;
  const wanted: UsageSource[] = [...sourcesOn(side), ...(side === undefined ? readUsageSources() : [])];
  for (const s of wanted) {
    const target = join(CORPUS, s.file);
    if (existsSync(target) && sha256(readFileSync(target)) === s.sha256) {
      process.stdout.write(`ok     ${s.file}\n`);
      continue;
    }
    try {
      const gitDir = mirrors ? mirrorOf(mirrors, s.repository) : cloneOf(s.repository);
      const bytes = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', `${s.commit}:${s.path}`], { maxBuffer: 64 * 1024 * 1024 });
      const got = sha256(bytes);
      if (got !== s.sha256) throw new Error(`sha256 ${got} differs from SOURCES.json's ${s.sha256}`);
      writeFileSync(target, bytes);
      process.stdout.write(`wrote  ${s.file} (${bytes.length} bytes from ${s.repository}@${s.commit.slice(0, 10)}:${s.path})\n`);
    } catch (e) {
      failed++;
      process.stderr.write(`error  ${s.file}: ${s.repository}@${s.commit}:${s.path}: ${(e as Error).message.split('\n')[0]}\n`);
    }
  }
  if (failed > 0) process.exitCode = 1;
}

/** The git directory of a local mirror of `owner/name`. */
function mirrorOf(dir: string, repository: string): string {
  const [owner, name] = repository.split('/');
  for (const base of [join(dir, `${owner}+${name}`, 'repo'), join(dir, `${owner}+${name}`), join(dir, owner, name), join(dir, `${owner}__${name}`)]) {
    for (const candidate of [join(base, '.git'), base]) {
      if (existsSync(join(candidate, 'HEAD')) && existsSync(join(candidate, 'objects'))) return candidate;
    }
  }
  throw new Error(`no git mirror of ${repository} under ${dir}`);
}

/** A blobless bare clone in the user's cache, made once. */
function cloneOf(repository: string): string {
  const dir = join(homedir(), '.cache', 'groundcheck-sessions', repository.replace('/', '+'));
  if (!existsSync(join(dir, 'HEAD'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('git', ['clone', '--bare', '--filter=blob:none', '--quiet', `https://github.com/${repository}.git`, dir], { stdio: 'inherit' });
  }
  return dir;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

if (require.main === module) main();
