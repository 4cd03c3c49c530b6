/**
 * A number written with its unit (`4.0 stars`, `330 metres`) is grounded
 * when the context has the same number with the same unit word close by, in
 * either order and whatever sits between: prose (`330 metres`), a table
 * cell, or a key-value record (`'stars': 4.0`). The number itself must stand
 * as a whole token, so `4.0` never matches inside `14.05`.
 */
import type { ContextMatch } from '../classifier/types';
import type { ContextIndex, FindOptions } from '../lookup/contextIndex';
import { tokenAt } from './numberTokens';

/** How far from the number the unit word may sit. */
const UNIT_REACH = 40;

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

export function findWithNearbyUnit(text: string, index: ContextIndex, find: FindOptions): ContextMatch[] {
  const parts = splitUnit(text);
  if (!parts) return [];
  const stem = unitStem(parts.unit);
  const out: ContextMatch[] = [];
  for (const m of index.find(parts.core, { ...find, limit: 200 })) {
    const raw = index.partText(m.part);
    // The match must be the whole number, not digits inside a longer one.
    const token = tokenAt(raw, /\d/.test(raw[m.start]) ? m.start : m.start + 1);
    if (!token || token.end < m.end || (token.end > m.end && /\d/.test(raw[m.end] ?? ''))) continue;
    const window = raw.slice(Math.max(0, m.start - UNIT_REACH), Math.min(raw.length, m.end + UNIT_REACH)).toLowerCase();
    if (window.includes(stem)) out.push(m);
  }
  return out;
}
