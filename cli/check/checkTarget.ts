/**
 * Reads one target from disk and checks it: the unit of work a worker thread
 * is given. Size limits are applied before reading; files found in folders
 * are sniffed from their first 64 KB so a large non-transcript is never read
 * whole; read failures become a report with `error` instead of an exception.
 */
import { dirname } from 'node:path';
import { FileRefused, readBounded, readHead } from '../../shared/io/boundedRead';
import { type AllowedFolders, allowedFolders, referenceReader, type ReferenceReader } from '../../shared/io/referenceReads';
import { CONDENSE_LENGTH, isNotTranscript, type NotTranscript, recognise, SNIFF_LENGTH } from '../../shared/transcript/detect';
import { checkFile, type FileCheckOptions, type CheckedReport, type FileInput, type ReportPieces } from './checkFile';
import type { CheckTarget } from './expandPaths';
import type { FileReport } from './fileReport';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** With `pieces`, a file may be handed over in pieces as it is checked (see `checkFile`). */
export function checkTarget(target: CheckTarget, options: FileCheckOptions, pieces?: ReportPieces): CheckedReport {
  const read = readTarget(target, options);
  return 'input' in read ? checkFile(read.input, options, pieces) : read.report;
}

/** The target read for a check, with its size in bytes, or the report of why it was not read. */
export function readTarget(target: CheckTarget, options: FileCheckOptions): { input: FileInput; bytes: number } | { report: FileReport } {
  const file = target.shown;
  let bytes: Buffer;
  try {
    const not = target.explicit ? undefined : notTranscript(target.path);
    if (not) return { report: { file, outputs: [], parseErrors: [], notTranscript: not.reason, notTranscriptKind: not.kind } };
    // Checked on the open handle and read no further than the limit: a FIFO, a device or a sparse giant is refused, not read.
    bytes = readBounded(target.path, options.settings.maxFileSizeMB * 1024 * 1024);
  } catch (err) {
    if (err instanceof FileRefused && err.size !== undefined) {
      return { report: { file, outputs: [], parseErrors: [], skipped: `${sizeText(err.size)} is over maxFileSizeMB (${options.settings.maxFileSizeMB})` } };
    }
    return { report: { file, outputs: [], parseErrors: [], error: readError(err) } };
  }
  const zip = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  const input: FileInput = {
    file,
    absPath: target.path,
    raw: zip ? bytes.toString('latin1') : bytes.toString('utf8'),
    ...(zip ? { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) } : {}),
    readFile: cliReferenceReader(target.path, options.references),
    projectFolders: cliProjectFolders(target.path, options.references),
  };
  return { input, bytes: bytes.length };
}

/** Why a file is no transcript, from its head alone: cheap enough to run on every file of a folder. */
function notTranscript(path: string): NotTranscript | undefined {
  const head = readHead(path, SNIFF_LENGTH);
  const zip = ZIP_MAGIC.every((b, i) => head[i] === b);
  const text = zip ? head.toString('latin1') : head.toString('utf8');
  // A JSON file whose first record is longer than the head is read further, for the keys after it.
  const further = () => readHead(path, CONDENSE_LENGTH).toString('utf8');
  const found = recognise(text, path, head.length < SNIFF_LENGTH, further);
  return isNotTranscript(found) ? found : undefined;
}

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Reads the files a transcript at `path` refers to: within its folder's tree
 * and the working directory's, unless `--allow-outside-refs` lifts that.
 */
export function cliReferenceReader(path: string, scope: FileCheckOptions['references']): ReferenceReader {
  return referenceReader(cliRoots(path, scope));
}

/** Where a session's instruction files may be looked for: the same folders as its referenced files. */
export function cliProjectFolders(path: string, scope: FileCheckOptions['references']): AllowedFolders {
  return allowedFolders(cliRoots(path, scope));
}

function cliRoots(path: string, scope: FileCheckOptions['references']): string[] | 'anywhere' {
  return scope?.anywhere ? 'anywhere' : [dirname(path), scope?.cwd ?? process.cwd()];
}

function readError(err: unknown): string {
  if (err instanceof FileRefused) return err.reason;
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES') return 'cannot read: permission denied';
  if (e.code === 'ENOENT') return 'cannot read: no such file';
  if (e.code === 'EISDIR') return 'cannot read: is a folder';
  return `cannot read: ${e.message}`;
}
