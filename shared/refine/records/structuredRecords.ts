/**
 * Whether an output's context holds structured records: the test that
 * decides where the records pack runs. A context part is a record when it
 * opens an object, or an array of them, whose first member is a quoted key
 * and a colon: `{"name": …`, `[{'city': …`, `{ "hours": {…} }`. That is
 * JSON, or a Python or JavaScript literal as a dataset prints one. A
 * passage of prose, a code listing (it opens with its line numbers), a
 * command's output or a numbered source (`[1] The office…`) is not, so the
 * rules written for records' fields, keys and opening hours do not read
 * prose, code or a coding session's turns as if they were records.
 *
 * Only a part's opening is read, and each part once per index: the answer
 * for an output is whether any part it may see is a record.
 */
import type { ContextLookup } from '../../lookup/contextLookup';

/** How far a key may run before its closing quote. */
const KEY_REACH = 80;
/** White space and brackets read before the first key. */
const OPENING_REACH = 64;

interface RecordParts {
  /** Parts that are records, ascending. */
  parts: number[];
  /** Parts read so far: an index that grows (a session being written) adds parts after them. */
  read: number;
}

const byIndex = new WeakMap<ContextLookup, RecordParts>();

/** Whether a part the output may see (`searchable`, and before `before`) is a structured record. */
export function contextHoldsRecords(index: ContextLookup, searchable: (part: number) => boolean, before = Infinity): boolean {
  const known = recordParts(index);
  for (const p of known.parts) {
    if (p >= before) return false;
    if (searchable(p)) return true;
  }
  return false;
}

function recordParts(index: ContextLookup): RecordParts {
  let known = byIndex.get(index);
  if (!known) {
    known = { parts: [], read: 0 };
    byIndex.set(index, known);
  }
  for (; known.read < index.partCount; known.read++) if (isRecord(index.partText(known.read))) known.parts.push(known.read);
  return known;
}

/** `{` or `[`, then (past white space and more brackets) a quoted key closed on its line, then a colon. */
export function isRecord(text: string): boolean {
  let p = skip(text, 0, ' \t\r\n');
  if (text[p] !== '{' && text[p] !== '[') return false;
  p = skip(text, p, ' \t\r\n[{');
  const quote = text[p];
  if (quote !== '"' && quote !== "'") return false;
  const close = closingQuote(text, p + 1, quote);
  if (close < 0 || close === p + 1) return false;
  p = skip(text, close + 1, ' \t');
  return text[p] === ':';
}

function skip(text: string, from: number, chars: string): number {
  let p = from;
  while (p < text.length && p - from < OPENING_REACH && chars.includes(text[p])) p++;
  return p;
}

function closingQuote(text: string, from: number, quote: string): number {
  for (let p = from; p < text.length && p - from <= KEY_REACH; p++) {
    if (text[p] === quote) return p;
    if (text[p] === '\n' || text[p] === '\\') return -1;
  }
  return -1;
}
