/**
 * Resolves overlapping candidates so that every character of the output
 * belongs to at most one entity. The rule, in order:
 *
 * 1. A relative duration (`3 days ago`) is a date when another date
 *    candidate lies within 30 characters in the same sentence, otherwise a
 *    number.
 * 2. URLs, closed quoted strings, identifiers, dates and numbers: the longest
 *    span wins; equal lengths go to url, then quoted_string, identifier,
 *    date, number; then the earlier start. A container therefore beats what
 *    is inside it: `db.query("SELECT id")` swallows `"SELECT id"`,
 *    `January 15, 2024` its `15` and `2024`.
 * 3. Citations are cut short before the first character already taken, so
 *    the cited content (`…, revenue was $4.2M`) is graded on its own; a
 *    citation left with no letter, or with only an article, is dropped.
 * 4. A quote left open to the end of the output, then proper nouns, survive
 *    only where nothing else was taken: they are the weakest evidence.
 */
import type { EntityType } from '../classifier/types';
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import * as chars from './chars';
import { firstAtLeastBy, lastAtMost } from '../text/sortedSearch';

// Bound once at load: called per character (see chars.ts).
const { isLatinLetter, isSpace } = chars;

/** Largest gap, in characters, between a relative duration and another date for it to count as a date. */
export const RELATIVE_DATE_WINDOW = 30;

const RANK: Partial<Record<EntityType, number>> = { url: 0, quoted_string: 1, identifier: 2, date: 3, number: 4 };

export function resolveOverlaps(candidates: readonly Candidate[], text: string, starts: readonly number[]): Candidate[] {
  const settled = settleRelativeDates(candidates, starts);
  const taken = new Uint8Array(text.length);
  const accepted: Candidate[] = [];

  const strong = settled.filter((c) => c.type in RANK && c.role !== 'unclosed');
  strong.sort((a, b) => b.end - b.start - (a.end - a.start) || RANK[a.type]! - RANK[b.type]! || a.start - b.start);
  for (const c of strong) {
    // Every accepted span is at least as long as `c`, so any overlap covers one of c's ends.
    if (taken[c.start] || taken[c.end - 1]) continue;
    take(taken, c);
    accepted.push(c);
  }

  const citations = settled.filter((c) => c.type === 'citation').sort((a, b) => a.start - b.start);
  for (const c of citations) {
    const cut = cutCitation(c, text, taken);
    if (cut) {
      take(taken, cut);
      accepted.push(cut);
    }
  }

  const weak = [...settled.filter((c) => c.role === 'unclosed'), ...settled.filter((c) => c.type === 'proper_noun').sort((a, b) => a.start - b.start)];
  for (const c of weak) {
    if (isFree(taken, c.start, c.end)) {
      take(taken, c);
      accepted.push(c);
    }
  }
  return accepted.sort((a, b) => a.start - b.start);
}

function take(taken: Uint8Array, c: Candidate): void {
  taken.fill(1, c.start, c.end);
}

function isFree(taken: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i]) return false;
  return true;
}

function settleRelativeDates(candidates: readonly Candidate[], starts: readonly number[]): Candidate[] {
  const dates = candidates.filter((c) => c.type === 'date').sort((a, b) => a.start - b.start);
  const out: Candidate[] = [];
  for (const c of candidates) {
    if (c.role !== 'relative') out.push(c);
    else out.push({ ...c, role: undefined, type: hasNearbyDate(c, dates, starts) ? 'date' : 'number' });
  }
  return out;
}

function hasNearbyDate(rel: Candidate, dates: readonly Candidate[], starts: readonly number[]): boolean {
  const sentence = sentenceOf(starts, rel.start);
  // Dates are short, so only those starting within a small window either side need checking.
  const lowest = rel.start - RELATIVE_DATE_WINDOW - 64;
  const highest = rel.end + RELATIVE_DATE_WINDOW;
  for (let k = firstStartingAtOrAfter(dates, lowest); k < dates.length && dates[k].start <= highest; k++) {
    const d = dates[k];
    if (d === rel) continue;
    const gap = Math.max(0, d.start - rel.end, rel.start - d.end);
    if (gap <= RELATIVE_DATE_WINDOW && sentenceOf(starts, d.start) === sentence) return true;
  }
  return false;
}

function firstStartingAtOrAfter(sorted: readonly Candidate[], offset: number): number {
  return firstAtLeastBy(sorted, (c) => c.start, offset);
}

/** Index of the sentence containing `offset`. */
export function sentenceOf(starts: readonly number[], offset: number): number {
  return Math.max(0, lastAtMost(starts, offset));
}

function cutCitation(c: Candidate, text: string, taken: Uint8Array): Candidate | undefined {
  let end = c.start;
  while (end < c.end && !taken[end]) end++;
  if (end === c.end) return c;
  while (end > c.start && isSpace(text.charCodeAt(end - 1))) end--;
  let hasLetter = false;
  for (let i = c.start; i < end && !hasLetter; i++) hasLetter = isLatinLetter(text.charCodeAt(i));
  if (!hasLetter) return undefined;
  const literal = text.slice(c.start, end);
  const lower = literal.toLowerCase();
  // `Per the 2023 report` cut before `2023` leaves only the article, which names no source.
  if (lower === 'the' || lower === 'a' || lower === 'an') return undefined;
  const article = ['the ', 'a ', 'an '].find((a) => lower.startsWith(a));
  return { ...c, end, forms: uniqueForms([literal, article ? literal.slice(article.length) : '']) };
}
