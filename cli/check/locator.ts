/**
 * Turns raw offsets into 1-based line/column positions, for the checked file
 * and for any other file a segment's text came from (promptfoo `file://`
 * variables). Line indexes are built once per file and only on demand.
 */
import { FILE_LIMITS, readBounded } from '../../shared/io/boundedRead';
import { isAbsolute, relative, resolve, dirname } from 'node:path';
import type { Range } from '../../shared/classifier/types';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
import type { FileLocation } from './fileReport';

export class Locator {
  private readonly indexes = new Map<string, { text: string; lines: LineIndex } | null>();

  /** `file` is how the checked file is shown; `absPath` resolves sibling sources (absent for stdin). */
  constructor(
    readonly file: string,
    readonly raw: string,
    private readonly absPath: string | undefined,
    lines = new LineIndex(raw),
  ) {
    this.indexes.set('', { text: raw, lines });
  }

  /** The locator of the checked file grown by `piece` at its end (a session still being written): only `piece` is read for lines. */
  grown(piece: string): Locator {
    const raw = this.raw + piece;
    const next = new Locator(this.file, raw, this.absPath, new LineIndex(raw, { lines: this.indexes.get('')!.lines, from: this.raw.length }));
    for (const [key, entry] of this.indexes) if (key !== '') next.indexes.set(key, entry);
    return next;
  }

  /** A location in the checked file. */
  here(range: Range): FileLocation {
    return this.locate('', this.file, range)!;
  }

  /**
   * A location in `source` (a segment's `source`), or in the checked file when
   * absent. Positions are left out when the source cannot be read.
   */
  in(source: string | undefined, range: Range): FileLocation | Omit<FileLocation, 'line' | 'column' | 'endLine' | 'endColumn'> {
    if (source === undefined) return this.here(range);
    const abs = this.absPath && !isAbsolute(source) ? resolve(dirname(this.absPath), source) : source;
    const shown = isAbsolute(abs) ? displayPath(abs) : source;
    return this.locate(abs, shown, range) ?? { file: shown, range };
  }

  /** Start and end of the raw line holding `offset` (end excludes the newline). */
  lineBounds(offset: number): [start: number, end: number] {
    const { lines } = this.indexes.get('')!;
    const line = lines.lineOf(offset);
    const start = lines.offsetAt(line, 0);
    const next = this.raw.indexOf('\n', start);
    return [start, next === -1 ? this.raw.length : next];
  }

  private locate(key: string, shown: string, range: Range): FileLocation | undefined {
    let entry = this.indexes.get(key);
    if (entry === undefined) {
      entry = readIndexed(key);
      this.indexes.set(key, entry);
    }
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
}

function readIndexed(absPath: string): { text: string; lines: LineIndex } | null {
  try {
    const text = readBounded(absPath, FILE_LIMITS.reference).toString('utf8');
    return { text, lines: new LineIndex(text) };
  } catch {
    return null;
  }
}

/** Paths inside the working directory are shown relative to it, as compilers do. */
export function displayPath(absPath: string, cwd = process.cwd()): string {
  const rel = relative(cwd, absPath);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absPath : rel.split('\\').join('/');
}
