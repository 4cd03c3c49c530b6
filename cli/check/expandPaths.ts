/**
 * Turns the command line's PATHS into the files to check: files as named,
 * folders walked recursively (skipping node_modules and .git), glob patterns
 * expanded with tinyglobby, `-` for standard input. Named files are checked
 * and reported whatever they hold; files found in folders or by globs that
 * are no transcript are skipped and only counted.
 */
import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import { kindOf as describe, openError } from '../../shared/io/boundedRead';
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
  /** What folder scans passed over without opening (FIFOs, devices, links out of the folder), each with why. */
  skipped: SkippedEntry[];
}

export interface SkippedEntry {
  /** How it is shown, as `CheckTarget.shown`. */
  shown: string;
  /** Why it was not checked: `not a regular file (a FIFO)`, `a symbolic link loop`. */
  why: string;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export function expandPaths(args: readonly string[], cwd = process.cwd()): Expansion {
  const targets: CheckTarget[] = [];
  const missing: string[] = [];
  const skipped: SkippedEntry[] = [];
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
    if (kind.is === 'file') add(abs, true);
    else if (kind.is === 'dir') {
      const walked = walk(abs);
      for (const f of walked.files) add(f, false);
      for (const { path, why } of walked.skipped) skipped.push({ shown: displayPath(path, cwd), why });
    } else if (kind.is === 'other') missing.push(`${arg}: error: not a regular file (${kind.what}): not read`);
    else if (kind.is === 'unreachable') missing.push(`${arg}: error: ${kind.why}`);
    else if (tinyglobby.isDynamicPattern(arg)) {
      const found = tinyglobby.globSync(arg, { cwd, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'], dot: true }).sort();
      if (found.length === 0) missing.push(`${arg}: error: the pattern matches no file`);
      for (const f of found) add(resolve(f), false);
    } else missing.push(`${arg}: error: no such file or folder`);
  }
  return { targets, missing, skipped };
}

type PathKind = { is: 'file' } | { is: 'dir' } | { is: 'other'; what: string } | { is: 'absent' } | { is: 'unreachable'; why: string };

/**
 * What a named path is: a file or folder to check, another kind of thing
 * (named in the error), nothing (perhaps a glob pattern), or a path that
 * cannot be followed, such as a symbolic link loop.
 */
function kindOf(path: string): PathKind {
  try {
    const s = statSync(path);
    return s.isDirectory() ? { is: 'dir' } : s.isFile() ? { is: 'file' } : { is: 'other', what: describe(s) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { is: 'absent' } : { is: 'unreachable', why: openError(err) };
  }
}

/**
 * Files under `dir` in a stable (sorted, depth-first) order. FIFOs, sockets
 * and devices are skipped without being opened; a symbolic link is followed
 * only to a regular file or folder inside the tree being scanned, so a scan
 * cannot be led to `/dev/zero` or out of the folder it was given.
 */
function walk(dir: string): { files: string[]; skipped: Array<{ path: string; why: string }> } {
  const out: string[] = [];
  const skipped: Array<{ path: string; why: string }> = [];
  const root = realOrUndefined(dir) ?? dir;
  const inside = (p: string) => isWithin(p, root);
  const visited = new Set<string>([root]);
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: current, why: `folder not read: ${openError(err)}` });
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
        const target = realOrWhy(full);
        if (typeof target !== 'string') {
          skipped.push({ path: full, why: target.why });
          continue;
        }
        if (!inside(target)) {
          skipped.push({ path: full, why: 'a symbolic link to outside the folder: not read' });
          continue;
        }
        const s = statOrUndefined(target);
        if (s?.isFile()) out.push(full);
        else if (s?.isDirectory()) {
          if (SKIPPED_DIRS.has(e.name)) continue;
          // A link to a folder already walked would repeat it, or loop.
          if (visited.has(target)) skipped.push({ path: full, why: 'a symbolic link to a folder already scanned' });
          else {
            visited.add(target);
            subdirs.push(full);
          }
        } else if (s) skipped.push({ path: full, why: `a symbolic link to ${describe(s)}: not read` });
      } else skipped.push({ path: full, why: `not a regular file (${describe(e)}): not read` });
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
  return { files: out, skipped };
}

function realOrUndefined(path: string): string | undefined {
  const real = realOrWhy(path);
  return typeof real === 'string' ? real : undefined;
}

/** Where a link leads, or why it leads nowhere (`a symbolic link loop`, `a broken symbolic link`). */
function realOrWhy(path: string): string | { why: string } {
  try {
    return realpathSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { why: code === 'ENOENT' ? 'a broken symbolic link: not read' : openError(err) };
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
