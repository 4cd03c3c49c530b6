/**
 * A number as the value of a key that ends in its unit (`4.5 stars` under
 * `stars`, `business_stars`; `25 MB` under `MAX_UPLOAD_MB`). Two shapes,
 * told apart because only one is a record's:
 *
 * - a label or a name, unquoted (`Employees: 40`, `MAX_UPLOAD_MB = 25`):
 *   prose, code and configuration all write them, so they are read with
 *   the unit words of prose (nearby-units, slot-contradictions);
 * - a quoted key (`'business_stars': 4.0`, `"review_count": 12`): a field of
 *   a record (JSON, a Python or JavaScript literal), read only by the
 *   records pack (record-key-units, record-slot-contradictions).
 */
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import { type NumberToken, tokenAt } from '../numberTokens';

/** Characters that may sit between a record key and its value (`stars': `, `"stars" = `). */
const KEY_VALUE_GAP = /['"]?\s{0,2}[:=]\s{0,2}['"]?$/;
/** How far after a record key its value may follow (`"stars": 4.0`). */
const RECORD_REACH = 6;

/** An unquoted label or name (`stars: 4`, `MAX_MB = 4`), or a record's quoted key (`'business_stars': 4`). */
export type KeyShape = 'label' | 'record';

/** A key closed by a quote is a record's. */
function shapeOf(quote: string | undefined): KeyShape {
  return quote === "'" || quote === '"' ? 'record' : 'label';
}

/** `stars': 4.0`, `business_stars = 4`: the shape of the key ending in the unit stem right before the value at `start`, if one is. */
export function keyPrecedes(raw: string, start: number, stem: string): KeyShape | undefined {
  const before = raw.slice(Math.max(0, start - stem.length - 10), start);
  const gap = KEY_VALUE_GAP.exec(before);
  if (!gap) return undefined;
  let keyEnd = gap.index;
  if ((before[keyEnd - 1] === 's' || before[keyEnd - 1] === 'S') && before.slice(keyEnd - 1 - stem.length, keyEnd - 1).toLowerCase() === stem) keyEnd--;
  if (before.slice(keyEnd - stem.length, keyEnd).toLowerCase() !== stem || isLetter(before[keyEnd - stem.length - 1])) return undefined;
  return shapeOf(gap[0][0]);
}

export interface KeyValue {
  part: number;
  raw: string;
  token: NumberToken;
  shape: KeyShape;
}

/** The values of keys ending in `stem` (or its plural), among the first `limit` occurrences of the stem. */
export function valuesUnderKey(index: ContextLookup, find: FindOptions, stem: string, limit: number): KeyValue[] {
  const found: KeyValue[] = [];
  for (const m of index.find(stem, { ...find, limit })) {
    const raw = index.partText(m.part);
    const plural = (raw[m.end] === 's' || raw[m.end] === 'S') && !isLetter(raw[m.end + 1]);
    if (isLetter(raw[m.end]) && !plural) continue;
    const keyEnd = plural ? m.end + 1 : m.end;
    const token = recordValueAfter(raw, keyEnd);
    if (token) found.push({ part: m.part, raw, token, shape: shapeOf(raw[keyEnd]) });
  }
  return found;
}

/** A value right after a record key: `stars': 4.0`, `stars" = 4`. */
function recordValueAfter(raw: string, pos: number): NumberToken | undefined {
  let p = pos;
  while (p < raw.length && p - pos < RECORD_REACH && `'": =\t`.includes(raw[p])) p++;
  return p > pos && /[:=]/.test(raw.slice(pos, p)) ? tokenAt(raw, p) : undefined;
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
