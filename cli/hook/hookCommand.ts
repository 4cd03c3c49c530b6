/**
 * The command line `groundcheck hook install` writes into an agent's
 * settings, and how it recognises a hook of groundcheck's that is already
 * there. The command names this installation of groundcheck the way the
 * user's shell would reach it: `groundcheck` when the `groundcheck` on the
 * PATH is this very installation (a reinstall or an upgrade keeps working),
 * else the absolute path of the script that is running.
 */
import { accessSync, constants, closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, join, sep } from 'node:path';

export interface Invocation {
  /** The running script: `process.argv[1]`. */
  script: string;
  /** The node binary running it: `process.execPath`. */
  execPath: string;
  /** The PATH the install runs with. */
  path: string | undefined;
}

/** The words that start groundcheck, before `hook`. */
export function launcherWords(run: Invocation): string[] {
  const script = realOrSelf(run.script);
  if (onPath(run.path, script)) return ['groundcheck'];
  if (runsItself(script)) return [script];
  return [run.execPath, script];
}

/**
 * Is `groundcheck` on the PATH this installation? Folders `npx` and
 * `npm run` put on the PATH (`node_modules/.bin`) are passed over: the
 * agent's own shell does not have them.
 */
function onPath(path: string | undefined, script: string): boolean {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '' || dir.endsWith(`${sep}node_modules${sep}.bin`) || dir.includes(`${sep}node_modules${sep}.bin${sep}`)) continue;
    const candidate = join(dir, 'groundcheck');
    try {
      if (statSync(candidate).isFile() && realpathSync(candidate) === script) return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

/** An executable file that starts with `#!` runs without naming node (bin/groundcheck.js does). */
function runsItself(script: string): boolean {
  try {
    accessSync(script, constants.X_OK);
    const fd = openSync(script, 'r');
    try {
      const head = Buffer.alloc(2);
      readSync(fd, head, 0, 2, 0);
      return head.toString('latin1') === '#!';
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `words` as one POSIX shell command line. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}

const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.split("'").join(`'\\''`)}'`;
}

/**
 * The words a POSIX shell splits `command` into, quotes and backslashes
 * resolved; expansions are left as written. One pass over the text.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < command.length && '"\\$`'.includes(command[i + 1])) word += command[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** `groundcheck`, `groundcheck.js`, `groundcheck.cmd`, `groundcheck@0.1.0`, with or without a folder. */
const GROUNDCHECK_NAME = /^groundcheck(?:\.js|\.cmd)?(?:@[^/\\]*)?$/;

/**
 * Whether a hook's command runs `groundcheck hook`: written by this
 * installation (`launcher` then `hook`), or by hand or another install
 * (a word naming groundcheck, then `hook`: `npx groundcheck hook --mode
 * block`, `/opt/bin/groundcheck hook`).
 */
export function isGroundcheckHook(command: string, launcher: readonly string[]): boolean {
  const words = shellWords(command);
  if (words.length > launcher.length && launcher.every((w, i) => words[i] === w) && words[launcher.length] === 'hook') return true;
  for (let i = 0; i + 1 < words.length; i++) {
    if (words[i + 1] === 'hook' && GROUNDCHECK_NAME.test(basename(words[i].replace(/\\/g, '/')))) return true;
  }
  return false;
}
