/**
 * Counts written in words (`three reviews`, `twelve people`, `forty-two
 * cases`) as number entities, so a spelled-out count is checked like a
 * digit one. Only `two` to `ninety-nine` count: `one` is mostly a pronoun
 * (`one reviewer`). A count above one takes a plural noun, so the entity
 * runs to the first plural within the next three words (`three customer
 * reviews`); with no plural there (`two distinct`, `three sentenced`) the
 * word is not counting anything checkable. Lookup tries the words and the
 * digits (`3 reviews`, `3 customer reviews`).
 */
import type { ExtractedEntity, Range } from '../classifier/types';
import { numberInWords } from './equivalentForms';
import { RangeSet } from './rangeSet';

const WORDS = new Map<string, number>();
for (let n = 2; n < 100; n++) WORDS.set(numberInWords(n)!, n);

/** A word (possibly hyphenated, `forty-two`) and, looked at but not consumed, up to three words after it. */
const COUNTED = /\b([a-z]+(?:-[a-z]+)?)(?= ([a-z]{2,}(?: [a-z]{2,}){0,2}))/gi;
/** Plurals not formed with -s: a closed class of English. */
const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth', 'mice', 'geese', 'police', 'staff', 'cattle']);

export function findNumberWords(output: string): ExtractedEntity[] {
  const byForm = new Map<string, ExtractedEntity>();
  for (const m of output.matchAll(COUNTED)) {
    const n = WORDS.get(m[1].toLowerCase());
    if (n === undefined) continue;
    const words = m[2].split(' ');
    const noun = words.findIndex(isPlural);
    if (noun < 0) continue;
    const counted = words.slice(0, noun + 1).join(' ');
    const span: Range = [m.index, m.index + m[1].length + 1 + counted.length];
    const key = `${n} ${counted}`;
    const seen = byForm.get(key);
    if (seen) {
      seen.occurrences.push(span);
      continue;
    }
    const text = output.slice(span[0], span[1]);
    const forms = [text, key];
    if (noun > 0) forms.push(`${n} ${words[noun]}`);
    byForm.set(key, { text, type: 'number', span, forms, occurrences: [span], countWord: true });
  }
  return [...byForm.values()];
}

function isPlural(word: string): boolean {
  return IRREGULAR_PLURALS.has(word) || (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'));
}

/** The extracted entities plus spelled-out counts that no extracted entity overlaps. */
export function withNumberWords(output: string, extracted: readonly ExtractedEntity[]): ExtractedEntity[] {
  const taken = new RangeSet(extracted.flatMap((e) => e.occurrences));
  const words = findNumberWords(output)
    .map((w) => {
      const occurrences = w.occurrences.filter((o) => !taken.overlaps(o[0], o[1]));
      return occurrences.length === 0 ? undefined : { ...w, text: output.slice(occurrences[0][0], occurrences[0][1]), span: occurrences[0], occurrences };
    })
    .filter((w): w is ExtractedEntity => w !== undefined);
  return [...extracted, ...words].sort((a, b) => a.span[0] - b.span[0]);
}
