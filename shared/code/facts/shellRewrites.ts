/**
 * Which files a shell command may have changed without the session showing
 * how: `sed -i` on a file, a script given it, a formatter run over the
 * project. Lines shown of such a file cannot be followed through the change,
 * so what was known of them no longer holds. Commands that only print
 * (listings, searches, diffs) change nothing; any other command that names
 * a file may have changed it; a formatter, or a command that rewrites the
 * work tree (`git checkout`), may have changed any file.
 */
import type { Pipeline, SimpleCommand } from './shellCommands';

export interface ShellRewrites {
  /** Words of the command that may name a file it changed. */
  words: string[];
  /** It may have changed any file. */
  all: boolean;
}

/** Programs that print files or facts about them and change none (given no in-place option, see `inPlace`). */
const READ_ONLY = new Set([
  'cat',
  'nl',
  'head',
  'tail',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'wc',
  'ls',
  'tree',
  'find',
  'fd',
  'echo',
  'printf',
  'pwd',
  'cd',
  'diff',
  'cmp',
  'stat',
  'file',
  'less',
  'more',
  'du',
  'which',
  'type',
  'test',
  '[',
  'true',
  'false',
  'sort',
  'uniq',
  'cut',
  'tr',
  'jq',
  'awk',
  'gawk',
  'sed',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'date',
  'sleep',
  'xxd',
  'od',
  'md5sum',
  'sha256sum',
  'column',
  'bat',
  'get-content',
  'gc',
  'select-string',
  'select-object',
  // Checkers that report on files and leave them be.
  'mypy',
  'flake8',
  'pylint',
  'pyflakes',
  'shellcheck',
]);

/** Git commands that leave the work tree's files as they are. */
const GIT_READ_ONLY = new Set([
  'diff',
  'show',
  'log',
  'status',
  'blame',
  'grep',
  'ls-files',
  'rev-parse',
  'branch',
  'remote',
  'add',
  'commit',
  'push',
  'fetch',
  'config',
  'tag',
  'describe',
  'shortlog',
  'reflog',
  'init',
  'clone',
]);

/** Programs that rewrite files to a style, over whatever they are given (often the whole project). */
const FORMATTERS = new Set([
  'black',
  'isort',
  'autopep8',
  'yapf',
  'prettier',
  'gofmt',
  'goimports',
  'rustfmt',
  'clang-format',
  'autoflake',
  'dprint',
  'standard',
]);

/** Programs that run something with a subcommand: `ruff format`, `cargo fmt`, `npm run format`. */
const RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'npx', 'cargo', 'go', 'ruff', 'biome', 'deno', 'eslint', 'make', 'just', 'uv', 'poetry']);

/** What `pipelines` may have changed. */
export function shellRewrites(pipelines: readonly Pipeline[]): ShellRewrites {
  const out: ShellRewrites = { words: [], all: false };
  for (const pipeline of pipelines) for (const c of pipeline) readCommand(c, out);
  return out;
}

function readCommand(c: SimpleCommand, out: ShellRewrites): void {
  if (c.writes !== undefined && c.writes !== '/dev/null') out.words.push(c.writes);
  const argv = withoutPrefixes(c.argv);
  if (argv.length === 0) return;
  const name = argv[0].replace(/^.*\//, '').toLowerCase();
  const args = argv.slice(1);
  if (name === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    if (sub !== undefined && !GIT_READ_ONLY.has(sub)) out.all = true;
    return;
  }
  if (name === 'xargs') {
    // The files it is given come from what is piped in: any may be changed, unless what it runs only reads.
    const inner = args.find((a) => !a.startsWith('-'));
    if (inner !== undefined) {
      const sub: ShellRewrites = { words: [], all: false };
      readCommand({ argv: args.slice(args.indexOf(inner)) }, sub);
      if (sub.all || !READ_ONLY.has(inner.replace(/^.*\//, '').toLowerCase()) || inPlace(inner, args)) out.all = true;
    }
    return;
  }
  if (formats(name, args)) {
    out.all = true;
    return;
  }
  if (READ_ONLY.has(name) && !inPlace(name, args)) return;
  // A script given inline (`python -c "…"`, `python - <<EOF`) names the files it opens inside it.
  for (const a of args) {
    // A glob (`sed -i … src/*.py`) names files the session cannot list.
    if (a.includes('*') && !/\s/.test(a)) out.all = true;
    for (const w of a.split(NOT_IN_PATH)) if (w !== '') out.words.push(w);
  }
  if (c.heredoc !== undefined) for (const w of c.heredoc.split(NOT_IN_PATH)) if (w !== '') out.words.push(w);
}

/** Characters no path the session names holds: they end a word that may be one. */
const NOT_IN_PATH = /[^\w./~-]+/;

/** `sed -i`, `awk -i inplace`, `find -exec …`, `sort -o`: a reader told to write. */
function inPlace(name: string, args: readonly string[]): boolean {
  switch (name) {
    case 'sed':
      return args.some((a) => a.startsWith('--in-place') || /^-[a-zA-Z]*i/.test(a));
    case 'awk':
    case 'gawk':
      return args.some((a) => a === 'inplace' || a.startsWith('--inplace'));
    case 'find':
      return args.some((a) => a === '-exec' || a === '-execdir' || a === '-delete' || a === '-ok');
    case 'sort':
      return args.some((a) => a === '-o' || a.startsWith('--output'));
    default:
      return false;
  }
}

/** A formatter, or a runner's formatting command (`ruff format`, `cargo fmt`, `npm run format`, `eslint --fix`). */
function formats(name: string, args: readonly string[]): boolean {
  if (FORMATTERS.has(name)) return true;
  if (!RUNNERS.has(name)) return false;
  const fixing = args.some((a) => a === '--fix' || a === '--write' || a === '--apply' || a.startsWith('--fix=') || a === '-w');
  return fixing || args.some((a) => /^(?:fmt|format|fix)(?:$|[:_-])|[:_-](?:fmt|format|fix)$/i.test(a));
}

/** The command after `VAR=value` assignments and wrappers that run it (`sudo`, `env`, `time`, `nice`, `timeout 30`). */
function withoutPrefixes(argv: readonly string[]): string[] {
  let i = 0;
  for (;;) {
    const w = argv[i];
    if (w === undefined) return [];
    if (/^[A-Za-z_]\w*=/.test(w) || w === 'sudo' || w === 'env' || w === 'time' || w === 'nice' || w === 'command' || w === 'exec') i++;
    else if (w === 'timeout') {
      i++;
      while (argv[i]?.startsWith('-')) i++;
      i++;
    } else return argv.slice(i);
  }
}
