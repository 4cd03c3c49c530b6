/**
 * A multi-word name the output assembled from parts the context gives
 * separately (`Governor Jerry Brown` from "Governor" … "Jerry Brown",
 * `Sebastian Vettel of Ferrari`, `Venezuelan Maickel Melamed`) is grounded
 * when it splits into two parts that both occur as whole tokens in one
 * context part, close to each other. Closeness is what ties the parts to
 * the same entity; far apart, they may name two different things.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { onTokenBoundaries } from '../lookup/tokenBoundary';

/** Largest distance, in context characters, between the two parts. */
export const NAME_PROXIMITY = 200;
const MAX_WORDS = 6;
/** Joining words the split may drop (`Sebastian Vettel of Ferrari`). */
const JOINERS = new Set(['of', 'the', 'de', 'and', 'for']);

export function findSplitName(name: string, index: ContextLookup, find: FindOptions): ContextMatch[] {
  const words = name.split(/\s+/);
  if (words.length < 2 || words.length > MAX_WORDS) return [];
  for (let k = 1; k < words.length; k++) {
    let leftEnd = k;
    let rightStart = k;
    while (leftEnd > 1 && JOINERS.has(words[leftEnd - 1].toLowerCase())) leftEnd--;
    while (rightStart < words.length - 1 && JOINERS.has(words[rightStart].toLowerCase())) rightStart++;
    const left = words.slice(0, leftEnd).join(' ');
    const right = words.slice(rightStart).join(' ');
    if (JOINERS.has(left.toLowerCase()) || JOINERS.has(right.toLowerCase())) continue;
    const pair = closePair(wholeTokens(left, index, find), wholeTokens(right, index, find));
    if (pair) return pair;
  }
  return [];
}

function wholeTokens(form: string, index: ContextLookup, find: FindOptions): ContextMatch[] {
  return index.find(form, { ...find, limit: 100 }).filter((m) => onTokenBoundaries(index.partText(m.part), m.start, m.end));
}

/** The first left/right matches in one part within NAME_PROXIMITY, in context order. */
function closePair(left: readonly ContextMatch[], right: readonly ContextMatch[]): ContextMatch[] | undefined {
  for (const a of left) {
    for (const b of right) {
      if (a.part !== b.part) continue;
      const gap = a.start < b.start ? b.start - a.end : a.start - b.end;
      if (gap <= NAME_PROXIMITY) return a.start < b.start ? [a, b] : [b, a];
    }
  }
  return undefined;
}
