/**
 * Contradicted, not just unverified: an output number that fills the same
 * slot as a different number in the context. Two kinds of slot count:
 *
 * - a key ending in the number's unit: an unquoted label or name (`Stars:
 *   4.0`), or, where the records pack runs, a record's quoted key (`4.5
 *   stars` against `'business_stars': 4.0`, record-slot-contradictions; see
 *   records/recordKeys.ts): the key names the slot outright;
 * - prose, where the content word just before the number in the output
 *   (`capacity of nearly 2,500 passengers`) is followed in the context by a
 *   different number (`capacity of roughly 2,400`) with the same unit word
 *   when the output gave one.
 *
 * The two numbers must also agree in kind (both percentages or neither, the
 * same currency, both years or neither, integer digit counts within one), so
 * an unrelated count that happens to follow the same word is not taken for
 * the slot. Any place where the context gives the output's own value for the
 * slot cancels the contradiction.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { splitUnit, unitFollows, unitStem } from './nearbyUnit';
import { numberAfter, type NumberToken, tokenAt } from './numberTokens';
import { type KeyShape, valuesUnderKey } from './records/recordKeys';

export interface Contradiction {
  value: string;
  match: ContextMatch;
  slot?: string;
}

/** Key occurrences examined per entity: a common word must not cost a scan of the whole context. */
const KEY_MATCHES = 50;
/** How far after a key word its value may follow (`revenue for the year was $4.2M`). */
const VALUE_REACH = 30;

/** Function words that never name a slot. */
// biome-ignore format: a list of words or values reads best packed
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from', 'as', 'about', 'around', 'over', 'under',
  'nearly', 'almost', 'approximately', 'roughly', 'than', 'and', 'or', 'is', 'was', 'were', 'are', 'be', 'been', 'has',
  'had', 'have', 'its', 'their', 'his', 'her', 'which', 'that', 'this', 'these', 'those', 'some', 'up', 'only', 'just',
  'least', 'most', 'more', 'less', 'total', 'it', 'they', 'he', 'she', 'we', 'also',
]);

interface OutputNumber {
  token: NumberToken;
  kind: NumberKind;
  unitStem?: string;
}

/**
 * Where the context may fill a slot, read once per output: the numbers after
 * each key word and the values of record fields ending in each unit. Every
 * number of an output with the same key word (a table written out as prose
 * names one slot thousands of times) then reads the same places, so this
 * lookup and the reading of what follows each match are not repeated per
 * number. Only valid for one index and one set of find options.
 */
export class SlotCandidates {
  private readonly prose = new Map<string, readonly SlotValue[]>();
  private readonly records = new Map<string, readonly KeyedValue[]>();

  constructor(
    private readonly index: ContextLookup,
    private readonly find: FindOptions,
  ) {}

  /** The numbers within reach after whole-word occurrences of `key`, among its first KEY_MATCHES occurrences. */
  afterKey(key: string): readonly SlotValue[] {
    let values = this.prose.get(key);
    if (values) return values;
    const found: SlotValue[] = [];
    for (const m of this.index.find(key, { ...this.find, limit: KEY_MATCHES })) {
      const raw = this.index.partText(m.part);
      // Inside a longer word the key names something else (`rate` in `separate`, `python` in `python3`).
      if (isLetter(raw[m.start - 1]) || isLetter(raw[m.end]) || isDigit(raw[m.end])) continue;
      // In a URL or path the key is a scheme or a folder, not a word naming a value (`http` in `http://localhost:3002`).
      if (raw[m.start - 1] === '/' || raw[m.end] === '/' || (raw[m.end] === ':' && raw[m.end + 1] === '/')) continue;
      const token = numberAfter(raw, m.end, VALUE_REACH);
      if (token) found.push(slotValue(m.part, raw, token));
    }
    values = found;
    this.prose.set(key, values);
    return values;
  }

  /** The values of keys ending in `stem` (or its plural), labels and record keys, among its first KEY_MATCHES occurrences. */
  inRecords(stem: string): readonly KeyedValue[] {
    let values = this.records.get(stem);
    if (values) return values;
    values = valuesUnderKey(this.index, this.find, stem, KEY_MATCHES).map(({ part, raw, token, shape }) => ({ ...slotValue(part, raw, token), shape }));
    this.records.set(stem, values);
    return values;
  }
}

/** A number the context puts in a slot, with what sameKind compares read once. */
interface SlotValue {
  part: number;
  raw: string;
  token: NumberToken;
  kind: NumberKind;
}

/** A value under a key, and the key's shape. */
interface KeyedValue extends SlotValue {
  shape: KeyShape;
}

interface NumberKind {
  percent: boolean;
  currency: string;
  yearLike: boolean;
  /** Digits before the decimal point. */
  integerDigits: number;
}

function slotValue(part: number, raw: string, token: NumberToken): SlotValue {
  return { part, raw, token, kind: kindOf(token) };
}

/** Which slots to read: prose key words and labels, record keys that qualify the unit. */
export interface SlotKinds {
  prose: boolean;
  records: boolean;
}

/** The contradiction, and whether its slot is a record key (else a prose key word). */
export function findContradiction(
  output: string,
  span: readonly [number, number],
  slots: SlotCandidates,
  kinds: SlotKinds,
): { contradiction: Contradiction; inRecord: boolean } | undefined {
  const text = output.slice(span[0], span[1]);
  const number = readOutputNumber(text);
  if (!number) return undefined;
  const candidates: Contradiction[] = [];
  // Which candidates came from a record key; a label's are prose.
  const fromRecords = new Set<Contradiction>();
  if (number.unitStem && number.unitStem.length >= 3) {
    const keyed = slots.inRecords(number.unitStem).filter((v) => (v.shape === 'record' ? kinds.records : kinds.prose));
    const agrees = scanRecords(keyed, number, candidates, fromRecords);
    if (agrees) return undefined;
  }
  const key = kinds.prose ? keyWordBefore(output, span[0]) : undefined;
  if (key && scanProse(slots.afterKey(key), number, candidates)) return undefined;
  // "over 1,100 insertions" bounds the value: a context value within the bound agrees with it.
  const bound = boundBefore(output, span[0]);
  if (bound && candidates.some((c) => withinBound(bound, Number(number.token.value), Number(tokenAt(c.value, c.value.search(/\d/))?.value)))) return undefined;
  return candidates.length === 0 ? undefined : { contradiction: candidates[0], inRecord: fromRecords.has(candidates[0]) };
}

type Bound = 'above' | 'below' | 'near';

/** Words before a number that make it a bound or an estimate rather than an exact figure. */
const BOUNDS: [RegExp, Bound][] = [
  [/\b(?:over|more than|above|at least|upwards of|in excess of|exceeding)\s*$/i, 'above'],
  [/\b(?:under|less than|below|at most|fewer than|up to)\s*$/i, 'below'],
  [/(?:\b(?:about|around|approximately|roughly|nearly|almost|some|close to)|~)\s*$/i, 'near'],
];

function boundBefore(output: string, start: number): Bound | undefined {
  const before = output.slice(Math.max(0, start - 24), start).replace(/[$€£]$/, '');
  return BOUNDS.find(([re]) => re.test(before))?.[1];
}

/** Whether the context's value meets the output's bound (`near`: within a tenth). */
function withinBound(bound: Bound, claimed: number, given: number | undefined): boolean {
  if (given === undefined || !Number.isFinite(given) || !Number.isFinite(claimed)) return false;
  if (bound === 'above') return given >= claimed;
  if (bound === 'below') return given <= claimed;
  return Math.abs(given - claimed) <= Math.abs(claimed) * 0.1;
}

function readOutputNumber(text: string): OutputNumber | undefined {
  const first = text.search(/\d/);
  if (first < 0) return undefined;
  const token = tokenAt(text, first);
  if (!token) return undefined;
  const unit = splitUnit(text);
  const read = { ...token, percent: token.percent || /%|percent/i.test(text) };
  return { token: read, kind: kindOf(read), unitStem: unit ? unitStem(unit.unit) : undefined };
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

/** Keys ending in the unit (`stars': 4.0`); true when one holds the output's value. */
function scanRecords(values: readonly KeyedValue[], number: OutputNumber, into: Contradiction[], fromRecords: Set<Contradiction>): boolean {
  for (const { part, token, kind, shape } of values) {
    if (!sameKind(number.kind, kind)) continue;
    if (token.value === number.token.value) return true;
    const c = { value: token.text, match: { part, start: token.start, end: token.end } };
    into.push(c);
    if (shape === 'record') fromRecords.add(c);
  }
  return false;
}

/** The key word followed by a number (with the output's unit, if any); true when one is the output's value. */
function scanProse(values: readonly SlotValue[], number: OutputNumber, into: Contradiction[]): boolean {
  for (const { part, raw, token, kind } of values) {
    if (!sameKind(number.kind, kind)) continue;
    if (number.unitStem && !unitFollows(raw, token.end, number.unitStem)) continue;
    if (token.value === number.token.value) return true;
    const end = number.unitStem ? unitEnd(raw, token.end) : token.end;
    into.push({ value: raw.slice(token.start, end), match: { part, start: token.start, end } });
  }
  return false;
}

/** End of the unit word after a number (`324 metres` → after `metres`). */
function unitEnd(raw: string, end: number): number {
  let p = raw[end] === ' ' ? end + 1 : end;
  while (isLetter(raw[p])) p++;
  return p;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** A four-digit whole number a calendar would hold. */
function isYearLike(t: NumberToken): boolean {
  return /^(?:1[5-9]|20)\d\d$/.test(t.value);
}

function kindOf(t: NumberToken): NumberKind {
  const point = t.value.indexOf('.');
  return { percent: t.percent, currency: t.currency, yearLike: isYearLike(t), integerDigits: point < 0 ? t.value.length : point };
}

function sameKind(a: NumberKind, b: NumberKind): boolean {
  if (a.percent !== b.percent || a.currency !== b.currency || a.yearLike !== b.yearLike) return false;
  return Math.abs(a.integerDigits - b.integerDigits) <= 1;
}
