/**
 * Contradicted dates and names: an output date or proper noun that fills the
 * same slot as a different value of the same type in the context, as
 * contradictions.ts does for numbers. The slot is the content word just
 * before the entity (`founded on March 3, 2020` against the context's
 * `founded on March 4, 2020`), or, for a name led by an all-capitals title
 * that extraction kept inside it (`CEO Jane Smith`), that title (`CEO John
 * Smith`). In the context the value must follow the key word with nothing
 * but separators and function words between, and be read by the same
 * extractor the output's entity came from, so the two are the same type.
 *
 * Dates must also have the same shape (`March 3, 2020` against `March 4,
 * 2020`, never against `March 2020`), so a less precise date is not taken for
 * a different one. Any place where the context gives the output's own value
 * for the slot cancels the contradiction.
 */
import type { EntityType } from '../classifier/types';
import { extractDates } from '../extract/dates';
import { extractProperNouns } from '../extract/properNouns';
import { DEFAULT_STOPWORDS } from '../extract/stopwords';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { type Contradiction, FUNCTION_WORDS, keyWordBefore } from './contradictions';

/** Key occurrences examined per entity, as for numbers. */
const KEY_MATCHES = 50;
/** How far after the key word the value may start (`founded in the year 1999` is past it). */
const VALUE_GAP = 16;
/** Characters read for the value itself. */
const VALUE_CHARS = 60;
/** A title kept at the head of a name: `CEO`, `CFO`, `VP`. */
const TITLE = /^[A-Z]{2,5}$/;

export function findNamedSlotContradiction(
  output: string,
  type: EntityType,
  span: readonly [number, number],
  index: ContextLookup,
  find: FindOptions,
): Contradiction | undefined {
  if (type !== 'date' && type !== 'proper_noun') return undefined;
  const text = output.slice(span[0], span[1]);
  const slot = slotOf(output, type, span, text);
  if (!slot) return undefined;
  const candidates: Contradiction[] = [];
  for (const m of index.find(slot.key, { ...find, limit: KEY_MATCHES })) {
    const raw = index.partText(m.part);
    if (isLetter(raw[m.start - 1]) || isLetter(raw[m.end])) continue;
    const value = valueAfter(raw, m.start, m.end, type);
    if (!value) continue;
    const written = raw.slice(value.start, value.end);
    if (written.toLowerCase() === slot.value.toLowerCase()) return undefined;
    if (!sameKind(type, slot.value, written)) continue;
    candidates.push({ value: slot.prefix + written, match: { part: m.part, start: value.start, end: value.end } });
  }
  return candidates[0];
}

interface Slot {
  key: string;
  /** The entity's value without a title kept inside it. */
  value: string;
  /** What the replacement keeps of the entity (its title), so it can stand in its place. */
  prefix: string;
}

function slotOf(output: string, type: EntityType, span: readonly [number, number], text: string): Slot | undefined {
  if (type === 'proper_noun') {
    const space = text.indexOf(' ');
    const head = space > 0 ? text.slice(0, space) : '';
    if (TITLE.test(head)) return { key: head.toLowerCase(), value: text.slice(space + 1), prefix: text.slice(0, space + 1) };
  }
  const key = keyWordBefore(output, span[0]);
  return key ? { key, value: text, prefix: '' } : undefined;
}

/** The entity of `type` that starts right after the key, past separators and function words only. */
function valueAfter(raw: string, keyStart: number, keyEnd: number, type: EntityType): { start: number; end: number } | undefined {
  let p = keyEnd;
  for (;;) {
    while (p < raw.length && p - keyEnd < VALUE_GAP && (raw[p] === ' ' || raw[p] === ':' || raw[p] === ',')) p++;
    let w = p;
    while (w < raw.length && w - p < 16 && isLetter(raw[w])) w++;
    if (w === p || w - keyEnd > VALUE_GAP || !FUNCTION_WORDS.has(raw.slice(p, w).toLowerCase()) || raw[w] !== ' ') break;
    p = w;
  }
  if (p - keyEnd > VALUE_GAP) return undefined;
  // The window opens on the key word, so a name's first word is never read as a sentence opener.
  const window = raw.slice(keyStart, p + VALUE_CHARS);
  const at = p - keyStart;
  const found = type === 'date' ? extractDates(window) : extractProperNouns(window, DEFAULT_STOPWORDS, [0]);
  const hit = found.find((c) => c.start === at && c.type === type);
  return hit ? { start: keyStart + hit.start, end: keyStart + hit.end } : undefined;
}

/**
 * Dates of one shape (words and digit groups in the same places). Names of
 * the same length that differ in exactly one word (`Jane Smith`, `John
 * Smith`): a name sharing nothing with the output's is as often another
 * person or place mentioned after the same word as a rival value.
 */
function sameKind(type: EntityType, a: string, b: string): boolean {
  if (type === 'date') return shape(a) === shape(b);
  const x = a.toLowerCase().split(' ');
  const y = b.toLowerCase().split(' ');
  if (x.length !== y.length) return false;
  const differ = x.map((w, i) => i).filter((i) => x[i] !== y[i]);
  return differ.length === 1 && !abbreviates(x[differ[0]], y[differ[0]]) && !abbreviates(y[differ[0]], x[differ[0]]);
}

/** `st` for `saint`, `intl` for `international`: same first letter, the rest in order. */
function abbreviates(short: string, long: string): boolean {
  if (short.length === 0 || short.length >= long.length || short[0] !== long[0]) return false;
  let k = 1;
  for (let i = 1; i < long.length && k < short.length; i++) if (long[i] === short[k]) k++;
  return k === short.length;
}

function shape(date: string): string {
  return date.replace(/[A-Za-z]+/g, 'A').replace(/\d+/g, '9');
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
