/**
 * Splits a byte stream (standard input) into its lines as they arrive,
 * without ever holding more than one line: each line comes with where it
 * sits in the stream as a whole (its UTF-16 offset and line number), so what
 * is found in it can be reported at the stream's own positions. A line longer
 * than the cap is not kept: it is counted past (its length still moves every
 * later offset) and handed on as too long.
 */
import { StringDecoder } from 'node:string_decoder';

export interface StreamLine {
  /** The line with its line break (the last line of a stream may have none); empty when `tooLong`. */
  text: string;
  /** UTF-16 offset of its first character in the stream. */
  offset: number;
  /** 0-based line number, counted as editors count (LF, CRLF and a lone CR each end a line). */
  line: number;
  /** 0-based line number counted by LF alone, as JSON Lines readers number their lines. */
  lfLine: number;
  /** Set when the line was over the cap: how many bytes it had. */
  tooLong?: number;
  /** Whether it is the last whole line of the read it came in: the next line waits for more input. */
  endsRead: boolean;
}

/**
 * The lines of `source`, each made when it is asked for: a reader that
 * checks a line and lets it go (a stream of RAG rows) holds one line's text
 * at a time, not a whole read's, so no line lives long enough to be kept
 * past the young generation. `linesByRead` groups them again for a reader
 * that does work per read.
 */
export async function* streamLines(source: AsyncIterable<Buffer | string>, maxLineBytes: number): AsyncGenerator<StreamLine> {
  const position = new StreamPosition();
  let parts: Buffer[] = [];
  let bytes = 0;
  // Set while a line over the cap is being counted past.
  let dropping: { decoder: StringDecoder; units: number; breaks: LineBreaks } | undefined;

  const finish = (endsRead: boolean): StreamLine | undefined => {
    let line: StreamLine | undefined;
    if (dropping) {
      const tail = dropping.decoder.end();
      dropping.units += tail.length;
      dropping.breaks.add(tail);
      line = position.skip(dropping.units, dropping.breaks, bytes, endsRead);
      dropping = undefined;
    } else if (bytes > 0) {
      line = position.take(Buffer.concat(parts, bytes).toString('utf8'), endsRead);
    }
    parts = [];
    bytes = 0;
    return line;
  };

  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let from = 0;
    let nl = buf.indexOf(0x0a);
    while (from < buf.length) {
      const end = nl === -1 ? buf.length : nl + 1;
      const piece = buf.subarray(from, end);
      bytes += piece.length;
      if (!dropping && bytes > maxLineBytes) {
        // Over the cap: what was kept is counted, then dropped, and so is the rest of the line.
        const decoder = new StringDecoder('utf8');
        dropping = { decoder, units: 0, breaks: new LineBreaks() };
        for (const p of parts) countPast(dropping, p);
        parts = [];
      }
      if (dropping) countPast(dropping, piece);
      // A chunk may be reused by its stream: keep a copy of what outlives it.
      else parts.push(Buffer.from(piece));
      from = end;
      if (nl === -1) break;
      nl = buf.indexOf(0x0a, from);
      const line = finish(nl === -1);
      if (line) yield line;
    }
  }
  const last = finish(true);
  if (last) yield last;
}

/** Lines in the groups they were read in, so a reader that does work per read (a session grown by its new lines) does it once per read, not once per line. */
export async function* linesByRead(lines: AsyncIterator<StreamLine>): AsyncGenerator<StreamLine[]> {
  let read: StreamLine[] = [];
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    read.push(next.value);
    if (!next.value.endsRead) continue;
    yield read;
    read = [];
  }
  if (read.length > 0) yield read;
}

function countPast(dropping: { decoder: StringDecoder; units: number; breaks: LineBreaks }, piece: Buffer): void {
  const text = dropping.decoder.write(piece);
  dropping.units += text.length;
  dropping.breaks.add(text);
}

/** Line breaks in text read piece by piece: a CR at the end of one piece may be the start of a CRLF. */
class LineBreaks {
  editor = 0;
  lf = 0;
  private pendingCr = false;

  add(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.editor++;
        this.lf++;
        this.pendingCr = false;
      } else {
        if (this.pendingCr) this.editor++;
        this.pendingCr = c === 13;
      }
    }
  }

  /** The breaks so far, a CR at the very end counted as one (nothing follows it on this line). */
  get total(): number {
    return this.editor + (this.pendingCr ? 1 : 0);
  }
}

/** Where the next line starts. */
class StreamPosition {
  private offset = 0;
  private line = 0;
  private lfLine = 0;

  take(text: string, endsRead: boolean): StreamLine {
    const breaks = new LineBreaks();
    breaks.add(text);
    const at: StreamLine = { text, offset: this.offset, line: this.line, lfLine: this.lfLine, endsRead };
    this.move(text.length, breaks);
    return at;
  }

  skip(units: number, breaks: LineBreaks, bytes: number, endsRead: boolean): StreamLine {
    const at: StreamLine = { text: '', offset: this.offset, line: this.line, lfLine: this.lfLine, tooLong: bytes, endsRead };
    this.move(units, breaks);
    return at;
  }

  private move(units: number, breaks: LineBreaks): void {
    this.offset += units;
    this.line += breaks.total;
    this.lfLine += breaks.lf;
  }
}

/**
 * Groups of reads joined while more input lands at once: a reader that pays
 * per group (a session's index grows by rebuilding its newest parts) takes a
 * file piped in in few, large groups, and a stream that trickles in (an
 * agent still writing) in a group per read, as it comes. A group grows while
 * it is shorter than `minUnits` UTF-16 units or than everything before it,
 * and the next read lands within JOIN_WAIT_MS: a stream read at once is
 * taken in a logarithmic number of groups.
 */
export async function* readsAsReady(reads: AsyncIterator<StreamLine[]>, minUnits: number): AsyncGenerator<StreamLine[]> {
  let pending: Promise<IteratorResult<StreamLine[]>> | undefined = reads.next();
  let before = 0;
  while (pending) {
    const first = await pending;
    pending = undefined;
    if (first.done) return;
    const group = first.value;
    let units = unitsOf(group);
    while (units < Math.max(minUnits, before)) {
      const next = reads.next();
      const landed = await withinJoinWait(next);
      if (landed === undefined || landed.done) {
        pending = next;
        break;
      }
      for (const l of landed.value) group.push(l);
      units += unitsOf(landed.value);
    }
    before += units;
    yield group;
    pending ??= reads.next();
  }
}

/**
 * A read of a file or a fast pipe lands well within this, and a stream that
 * trickles in waits no longer than this for its results. (The event loop's
 * next turn is too soon: the next read only starts when the last one is
 * taken, and timers run before reads land.)
 */
const JOIN_WAIT_MS = 10;

/** `next`'s result if it comes within JOIN_WAIT_MS, else undefined (`next` is still under way). */
async function withinJoinWait<T>(next: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), JOIN_WAIT_MS);
  });
  try {
    return await Promise.race([next, waited]);
  } finally {
    clearTimeout(timer);
  }
}

function unitsOf(lines: readonly StreamLine[]): number {
  let n = 0;
  for (const l of lines) n += l.text.length;
  return n;
}
