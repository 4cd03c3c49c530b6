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
import { bySpanStart } from './spanOrder';

const WORDS = new Map<string, number>();
for (let n = 2; n < 100; n++) WORDS.set(numberInWords(n)!, n);

/** A word (possibly hyphenated, `forty-two`) and, looked at but not consumed, up to three words after it. */
const COUNTED = /\b([a-z]+(?:-[a-z]+)?)(?= ([a-z]{2,}(?: [a-z]{2,}){0,2}))/gi;
/** Plurals not formed with -s: a closed class of English. */
const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth', 'mice', 'geese', 'police', 'staff', 'cattle']);

/**
 * The first three letters of every number word, after a word boundary: an
 * output with none of them has no count in words, and most have none, so
 * the scan of every word and the words after it is skipped.
 */
const NUMBER_WORD_START = new RegExp(`\\b(?:${[...new Set([...WORDS.keys()].map((w) => w.slice(0, 3)))].join('|')})`, 'i');

export function findNumberWords(output: string): ExtractedEntity[] {
  if (!NUMBER_WORD_START.test(output)) return [];
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
  const found = findNumberWords(output);
  // Most outputs spell out no count: nothing to weigh against the entities, only their order to keep.
  if (found.length === 0) return bySpanStart([...extracted]);
  const taken = new RangeSet(extracted.flatMap((e) => e.occurrences));
  const words = found
    .map((w) => {
      const occurrences = w.occurrences.filter((o) => !taken.overlaps(o[0], o[1]));
      return occurrences.length === 0 ? undefined : { ...w, text: output.slice(occurrences[0][0], occurrences[0][1]), span: occurrences[0], occurrences };
    })
    .filter((w): w is ExtractedEntity => w !== undefined);
  return bySpanStart([...extracted, ...words]);
}
