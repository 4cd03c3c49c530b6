/**
 * Turns raw offsets into 1-based line/column positions, for the checked file,
 * for the entries of an archive it is (an Inspect `.eval` zip), and for any
 * other file a segment's text came from (promptfoo `file://` variables). An
 * archive entry's name is a place inside the checked file and is never
 * resolved on disk, whatever `../` it holds. Line indexes are built once per
 * text and only on demand.
 */
import { FILE_LIMITS, readBounded } from '../../shared/io/boundedRead';
import { isAbsolute, relative, resolve, dirname } from 'node:path';
import type { Range } from '../../shared/classifier/types';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
import { codeFrame } from './codeFrame';
import type { CodeFrame, FileLocation } from './fileReport';

interface Indexed {
  text: string;
  lines: LineIndex;
}

/** Keys of archive entries in `indexes`: no path on disk starts with a NUL. */
const ENTRY = '\u0000';

export class Locator {
  private readonly indexes = new Map<string, Indexed | null>();

  /**
   * `file` is how the checked file is shown; `absPath` resolves sibling sources (absent for stdin);
   * `entries` are the texts of the archive's entries when the file is one.
   */
  constructor(
    readonly file: string,
    readonly raw: string,
    private readonly absPath: string | undefined,
    lines = new LineIndex(raw),
    private readonly entries?: ReadonlyMap<string, string>,
  ) {
    this.indexes.set('', { text: raw, lines });
  }

  /** The locator of the checked file grown by `piece` at its end (a session still being written): only `piece` is read for lines. */
  grown(piece: string): Locator {
    const raw = this.raw + piece;
    const lines = this.indexes.get('')!.lines;
    const next = new Locator(
      this.file,
      raw,
      this.absPath,
      lines.endsWithBreak && !piece.startsWith('\n') ? lines.appended(piece) : new LineIndex(raw, { lines, from: this.raw.length }),
      this.entries,
    );
    for (const [key, entry] of this.indexes) if (key !== '') next.indexes.set(key, entry);
    return next;
  }

  /** A location in the checked file. */
  here(range: Range): FileLocation {
    return this.locate('', this.file, range)!;
  }

  /** A location of the checked file's own text: the archive entry `source` names, else the file itself. */
  own(source: string | undefined, range: Range): FileLocation {
    const entry = this.entryOf(source);
    return entry === undefined ? this.here(range) : { ...this.locate(ENTRY + entry, this.file, range)!, entry };
  }

  /**
   * A location in `source` (a segment's `source`): an entry of the checked
   * archive, another file, or the checked file when absent. Positions are
   * left out when another file cannot be read.
   */
  in(source: string | undefined, range: Range): FileLocation | Omit<FileLocation, 'line' | 'column' | 'endLine' | 'endColumn'> {
    if (source === undefined || this.entryOf(source) !== undefined) return this.own(source, range);
    const abs = this.absPath && !isAbsolute(source) ? resolve(dirname(this.absPath), source) : source;
    const shown = isAbsolute(abs) ? displayPath(abs) : source;
    return this.locate(abs, shown, range) ?? { file: shown, range };
  }

  /** The raw line around `range` in the checked file's own text (see `own`), cut to a window when long. */
  frame(source: string | undefined, range: Range): CodeFrame {
    const entry = this.entryOf(source);
    const { text, lines } = this.indexed(entry === undefined ? '' : ENTRY + entry)!;
    // Bounds from the index, not by reading on to the newline: one line of a JSON export can hold the whole file and every finding in it.
    const [start, end] = lines.lineBounds(range[0]);
    return codeFrame(text, start, end, range[0], range[1]);
  }

  /** The archive entry `source` names, or undefined when it names no entry (another file, or none). */
  entryOf(source: string | undefined): string | undefined {
    return source !== undefined && this.entries?.has(source) ? source : undefined;
  }

  private locate(key: string, shown: string, range: Range): FileLocation | undefined {
    const entry = this.indexed(key);
    if (!entry) return undefined;
    const start = entry.lines.position(range[0]);
    const end = entry.lines.position(range[1]);
    return {
      file: shown,
      range,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
    };
  }

  private indexed(key: string): Indexed | null {
    let entry = this.indexes.get(key);
    if (entry === undefined) {
      entry = key.startsWith(ENTRY) ? indexedText(this.entries!.get(key.slice(ENTRY.length))!) : readIndexed(key);
      this.indexes.set(key, entry);
    }
    return entry;
  }
}

function indexedText(text: string): Indexed {
  return { text, lines: new LineIndex(text) };
}

function readIndexed(absPath: string): Indexed | null {
  try {
    return indexedText(readBounded(absPath, FILE_LIMITS.reference).toString('utf8'));
  } catch {
    return null;
  }
}

/** Paths inside the working directory are shown relative to it, as compilers do. */
export function displayPath(absPath: string, cwd = process.cwd()): string {
  const rel = relative(cwd, absPath);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absPath : rel.split('\\').join('/');
}
