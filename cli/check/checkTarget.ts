/**
 * Reads one target from disk and checks it: the unit of work a worker thread
 * is given. Size limits are applied before reading; files found in folders
 * are sniffed from their first 64 KB so a large non-transcript is never read
 * whole; read failures become a report with `error` instead of an exception.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { detectFormat, SNIFF_LENGTH } from '../../shared/transcript/detect';
import { checkFile, type FileCheckOptions } from './checkFile';
import type { CheckTarget } from './expandPaths';
import type { FileReport } from './fileReport';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function checkTarget(target: CheckTarget, options: FileCheckOptions): FileReport {
  const file = target.shown;
  let bytes: Buffer;
  try {
    const size = statSync(target.path).size;
    const limit = options.settings.maxFileSizeMB * 1024 * 1024;
    if (size > limit) {
      return { file, outputs: [], parseErrors: [], skipped: `${sizeText(size)} is over maxFileSizeMB (${options.settings.maxFileSizeMB})` };
    }
    if (!target.explicit && !looksLikeTranscript(target.path)) {
      return { file, outputs: [], parseErrors: [], notTranscript: 'no transcript format recognised' };
    }
    bytes = readFileSync(target.path);
  } catch (err) {
    return { file, outputs: [], parseErrors: [], error: readError(err) };
  }
  const zip = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  return checkFile(
    {
      file,
      absPath: target.path,
      raw: zip ? bytes.toString('latin1') : bytes.toString('utf8'),
      ...(zip ? { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) } : {}),
      readFile: readReferenced,
    },
    options,
  );
}

/** Sniffs the head of a file: cheap enough to run on every file of a folder. */
function looksLikeTranscript(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_LENGTH);
    const n = readSync(fd, head, 0, SNIFF_LENGTH, 0);
    const zip = ZIP_MAGIC.every((b, i) => head[i] === b);
    const text = zip ? head.toString('latin1', 0, n) : head.toString('utf8', 0, n);
    return detectFormat(text, path) !== undefined;
  } finally {
    closeSync(fd);
  }
}

function readReferenced(absPath: string): string | undefined {
  try {
    return readFileSync(absPath, 'utf8');
  } catch {
    return undefined;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function readError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES') return 'cannot read: permission denied';
  if (e.code === 'ENOENT') return 'cannot read: no such file';
  if (e.code === 'EISDIR') return 'cannot read: is a folder';
  return `cannot read: ${e.message}`;
}
