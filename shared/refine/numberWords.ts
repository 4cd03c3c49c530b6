/**
 * Counts written in words (`three reviews`, `twelve people`, `forty-two
 * cases`) as number entities, so a spelled-out count is checked like a
 * digit one. Only `two` to `ninety-nine` followed by a lower-case word
 * count: `one` is mostly a pronoun (`one reviewer`), and a bare number word
 * with nothing counted after it names too little to check. Lookup tries the
 * words and the digits (`3 reviews`), and the refined lookups then accept
 * the digits with an adjacent unit or as a record's value.
 */
import type { ExtractedEntity, Range } from '../classifier/types';
import { numberInWords } from './equivalentForms';

const WORDS = new Map<string, number>();
for (let n = 2; n < 100; n++) WORDS.set(numberInWords(n)!, n);

/** A word (possibly hyphenated, `forty-two`) and, looked at but not consumed, the word after it, which may itself be a number word. */
const COUNTED = /\b([a-z]+(?:-[a-z]+)?)(?= ([a-z]{3,})\b)/gi;

export function findNumberWords(output: string): ExtractedEntity[] {
  const byForm = new Map<string, ExtractedEntity>();
  for (const m of output.matchAll(COUNTED)) {
    const n = WORDS.get(m[1].toLowerCase());
    if (n === undefined || !/^[a-z]+$/.test(m[2])) continue;
    const span: Range = [m.index, m.index + m[1].length + 1 + m[2].length];
    const key = `${n} ${m[2].toLowerCase()}`;
    const seen = byForm.get(key);
    if (seen) {
      seen.occurrences.push(span);
      continue;
    }
    const text = output.slice(span[0], span[1]);
    byForm.set(key, { text, type: 'number', span, forms: [text, key], occurrences: [span] });
  }
  return [...byForm.values()];
}

/** The extracted entities plus spelled-out counts that no extracted entity overlaps. */
export function withNumberWords(output: string, extracted: readonly ExtractedEntity[]): ExtractedEntity[] {
  const words = findNumberWords(output).filter((w) => !extracted.some((e) => e.occurrences.some((o) => o[0] < w.span[1] && w.span[0] < o[1])));
  return [...extracted, ...words].sort((a, b) => a.span[0] - b.span[0]);
}
