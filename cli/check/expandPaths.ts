/**
 * Turns the command line's PATHS into the files to check: files as named,
 * folders walked recursively (skipping node_modules and .git), glob patterns
 * expanded with tinyglobby, `-` for standard input. Named files are checked
 * and reported whatever they hold; files found in folders or by globs that
 * are no transcript are skipped and only counted.
 */
import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import { kindOf as describe } from '../../shared/io/boundedRead';
import { isWithin } from '../../shared/io/isWithin';
import { displayPath } from './locator';
// `require` keeps bundlers on tinyglobby's CommonJS build; its ESM build reads `import.meta.url`, which a CommonJS bundle lacks.
import tinyglobby = require('tinyglobby');

export const STDIN = '-';

export interface CheckTarget {
  /** Absolute path, or `-` for standard input. */
  path: string;
  /** How it is shown in reports. */
  shown: string;
  /** Named on the command line (rather than found in a folder or by a glob). */
  explicit: boolean;
}

export interface Expansion {
  targets: CheckTarget[];
  /** Arguments that named nothing: `path: error …` lines. */
  missing: string[];
}

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export function expandPaths(args: readonly string[], cwd = process.cwd()): Expansion {
  const targets: CheckTarget[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, explicit: boolean) => {
    if (seen.has(path)) return;
    seen.add(path);
    targets.push({ path, shown: path === STDIN ? '<stdin>' : displayPath(path, cwd), explicit });
  };
  for (const arg of args) {
    if (arg === STDIN) {
      add(STDIN, true);
      continue;
    }
    const abs = resolve(cwd, arg);
    const kind = kindOf(abs);
    if (kind === 'file') add(abs, true);
    else if (kind === 'dir') for (const f of walk(abs)) add(f, false);
    else if (kind !== undefined) missing.push(`${arg}: error: not a regular file (${kind}): not read`);
    else if (tinyglobby.isDynamicPattern(arg)) {
      const found = tinyglobby.globSync(arg, { cwd, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'], dot: true }).sort();
      if (found.length === 0) missing.push(`${arg}: error: the pattern matches no file`);
      for (const f of found) add(resolve(f), false);
    } else missing.push(`${arg}: error: no such file or folder`);
  }
  return { targets, missing };
}

/** What a named path is: a file or folder to check, another kind of thing (named in the error), or nothing. */
function kindOf(path: string): 'file' | 'dir' | string | undefined {
  try {
    const s = statSync(path);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : describe(s);
  } catch {
    return undefined;
  }
}

/**
 * Files under `dir` in a stable (sorted, depth-first) order. FIFOs, sockets
 * and devices are skipped without being opened; a symbolic link is followed
 * only to a regular file or folder inside the tree being scanned, so a scan
 * cannot be led to `/dev/zero` or out of the folder it was given.
 */
function walk(dir: string): string[] {
  const out: string[] = [];
  const root = realOrUndefined(dir) ?? dir;
  const inside = (p: string) => isWithin(p, root);
  const visited = new Set<string>([root]);
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    const subdirs: string[] = [];
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(current, e.name);
      if (e.isDirectory()) {
        if (SKIPPED_DIRS.has(e.name)) continue;
        visited.add(realOrUndefined(full) ?? full);
        subdirs.push(full);
      } else if (e.isFile()) out.push(full);
      else if (e.isSymbolicLink()) {
        const target = realOrUndefined(full);
        if (!target || !inside(target)) continue;
        const s = statOrUndefined(target);
        if (s?.isFile()) out.push(full);
        else if (s?.isDirectory() && !visited.has(target) && !SKIPPED_DIRS.has(e.name)) {
          // A link to a folder already walked would repeat it, or loop.
          visited.add(target);
          subdirs.push(full);
        }
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
  return out;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
