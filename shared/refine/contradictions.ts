/**
 * Contradicted, not just unverified: an output number that fills the same
 * slot as a different number in the context. A slot is named by the unit
 * word after the number (`330 metres` against `324 metres`, or a record's
 * `'stars': 4.0` against `4.5 stars`) or by the content word just before it
 * in the output (`revenue of $4.3M` against `revenue was $4.2M`). The two
 * numbers must agree in kind (both percentages or neither, the same currency)
 * and roughly in size (integer digit counts within one), so an unrelated
 * count that happens to follow the same word is not taken for the slot.
 */
import type { ContextMatch } from '../classifier/types';
import type { ContextIndex, FindOptions } from '../lookup/contextIndex';
import { splitUnit, unitStem } from './nearbyUnit';
import { numberAfter, numberBefore, type NumberToken, tokenAt } from './numberTokens';

export interface Contradiction {
  value: string;
  match: ContextMatch;
}

/** Key occurrences examined per entity: a common word must not cost a scan of the whole context. */
const KEY_MATCHES = 50;
/** How far after a key word its value may follow (`revenue for the year was $4.2M`). */
const VALUE_REACH = 30;
/** How far after a record key its value may follow (`"stars": 4.0`). */
const RECORD_REACH = 6;

/** Function words that never name a slot. */
const FUNCTION_WORDS = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from', 'as', 'about', 'around', 'over', 'under',
  'nearly', 'almost', 'approximately', 'roughly', 'than', 'and', 'or', 'is', 'was', 'were', 'are', 'be', 'been', 'has',
  'had', 'have', 'its', 'their', 'his', 'her', 'which', 'that', 'this', 'these', 'those', 'some', 'up', 'only', 'just',
  'least', 'most', 'more', 'less', 'total', 'it', 'they', 'he', 'she', 'we', 'also',
]);

interface OutputNumber {
  token: NumberToken;
  unitStem?: string;
}

export function findContradiction(
  output: string,
  span: readonly [number, number],
  index: ContextIndex,
  find: FindOptions,
): Contradiction | undefined {
  const text = output.slice(span[0], span[1]);
  const number = readOutputNumber(text);
  if (!number) return undefined;
  if (number.unitStem && number.unitStem.length >= 3) {
    const byUnit = scanKey(number.unitStem, number, index, find, 'unit');
    if (byUnit) return byUnit;
  }
  const key = keyWordBefore(output, span[0]);
  return key ? scanKey(key, number, index, find, 'key') : undefined;
}

function readOutputNumber(text: string): OutputNumber | undefined {
  const first = text.search(/\d/);
  if (first < 0) return undefined;
  const token = tokenAt(text, first);
  if (!token) return undefined;
  const unit = splitUnit(text);
  return { token: { ...token, percent: token.percent || /%|percent/i.test(text) }, unitStem: unit ? unitStem(unit.unit) : undefined };
}

/** The nearest content word before `start` in the same sentence, lower-cased, or undefined. */
export function keyWordBefore(output: string, start: number): string | undefined {
  let p = start;
  for (let words = 0; words < 4; words++) {
    while (p > 0 && (output[p - 1] === ' ' || output[p - 1] === '$' || output[p - 1] === '€' || output[p - 1] === '£')) p--;
    let s = p;
    while (s > 0 && /[A-Za-z]/.test(output[s - 1])) s--;
    if (s === p) return undefined;
    const word = output.slice(s, p).toLowerCase();
    if (!FUNCTION_WORDS.has(word) && word.length >= 3) return word;
    p = s;
  }
  return undefined;
}

function scanKey(key: string, number: OutputNumber, index: ContextIndex, find: FindOptions, how: 'unit' | 'key'): Contradiction | undefined {
  let first: Contradiction | undefined;
  for (const m of index.find(key, { ...find, limit: KEY_MATCHES })) {
    const raw = index.partText(m.part);
    // Inside a longer word the key names something else (`stars` in `superstars`); `business_stars` is a record key.
    if (isLetter(raw[m.start - 1])) continue;
    const plural = how === 'unit' && (raw[m.end] === 's' || raw[m.end] === 'S') && !isLetter(raw[m.end + 1]);
    if (isLetter(raw[m.end]) && !plural) continue;
    const keyEnd = plural ? m.end + 1 : m.end;
    const candidates = how === 'unit' ? [numberBefore(raw, m.start), recordValueAfter(raw, keyEnd)] : [numberAfter(raw, keyEnd, VALUE_REACH)];
    for (const c of candidates) {
      if (!c || !sameKind(number.token, c)) continue;
      // The context also gives the output's value for this slot somewhere: no contradiction.
      if (c.value === number.token.value) return undefined;
      first ??= { value: c.text, match: { part: m.part, start: c.start, end: c.end } };
    }
  }
  return first;
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** A value right after a record key: `stars': 4.0`, `stars" = 4`. */
function recordValueAfter(raw: string, pos: number): NumberToken | undefined {
  let p = pos;
  while (p < raw.length && p - pos < RECORD_REACH && `'": =\t`.includes(raw[p])) p++;
  return p > pos && /[:=]/.test(raw.slice(pos, p)) ? tokenAt(raw, p) : undefined;
}

function sameKind(a: NumberToken, b: NumberToken): boolean {
  if (a.percent !== b.percent || a.currency !== b.currency) return false;
  const digits = (t: NumberToken) => t.value.split('.')[0].length;
  return Math.abs(digits(a) - digits(b)) <= 1;
}
