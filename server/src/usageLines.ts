/**
 * The lines of a JSON Lines session its usage is read from, cut down to
 * what that read needs (usageFiguresOf: a few small objects per turn) and
 * kept while the file grows. The usage an append leaves pending is read
 * again from these and the lines appended since, parsed once each, instead
 * of from the whole text: a 20 MB session's text takes hundreds of
 * milliseconds to parse, and each appended turn would have it parsed again.
 */
import type { ParseError } from '../../shared/transcript/model';
import { type JsonLine, type PieceAt, readJsonLines } from '../../shared/transcript/json/jsonLines';
import type { UsageLine } from '../../shared/usage/model';
import { readsUsageByLine, usageFiguresOf } from '../../shared/usage/readUsage';
import { type FileUsage, fileUsageOfLines } from './fileUsage';

export class UsageLines {
  /** Text appended since the last read, with where each piece starts. */
  private pending: { piece: string; at: PieceAt }[] = [];

  private constructor(
    private readonly format: string,
    private readonly lines: UsageLine[],
    private readonly errors: ParseError[],
    /** Where the text read so far ends. */
    private readonly end: PieceAt,
  ) {}

  /**
   * The lines of `raw` a parser of `format` read (ParseInput.onJsonLines),
   * kept; undefined for a format whose usage is not read line by line, or a
   * text whose last line is not complete (lines appended to it would
   * continue that line).
   */
  static of(format: string, lines: readonly JsonLine[], errors: readonly ParseError[], raw: string): UsageLines | undefined {
    if (!readsUsageByLine(format) || (raw.length > 0 && !raw.endsWith('\n'))) return undefined;
    let breaks = 0;
    for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) breaks++;
    const kept = lines.flatMap((l) => usageFiguresOf(format, l) ?? []);
    return new UsageLines(format, kept, errors.slice(), { offset: raw.length, line: breaks });
  }

  /** Complete lines added at the end of the text; read with the next `read`. */
  append(piece: string): void {
    this.pending.push({ piece, at: { ...this.end } });
    for (let i = piece.indexOf('\n'); i !== -1; i = piece.indexOf('\n', i + 1)) this.end.line++;
    this.end.offset += piece.length;
  }

  /** The usage of the whole text so far, as fileUsage reads it from the text. */
  read(path: string | undefined): FileUsage {
    this.readAppended();
    return fileUsageOfLines({ format: this.format, lines: this.lines, errors: this.errors }, path);
  }

  /** Parses the lines appended since the last read and keeps what the usage read needs of them. */
  readAppended(): void {
    for (const { piece, at } of this.pending) {
      for (const line of readJsonLines(piece, this.errors, at)) {
        const kept = usageFiguresOf(this.format, line);
        if (kept) this.lines.push(kept);
      }
    }
    this.pending = [];
  }
}
