/**
 * Reads the files a transcript refers to (promptfoo `file://` contexts, the
 * instruction files at a coding session's working directory) only inside the
 * folders the user allowed: a config from a repository someone else wrote
 * must not pull `../../../../etc/passwd` or a link to `~/.ssh` into a report.
 * Paths are compared after `realpath`, so a link inside the folder that
 * points out of it is refused too. A refusal is a reason, not an error: the
 * context stays incomplete and says why.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { FILE_LIMITS, FileRefused, openError, readBounded } from './boundedRead';
import { isWithin } from './isWithin';

export const OUTSIDE_ALLOWED = 'outside the allowed folders: not read';

export type ReferenceReader = (absPath: string) => string | { notRead: string };

/** Where a path lies with respect to the allowed folders, after links: absent when nothing is there. */
export type PathPlace = 'inside' | 'outside' | 'missing';

/**
 * The allowed folders as a coding session's working directory is looked
 * in: where a path lies, and the text of a file inside them.
 */
export interface AllowedFolders {
  place(absPath: string): PathPlace;
  read(absPath: string, maxBytes: number): string | { notRead: string };
}

/** `roots`: the folders references may resolve into; `'anywhere'` lifts the restriction. */
export function referenceReader(roots: readonly string[] | 'anywhere', maxBytes: number = FILE_LIMITS.reference): ReferenceReader {
  const folders = allowedFolders(roots);
  return (absPath) => folders.read(absPath, maxBytes);
}

export function allowedFolders(roots: readonly string[] | 'anywhere'): AllowedFolders {
  const allowed = roots === 'anywhere' ? undefined : roots.map(realOrResolved);
  const inside = (real: string) => !allowed || allowed.some((root) => isWithin(real, root));
  return {
    place(absPath) {
      let real: string;
      try {
        real = realpathSync(absPath);
      } catch {
        return 'missing';
      }
      return inside(real) ? 'inside' : 'outside';
    },
    read(absPath, maxBytes) {
      try {
        const real = realpathSync(absPath);
        if (!inside(real)) return { notRead: OUTSIDE_ALLOWED };
        return readBounded(real, maxBytes).toString('utf8');
      } catch (err) {
        // FileRefused from the read, or realpath's own failure (no such file, permission, a loop).
        return { notRead: err instanceof FileRefused ? err.reason : openError(err) };
      }
    },
  };
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
