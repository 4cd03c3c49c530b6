/**
 * CSV records with the exact raw offsets of every cell. csv-parse does the
 * parsing (quoting rules, embedded newlines, malformed records); this module
 * only walks each record's raw text alongside the parsed values to find where
 * each cell sits and how doubled quotes shift its characters.
 *
 * csv-parse reads text as UTF-8 bytes, so a lone surrogate comes back as
 * U+FFFD and its copy of a record is no longer the file's text. Both are
 * read from a copy with that replacement already made: one unit for one, so
 * every offset in the copy is the same offset in the file.
 */
import { parse } from 'csv-parse/sync';
import type { OffsetMap } from '../../model';
import { PiecewiseMap, ShiftMap } from '../../offsets/offsetMaps';

export interface CsvCell {
  text: string;
  map: OffsetMap;
}

export interface CsvRecord {
  cells: CsvCell[];
  /** Raw offset where the record starts. */
  start: number;
  end: number;
}

export interface CsvProblem {
  message: string;
  start: number;
  end: number;
}

interface ParsedRecord {
  record: string[];
  raw: string;
}

export function readCsvRecords(file: string, problems: CsvProblem[]): CsvRecord[] {
  const raw = wellFormed(file);
  const skipped: string[] = [];
  let parsed: ParsedRecord[];
  try {
    parsed = parse(raw, {
      raw: true,
      bom: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (err: { message: string; raw?: string } | undefined) => {
        if (err?.raw) skipped.push(err.raw);
      },
    }) as unknown as ParsedRecord[];
  } catch (err) {
    problems.push({ message: `Not valid CSV: ${(err as Error).message}`, start: 0, end: Math.min(raw.length, 1) });
    return [];
  }
  const records: CsvRecord[] = [];
  let cursor = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (const p of parsed) {
    // Records are contiguous unless csv-parse skipped a broken one in between.
    let start = raw.startsWith(p.raw, cursor) ? cursor : raw.indexOf(p.raw, cursor);
    if (start < 0) start = cursor;
    // csv-parse leaves the `\n` of a CRLF line ending out of both records: a gap of line breaks alone skips nothing.
    if (start > cursor && !onlyLineBreaks(raw, cursor, start)) problems.push({ message: 'Malformed CSV record skipped.', start: cursor, end: start });
    cursor = start + p.raw.length;
    if (p.record.length === 1 && p.record[0] === '') continue; // blank line
    records.push({ cells: locateCells(raw, start, p.record), start, end: cursor });
  }
  if (skipped.length > 0 && cursor < raw.length) {
    problems.push({ message: `Malformed CSV from here on: ${skipped[skipped.length - 1].slice(0, 80)}`, start: cursor, end: raw.length });
  }
  return records;
}

function onlyLineBreaks(raw: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 10 && c !== 13) return false;
  }
  return true;
}

/** Walks the record's raw text cell by cell, guided by the parsed values. */
function locateCells(raw: string, start: number, values: string[]): CsvCell[] {
  const cells: CsvCell[] = [];
  let pos = start;
  for (const text of values) {
    if (raw.charCodeAt(pos) === 34 /* " */) {
      const { map, end } = quotedCellMap(raw, pos, text.length);
      cells.push({ text, map });
      pos = end + 1; // past the delimiter
    } else {
      cells.push({ text, map: new ShiftMap(pos) });
      pos += text.length + 1;
    }
  }
  return cells;
}

/**
 * A quoted cell opens at `open`; each doubled quote is 2 raw units for 1
 * decoded. csv-parse keeps what stands between the closing quote and the
 * delimiter (a NUL) as the value's last characters: they follow the quote.
 * `end` is where the delimiter is.
 */
function quotedCellMap(raw: string, open: number, decodedLength: number): { map: OffsetMap; end: number } {
  const decoded: number[] = [0];
  const rawAt: number[] = [open + 1];
  let d = 0;
  let r = open + 1;
  let closing = -1;
  while (d < decodedLength) {
    const next = raw.indexOf('"', r);
    if (next === -1) break;
    const run = next - r;
    if (d + run >= decodedLength || raw.charCodeAt(next + 1) !== 34) {
      closing = next;
      break;
    }
    // `next` is the first of a doubled quote: it decodes to one `"`.
    d += run + 1;
    r = next + 2;
    decoded.push(d);
    rawAt.push(r);
  }
  const inQuotes = closing === -1 ? decodedLength : d + (closing - r);
  if (inQuotes < decodedLength) {
    // The characters after the closing quote: the first is one unit past it, an end at the quote stays before it.
    decoded.push(inQuotes + 1);
    rawAt.push(closing + 2);
  }
  const map = decoded.length === 1 ? new ShiftMap(open + 1) : new PiecewiseMap(decoded, rawAt);
  // The delimiter sits right after the last decoded unit (past the closing quote when nothing follows it).
  return { map, end: inQuotes < decodedLength ? map.toRaw(decodedLength) : map.toRaw(decodedLength) + 1 };
}

/** `text` with each lone surrogate replaced by U+FFFD, as a UTF-8 round trip would; `text` itself when it has none. */
function wellFormed(text: string): string {
  let out: string[] | undefined;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0xd800 || u > 0xdfff) continue;
    if (u <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    (out ??= []).push(text.slice(from, i), '\ufffd');
    from = i + 1;
  }
  return out ? out.join('') + text.slice(from) : text;
}
