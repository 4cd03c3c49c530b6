/**
 * Reading a file someone else may have prepared: a symlink to `/dev/zero`,
 * a FIFO nobody writes to, a sparse 10 GB file. Every file groundcheck opens
 * goes through here: it is opened without blocking, checked with `fstat` on
 * the open handle (so what is checked is what is read), refused unless it is
 * a regular file under the size limit for its kind, and read no further than
 * that limit even if it grows meanwhile.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** Why a file was not read, worded for a message after its path. */
export class FileRefused extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    /** For a file refused by its size: the size it has. */
    readonly size?: number,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'FileRefused';
  }
}

/** Size limits by what a file is for (bytes). */
export const FILE_LIMITS = {
  /** The ignore store and config files: small by nature. */
  settings: 4 * 1024 * 1024,
  /** A file a transcript refers to for its context (promptfoo `file://`). */
  reference: 64 * 1024 * 1024,
  /** A coding agent's instruction file (CLAUDE.md, AGENTS.md): the agent puts it whole into every request, so a real one is a few KB. */
  instructions: 1024 * 1024,
} as const;

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer (it is refused right after).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 1024 * 1024;

/** The whole file, if it is a regular file of at most `maxBytes`; else a FileRefused error. */
export function readBounded(path: string, maxBytes: number): Buffer {
  return withRegularFile(path, (fd, stats) => {
    if (stats.size > maxBytes) throw new FileRefused(path, `larger than ${megabytes(maxBytes)}: not read`, stats.size);
    return readUpTo(fd, path, maxBytes, stats.size);
  });
}

/**
 * What was added to a file since `kept` (its bytes when last read, in
 * chunks) was read: the bytes after them, if the file still starts with
 * every one of them; undefined when it does not (rewritten, truncated,
 * replaced). The kept bytes are compared a chunk at a time, so checking
 * that a long file only grew costs a read of it without holding a second
 * copy. Refused like `readBounded`.
 */
export function readAfter(path: string, maxBytes: number, kept: readonly Buffer[]): Buffer | undefined {
  return withRegularFile(path, (fd, stats) => {
    if (stats.size > maxBytes) throw new FileRefused(path, `larger than ${megabytes(maxBytes)}: not read`, stats.size);
    let at = 0;
    for (const chunk of kept) at += chunk.length;
    if (stats.size < at) return undefined;
    const scratch = Buffer.allocUnsafe(Math.min(CHUNK, at));
    let position = 0;
    for (const chunk of kept) {
      for (let from = 0; from < chunk.length; ) {
        const want = Math.min(scratch.length, chunk.length - from);
        const n = readSync(fd, scratch, 0, want, position);
        if (n < want || scratch.compare(chunk, from, from + n, 0, n) !== 0) return undefined;
        from += n;
        position += n;
      }
    }
    return readUpTo(fd, path, maxBytes, stats.size, at);
  });
}

/** The first `length` bytes of a regular file (for sniffing a format), refused like `readBounded`. */
export function readHead(path: string, length: number): Buffer {
  return withRegularFile(path, (fd, stats) => {
    const head = Buffer.alloc(Math.min(length, stats.size));
    const n = head.length === 0 ? 0 : readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n);
  });
}

/** Opens `path` without blocking and hands it on only if the handle is a regular file. */
function withRegularFile<T>(path: string, read: (fd: number, stats: Stats) => T): T {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (err) {
    throw new FileRefused(path, openError(err));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FileRefused(path, `not a regular file (${kindOf(stats)}): not read`);
    return read(fd, stats);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads what fstat announced (from `from` on: the bytes before it were read
 * already), and notices a file that grew past the limit while it was read.
 */
function readUpTo(fd: number, path: string, maxBytes: number, expected: number, from = 0): Buffer {
  // Straight into one buffer of the size the handle reported, one byte over to see the file grew: a 45 MB
  // file read in chunks and joined is copied once more than it needs to be. Only a file that grows meanwhile
  // (or reports no size) is read on in chunks.
  const first = Buffer.allocUnsafe(Math.max(0, Math.min(expected, maxBytes) - from) + 1);
  let got = 0;
  for (let n = 1; n > 0 && got < first.length; got += n) n = readSync(fd, first, got, first.length - got, from + got);
  let total = from + got;
  if (total > maxBytes) throw new FileRefused(path, `larger than ${megabytes(maxBytes)}: not read`);
  if (got < first.length) return first.subarray(0, got);
  const chunks: Buffer[] = [first];
  for (;;) {
    const want = Math.min(CHUNK, maxBytes + 1 - total);
    if (want <= 0) throw new FileRefused(path, `larger than ${megabytes(maxBytes)}: not read`);
    const buf = Buffer.allocUnsafe(want);
    const n = readSync(fd, buf, 0, want, total);
    if (n === 0) break;
    chunks.push(n === want ? buf : buf.subarray(0, n));
    total += n;
    if (total > maxBytes) throw new FileRefused(path, `larger than ${megabytes(maxBytes)}: not read`);
  }
  return Buffer.concat(chunks, total - from);
}

/** What a non-regular file is, for the message; a directory entry (Dirent) answers the same questions as Stats. */
export function kindOf(stats: Pick<Stats, 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isSymbolicLink'>): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a file';
}

export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Why a path could not be opened (or resolved), worded like FileRefused reasons. */
export function openError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  if (e.code === 'EISDIR') return 'not a regular file (a folder): not read';
  if (e.code === 'ENXIO') return 'not a regular file (a socket or device without a reader): not read';
  if (e.code === 'ELOOP') return 'a symbolic link loop: not read';
  return `cannot read: ${e.message}`;
}
