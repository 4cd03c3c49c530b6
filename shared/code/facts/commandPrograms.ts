/**
 * Which program a command line runs, read from its first words: the program
 * whose options its flags are. Launchers are looked through (`npx tool`,
 * `python -m pkg.cli`, `uv run tool`, `node dist/cli.js`, `./bin/tool`);
 * a runner that hands the rest to a script it names (`npm run x -- --flag`,
 * `cargo run -- --flag`) gives no program, since which one the script runs
 * is not in the command.
 */

export interface CommandProgram {
  /** The program's name: a launcher's target, a path's base name without its extension, a module's top package. */
  program: string;
  /** Index of the first word that is the program's own argument. */
  args: number;
  /** The command names a file of the project (`./bin/tool`, `python cli.py`, `python -m pkg`): it is the project's own. */
  local: boolean;
  /** The paths the file it runs may have, as the command names it (`python -m pkg.cli` runs `pkg/cli.py` or `pkg/cli/__main__.py`). */
  files?: string[];
}

/** Launchers whose next non-flag word is the program they run. */
const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx', 'sudo', 'time', 'env', 'exec', 'nohup']);
/** Launchers written as two words: `pnpm exec tool`, `uv run tool`. */
const TWO_WORD_LAUNCHERS = new Set(['pnpm exec', 'pnpm dlx', 'yarn dlx', 'uv run', 'poetry run', 'pipx run', 'hatch run', 'pdm run', 'bun x']);
/** Interpreters whose next non-flag word is a script of the project. */
const INTERPRETERS = /^(?:node|bun|deno|tsx|ts-node|python[0-9.]*|py|ruby|perl|php)$/;
/** Runners of a script named in a manifest: the flags after `--` are the script's, and which program it runs is not in the command. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'make', 'just']);

/** The program `words` runs, or undefined when the command does not say. */
export function commandProgram(words: readonly string[]): CommandProgram | undefined {
  let i = 0;
  // `FOO=1 tool`: assignments before the command are its environment.
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i])) i++;
  for (let guard = 0; i < words.length && guard < 4; guard++) {
    const word = words[i];
    const pair = i + 1 < words.length ? `${word} ${words[i + 1]}` : '';
    if (LAUNCHERS.has(word)) i = skipFlags(words, i + 1);
    else if (TWO_WORD_LAUNCHERS.has(pair)) i = skipFlags(words, i + 2);
    else break;
  }
  if (i >= words.length) return undefined;
  const first = words[i];
  const base = baseOf(first);
  if (INTERPRETERS.test(base)) {
    // `deno run x.ts`, `bun run x.ts`: the subcommand that runs a file.
    // `python -u -m pkg`: the interpreter's own flags, up to the one that names a module or code to run.
    let j = i + 1;
    while (j < words.length && words[j].startsWith('-') && words[j] !== '-m' && words[j] !== '-c') j++;
    if (words[j] === 'run' && (base === 'deno' || base === 'bun')) j = skipFlags(words, j + 1);
    const target = words[j];
    if (target === undefined) return undefined;
    if (target === '-m' || target === '-c') {
      const module = target === '-m' ? words[j + 1] : undefined;
      if (!module || !/^[A-Za-z_][\w.]*$/.test(module)) return undefined;
      const path = module.replace(/\./g, '/');
      return { program: module.split('.')[0], args: j + 2, local: true, files: [`${path}.py`, `${path}/__main__.py`] };
    }
    if (target.startsWith('-') || !/\.[a-z]{1,4}$/.test(target)) return undefined;
    return { program: stem(target), args: j + 1, local: true, files: [target] };
  }
  if (first.includes('/')) return /^[\w./~-]+$/.test(first) ? { program: stem(first), args: i + 1, local: !first.startsWith('/'), files: [first] } : undefined;
  if (SCRIPT_RUNNERS.has(first) || !/^[A-Za-z][\w.-]*$/.test(first)) return undefined;
  return { program: first, args: i + 1, local: false };
}

/** Index of the first word from `i` that is not a flag of a launcher (`npx -y tool`). */
function skipFlags(words: readonly string[], i: number): number {
  while (i < words.length && words[i].startsWith('-')) i++;
  return i;
}

function baseOf(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** A path's base name without its extension: `./bin/minsky.ts` runs `minsky`. */
function stem(path: string): string {
  const base = baseOf(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
