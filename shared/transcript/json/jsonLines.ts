/**
 * Reads JSON Lines and whole-file JSON into plain values plus regions that
 * can locate any string in the raw file. A malformed line becomes a located
 * error and the rest of the file is still read.
 */
import { parse as parseJsonc, type ParseError as JsoncError, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from '../model';
import { MAX_JSON_DEPTH, nestingExceededAt } from './jsonDepth';
import { JsonRegion } from './jsonRegion';

export interface JsonLine {
  /** 0-based line number. */
  line: number;
  start: number;
  end: number;
  value: unknown;
  region: JsonRegion;
}

/** Where a piece of JSON Lines sits in its file: text appended after `line` lines and `offset` units. */
export interface PieceAt {
  offset: number;
  line: number;
}

/**
 * The lines of `raw`, or of a piece appended to a file (`at`): line numbers,
 * ranges, regions and errors are then the file's, not the piece's.
 */
export function readJsonLines(raw: string, errors: ParseError[], at: PieceAt = { offset: 0, line: 0 }): JsonLine[] {
  const out: JsonLine[] = [];
  eachJsonLine(raw, errors, (line) => out.push(line), at);
  return out;
}

/**
 * The lines of `raw` as `readJsonLines` reads them, handed to `visit` one at
 * a time: a reader that takes what it needs from each line and lets its
 * parsed value go holds one line's value at a time, not a whole file's (tens
 * of megabytes of objects that would otherwise live long enough to be
 * promoted and swell the heap a large session's check peaks with).
 */
export function eachJsonLine(raw: string, errors: ParseError[], visit: (line: JsonLine) => void, at: PieceAt = { offset: 0, line: 0 }): void {
  const shift = at.offset;
  let line = at.line;
  // A BOM opens the file, not its first record; offsets stay the raw file's.
  let start = shift === 0 ? bomLength(raw) : 0;
  while (start <= raw.length) {
    let nl = raw.indexOf('\n', start);
    const hasNewline = nl !== -1;
    if (!hasNewline) nl = raw.length;
    let end = nl;
    if (end > start && raw.charCodeAt(end - 1) === 13 /* \r */) end--;
    const deep = isBlank(raw, start, end) ? -1 : nestingExceededAt(raw, start, end);
    if (deep !== -1) {
      errors.push({ message: `Line ${line + 1} ${TOO_DEEP}`, rawRange: [deep + shift, deep + shift + 1], line });
    } else if (!isBlank(raw, start, end)) {
      const text = raw.slice(start, end);
      let value: unknown;
      let parsed = false;
      try {
        value = JSON.parse(text);
        parsed = true;
      } catch {
        const partial = !hasNewline;
        errors.push({
          message: partial ? 'Incomplete last line: the file may still be being written.' : `Line ${line + 1} is not valid JSON: ${describeJsonError(text)}.`,
          rawRange: [start + shift, end + shift],
          line,
        });
      }
      // Outside the try: a reader's own exception is not a line of bad JSON.
      if (parsed) visit({ line, start: start + shift, end: end + shift, value, region: new JsonRegion(raw, start, end, undefined, shift) });
    }
    if (!hasNewline) break;
    start = nl + 1;
    line++;
  }
}

export interface JsonDocument {
  value: unknown;
  region: JsonRegion;
}

/** Why a JSON value past the nesting cap is not read, after what it is ("Line 3", "The file"). */
export const TOO_DEEP = `nests JSON more than ${MAX_JSON_DEPTH} levels deep (the nesting limit): not read.`;

/** The whole file as one JSON value, or a located error. */
export function readJsonDocument(raw: string, errors: ParseError[]): JsonDocument | undefined {
  const start = bomLength(raw);
  const deep = nestingExceededAt(raw, start, raw.length);
  if (deep !== -1) {
    errors.push({ message: `The file ${TOO_DEEP}`, rawRange: [deep, deep + 1], line: lineOfOffset(raw, deep) });
    return undefined;
  }
  const text = start === 0 ? raw : raw.slice(start);
  try {
    return { value: JSON.parse(text), region: new JsonRegion(raw, start, raw.length) };
  } catch {
    const found: JsoncError[] = [];
    parseJsonc(text, found, { disallowComments: true, allowTrailingComma: false });
    const first = found[0];
    const offset = start + (first ? first.offset : 0);
    errors.push({
      message: `Not valid JSON: ${first ? printParseErrorCode(first.error) : 'unexpected input'}.`,
      rawRange: [offset, Math.min(raw.length, offset + (first?.length || 1))],
      line: lineOfOffset(raw, offset),
    });
    return undefined;
  }
}

function describeJsonError(text: string): string {
  const found: JsoncError[] = [];
  parseJsonc(text, found, { disallowComments: true, allowTrailingComma: false });
  const first = found[0];
  return first ? `${printParseErrorCode(first.error)} at column ${first.offset + 1}` : 'unexpected input';
}

/** 1 when `raw` opens with a UTF-8 BOM (U+FEFF, one UTF-16 unit), which JSON.parse refuses. */
function bomLength(raw: string): number {
  return raw.charCodeAt(0) === 0xfeff ? 1 : 0;
}

function isBlank(raw: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** 0-based line of `offset` (a linear count; callers with many lookups use LineIndex). */
export function lineOfOffset(raw: string, offset: number): number {
  let line = 0;
  let i = raw.indexOf('\n');
  while (i !== -1 && i < offset) {
    line++;
    i = raw.indexOf('\n', i + 1);
  }
  return line;
}
