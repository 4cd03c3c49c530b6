/**
 * Extracts proper nouns: runs of two or more capitalized words that do not
 * begin a sentence (`New York City`, `Bank of America`), and single
 * capitalized words that occur at least twice in the output (`Alice … Alice`).
 * A capital at the start of a sentence, line or list item says nothing, so a
 * run that starts there loses its first word; capitalized stopwords (`The`,
 * `It`) are never part of a name. Only Latin-script capitalization counts.
 *
 * Words are read in one forward pass; sentence starts come from the shared
 * detector and are walked with a pointer.
 */
import type { Candidate } from './candidate';
import { isLatinLetter, isLatinUpper } from './chars';

/** Lower-case words allowed between the capitalized words of one name. */
const CONNECTORS = new Set(['of', 'de', 'van', 'von', 'der', 'del', 'da', 'di', 'du', 'la', 'le']);

/** Suffixes after an apostrophe that make a contraction (`I'll`, `Don't`), never a name. */
const CONTRACTIONS = new Set(['m', 'll', 've', 'd', 're', 't']);

/** Characters that may sit between a sentence start and its first word (quotes, brackets, list markers). */
const LEADING_MARKS = new Set(['"', "'", '“', '‘', '«', '„', '(', '[', '{', '*', '_', '#', '>', '-', '•', '+', '`']);

interface Word {
  start: number;
  end: number;
  capitalized: boolean;
  /** First word of a sentence, line or list item. */
  initial: boolean;
  /** Separated from the previous word by exactly one space. */
  joined: boolean;
}

export function extractProperNouns(text: string, stopwords: readonly string[], starts: readonly number[]): Candidate[] {
  const stop = new Set(stopwords.map((w) => w.toLowerCase()));
  const words = readWords(text, starts);
  const isName = (w: Word): boolean => w.capitalized && w.end - w.start >= 2 && !stop.has(text.slice(w.start, w.end).toLowerCase());

  const phrases: Candidate[] = [];
  const singles: Word[] = [];
  let k = 0;
  while (k < words.length) {
    if (!isName(words[k])) {
      k++;
      continue;
    }
    // Grow a run: names joined by single spaces, with connectors only between names.
    const run = [words[k]];
    let next = k + 1;
    while (next < words.length && words[next].joined) {
      if (isName(words[next])) {
        run.push(words[next]);
        next++;
      } else if (isConnector(text, words[next]) && next + 1 < words.length && words[next + 1].joined && isName(words[next + 1])) {
        run.push(words[next], words[next + 1]);
        next += 2;
      } else break;
    }
    k = next;
    if (run[0].initial) {
      singles.push(run.shift()!);
      while (run.length > 0 && !run[0].capitalized) run.shift();
    }
    if (run.length >= 2) phrases.push(candidate(text, run[0].start, run[run.length - 1].end));
    else singles.push(...run);
  }
  return [...phrases, ...repeatedSingles(text, singles)];
}

function isConnector(text: string, w: Word): boolean {
  return !w.capitalized && CONNECTORS.has(text.slice(w.start, w.end));
}

/** Single names count only when the same word (ignoring case) appears at least twice. */
function repeatedSingles(text: string, singles: readonly Word[]): Candidate[] {
  const counts = new Map<string, number>();
  for (const w of singles) {
    const key = text.slice(w.start, w.end).toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return singles
    .filter((w) => counts.get(text.slice(w.start, w.end).toLowerCase())! >= 2)
    .map((w) => candidate(text, w.start, w.end));
}

function candidate(text: string, start: number, end: number): Candidate {
  return { type: 'proper_noun', start, end, forms: [text.slice(start, end)] };
}

function readWords(text: string, starts: readonly number[]): Word[] {
  const words: Word[] = [];
  const n = text.length;
  let nextStart = 0;
  let initial = true;
  let previousEnd = -2;
  let i = 0;
  while (i < n) {
    while (nextStart < starts.length && starts[nextStart] < i) nextStart++;
    if (nextStart < starts.length && starts[nextStart] === i) initial = true;
    const c = text.charCodeAt(i);
    if (!isLatinLetter(c)) {
      const ch = text[i];
      if (ch === '\n') initial = true;
      else if (!(ch === ' ' || ch === '\t' || ch === '\r' || LEADING_MARKS.has(ch))) initial = false;
      i++;
      continue;
    }
    const end = wordEnd(text, i);
    const apostropheSuffix = contractionSuffix(text, end);
    if (apostropheSuffix === undefined || apostropheSuffix === 's') {
      words.push({
        start: i,
        end,
        capitalized: isLatinUpper(c),
        initial,
        joined: previousEnd === i - 1 && text[i - 1] === ' ',
      });
    }
    initial = false;
    i = end + (apostropheSuffix === undefined ? 0 : apostropheSuffix.length + 1);
    // A word with a suffix (`Alice's`) still joins the next one only through its own end.
    previousEnd = apostropheSuffix === undefined ? end : -2;
  }
  return words;
}

/** End of a word: Latin letters, with inner hyphens between letters (`Jean-Luc`, `Coca-Cola`). */
function wordEnd(text: string, from: number): number {
  let j = from;
  for (;;) {
    while (j < text.length && isLatinLetter(text.charCodeAt(j))) j++;
    if (text[j] === '-' && isLatinLetter(text.charCodeAt(j + 1))) j++;
    else return j;
  }
}

/** The letters after an apostrophe that ends a contraction or possessive (`'s`, `'ll`, `n't`→`t`), if any. */
function contractionSuffix(text: string, end: number): string | undefined {
  const ch = text[end];
  if (ch !== "'" && ch !== '’') return undefined;
  let j = end + 1;
  while (j < text.length && isLatinLetter(text.charCodeAt(j)) && j - end <= 3) j++;
  if (isLatinLetter(text.charCodeAt(j))) return undefined;
  const suffix = text.slice(end + 1, j).toLowerCase();
  return suffix === 's' || CONTRACTIONS.has(suffix) ? suffix : undefined;
}
