/**
 * Reads the files a transcript refers to (promptfoo `file://` contexts) only
 * inside the folders the user allowed: a config from a repository someone
 * else wrote must not pull `../../../../etc/passwd` or a link to `~/.ssh`
 * into a report. Paths are compared after `realpath`, so a link inside the
 * folder that points out of it is refused too. A refusal is a reason, not an
 * error: the context stays incomplete and says why.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { FILE_LIMITS, FileRefused, openError, readBounded } from './boundedRead';
import { isWithin } from './isWithin';

export const OUTSIDE_ALLOWED = 'outside the allowed folders: not read';

export type ReferenceReader = (absPath: string) => string | { notRead: string };

/** `roots`: the folders references may resolve into; `'anywhere'` lifts the restriction. */
export function referenceReader(roots: readonly string[] | 'anywhere', maxBytes: number = FILE_LIMITS.reference): ReferenceReader {
  const allowed = roots === 'anywhere' ? undefined : roots.map(realOrResolved);
  return (absPath) => {
    try {
      const real = realpathSync(absPath);
      if (allowed && !allowed.some((root) => isWithin(real, root))) return { notRead: OUTSIDE_ALLOWED };
      return readBounded(real, maxBytes).toString('utf8');
    } catch (err) {
      // FileRefused from the read, or realpath's own failure (no such file, permission, a loop).
      return { notRead: err instanceof FileRefused ? err.reason : openError(err) };
    }
  };
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
