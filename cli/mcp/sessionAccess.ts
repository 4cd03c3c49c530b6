/**
 * Which session files the MCP server may read. A tool call names a path, and
 * the model that writes the call may have read that path in something
 * someone else wrote: as `groundcheck check` reads referenced files only in
 * allowed folders, the server reads sessions only inside its roots (the
 * working directory and each `--root`), compared after `realpath`, so a link
 * that points out of a root is refused too. `--allow-outside-refs` lifts it.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { isWithin } from '../../shared/io/isWithin';

export interface SessionAccess {
  /** Folders sessions may be read in (resolved), or 'anywhere'. */
  roots: readonly string[] | 'anywhere';
  /** Where relative paths resolve. */
  cwd: string;
}

/** The absolute path to read, or why not (a message for the tool's caller). */
export function sessionPath(path: string, access: SessionAccess): { path: string } | { refused: string } {
  const absolute = resolve(access.cwd, path);
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { refused: `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message}` };
  }
  if (access.roots === 'anywhere') return { path: real };
  const roots = access.roots.map(realOrResolved);
  if (roots.some((root) => isWithin(real, root))) return { path: real };
  return {
    refused: `${path} is outside the folders this server may read (${roots.join(', ')}); start the server with --root <folder> for that folder, or --allow-outside-refs`,
  };
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
