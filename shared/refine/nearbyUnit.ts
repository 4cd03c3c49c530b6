/**
 * A number written with its unit (`4.0 stars`, `330 metres`) is grounded
 * when the context has the same number with the same unit word attached in
 * another inflection (`330 metre`, `1 star` for `1 stars`), as the value
 * of an unquoted label or name ending in the unit (`Employees: 40`,
 * `MAX_UPLOAD_MB = 25`) or, where the records pack runs, of a record's
 * quoted key (`'business_stars': 4.0`; see records/recordKeys.ts). The number must
 * stand as a whole token, so `4.0` never matches inside `14.05`; the unit
 * must be adjacent, so a `review` three fields away does not make any `100`
 * into `100 reviews`.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { tokenAt } from './numberTokens';
import { keyPrecedes } from './records/recordKeys';

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

/** Which readings to look for: the unit after the number or as its label (prose), a record's key before it (records). */
export interface UnitPlaces {
  prose: boolean;
  records: boolean;
}

/** Matches of the number with its unit, in context order; `byUnit` says whether any was a prose reading. */
export function findWithNearbyUnit(text: string, index: ContextLookup, find: FindOptions, places: UnitPlaces): { matches: ContextMatch[]; byUnit: boolean } {
  const parts = splitUnit(text);
  if (!parts) return { matches: [], byUnit: false };
  const stem = unitStem(parts.unit);
  const matches: ContextMatch[] = [];
  let byUnit = false;
  for (const m of index.find(parts.core, { ...find, limit: 200 })) {
    const raw = index.partText(m.part);
    // The match must be the whole number, not digits inside a longer one.
    const token = tokenAt(raw, /\d/.test(raw[m.start]) ? m.start : m.start + 1);
    if (!token || token.end < m.end || (token.end > m.end && /\d/.test(raw[m.end] ?? ''))) continue;
    const key = unitFollows(raw, token.end, stem) ? 'label' : keyPrecedes(raw, token.start, stem);
    const prose = places.prose && key === 'label';
    if (prose || (places.records && key === 'record')) matches.push(m);
    byUnit ||= prose;
  }
  return { matches, byUnit };
}

/** `330 metres`, `330metre`: the unit stem right after the number, ending a word or followed by a plural `s`. */
export function unitFollows(raw: string, end: number, stem: string): boolean {
  const p = raw[end] === ' ' ? end + 1 : end;
  if (raw.slice(p, p + stem.length).toLowerCase() !== stem) return false;
  const after = p + stem.length;
  return !isLetter(raw[after]) || ((raw[after] === 's' || raw[after] === 'S') && !isLetter(raw[after + 1]));
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
