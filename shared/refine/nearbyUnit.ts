/**
 * A number written with its unit (`4.0 stars`, `330 metres`) is grounded
 * when the context has the same number with the same unit word attached in
 * another inflection (`330 metre`, `1 star` for `1 stars`) or as the key of
 * a record whose value it is (`'business_stars': 4.0`, `stars = 4`). The
 * number must stand as a whole token, so `4.0` never matches inside `14.05`;
 * the unit must be adjacent, so a `review` three fields away does not make
 * any `100` into `100 reviews`.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { tokenAt } from './numberTokens';

/** Characters that may sit between a record key and its value (`stars': `, `"stars" = `). */
const KEY_VALUE_GAP = /['"]?\s{0,2}[:=]\s{0,2}['"]?$/;

/** Number, optional currency and the word after it: `4.0 stars` → `4.0`, `stars`. */
const WITH_UNIT = /^[$€£¥]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s?([A-Za-z]{2,})$/;

export function splitUnit(text: string): { core: string; unit: string } | undefined {
  const m = WITH_UNIT.exec(text);
  if (!m) return undefined;
  const core = text.slice(0, text.length - m[3].length).trimEnd();
  return { core, unit: m[3] };
}

/** The stem compared against the context: lower case, without a plural `s`. */
export function unitStem(unit: string): string {
  const lower = unit.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') ? lower.slice(0, -1) : lower;
}

export function findWithNearbyUnit(text: string, index: ContextLookup, find: FindOptions): ContextMatch[] {
  const parts = splitUnit(text);
  if (!parts) return [];
  const stem = unitStem(parts.unit);
  const out: ContextMatch[] = [];
  for (const m of index.find(parts.core, { ...find, limit: 200 })) {
    const raw = index.partText(m.part);
    // The match must be the whole number, not digits inside a longer one.
    const token = tokenAt(raw, /\d/.test(raw[m.start]) ? m.start : m.start + 1);
    if (!token || token.end < m.end || (token.end > m.end && /\d/.test(raw[m.end] ?? ''))) continue;
    if (unitFollows(raw, token.end, stem) || keyPrecedes(raw, token.start, stem)) out.push(m);
  }
  return out;
}

/** `330 metres`, `330metre`: the unit stem right after the number, ending a word or followed by a plural `s`. */
export function unitFollows(raw: string, end: number, stem: string): boolean {
  const p = raw[end] === ' ' ? end + 1 : end;
  if (raw.slice(p, p + stem.length).toLowerCase() !== stem) return false;
  const after = p + stem.length;
  return !isLetter(raw[after]) || ((raw[after] === 's' || raw[after] === 'S') && !isLetter(raw[after + 1]));
}

/** `stars': 4.0`, `business_stars = 4`: a record key ending in the unit stem right before the value. */
function keyPrecedes(raw: string, start: number, stem: string): boolean {
  const before = raw.slice(Math.max(0, start - stem.length - 10), start);
  const gap = KEY_VALUE_GAP.exec(before);
  if (!gap) return false;
  let keyEnd = gap.index;
  if ((before[keyEnd - 1] === 's' || before[keyEnd - 1] === 'S') && before.slice(keyEnd - 1 - stem.length, keyEnd - 1).toLowerCase() === stem) keyEnd--;
  return before.slice(keyEnd - stem.length, keyEnd).toLowerCase() === stem && !isLetter(before[keyEnd - stem.length - 1]);
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
