/**
 * Extracts proper nouns: runs of two or more capitalized words that do not
 * begin a sentence (`New York City`, `Bank of America`), and single
 * capitalized words that occur at least twice in the output (`Alice … Alice`).
 * A capital at the start of a sentence, line or list item says nothing, so a
 * run that starts there loses its first word; capitalized stopwords (`The`,
 * `It`) are never part of a name. Only Latin-script capitalization counts.
 *
 * Linear: the scan jumps from capital to capital (see readWords); sentence
 * starts come from the shared detector and are walked with a pointer.
 */
import type { Candidate } from './candidate';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isLatinLetter, isLatinUpper } = chars;

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

/**
 * Lower-cased sets of frozen stopword lists (the built-in one), built once:
 * a frozen list cannot change under its cached set. Any other list is read
 * afresh per call, since a caller may edit it between calls.
 */
const frozenStopSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function stopSet(stopwords: readonly string[]): ReadonlySet<string> {
  if (!Object.isFrozen(stopwords)) return new Set(stopwords.map((w) => w.toLowerCase()));
  let set = frozenStopSets.get(stopwords);
  if (set === undefined) {
    set = new Set(stopwords.map((w) => w.toLowerCase()));
    frozenStopSets.set(stopwords, set);
  }
  return set;
}

export function extractProperNouns(text: string, stopwords: readonly string[], starts: readonly number[]): Candidate[] {
  const stop = stopSet(stopwords);
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
      const first = run.shift()!;
      // `However,` `Overall,` `Finally,`: a sentence-opening word set off by a comma is a discourse marker.
      if (!(run.length === 0 && text[first.end] === ',')) singles.push(first);
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
  return singles.filter((w) => counts.get(text.slice(w.start, w.end).toLowerCase())! >= 2).map((w) => candidate(text, w.start, w.end));
}

function candidate(text: string, start: number, end: number): Candidate {
  return { type: 'proper_noun', start, end, forms: [text.slice(start, end)] };
}

/**
 * The next candidate for a capital letter at or after `from`, or -1: ASCII
 * capitals and the Latin blocks (confirmed by `isLatinUpper`). A scan by
 * code unit rather than a regex, which allocated a match per capital.
 */
function nextCapital(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x41) continue;
    if (c <= 0x5a) return i;
    if (c < 0xc0) continue;
    if (c <= 0xd6 || (c >= 0xd8 && c <= 0xde) || (c >= 0x100 && c <= 0x24f) || (c >= 0x1e00 && c <= 0x1eff)) return i;
  }
  return -1;
}

/**
 * The capitalized words, plus any connector between two of them, in order.
 * Lower-case prose is never visited word by word: the scan jumps between
 * capitals and looks back a bounded distance for a connector or for what
 * precedes the word.
 */
function readWords(text: string, starts: readonly number[]): Word[] {
  const words: Word[] = [];
  let lastEnd = -2;
  let nextStart = 0;
  // Where the search for the next capital resumes.
  let from = 0;
  for (let i = nextCapital(text, 0); i >= 0; i = nextCapital(text, from)) {
    const c = text.charCodeAt(i);
    if (!isLatinUpper(c) || isLatinLetter(text.charCodeAt(i - 1))) {
      from = i + 1;
      continue;
    }
    const end = wordEnd(text, i);
    const suffix = contractionSuffix(text, end);
    from = end + (suffix === undefined ? 0 : suffix.length + 1);
    if (suffix !== undefined && suffix !== 's') continue;

    while (nextStart < starts.length && starts[nextStart] < i) nextStart++;
    let joined = false;
    if (text[i - 1] === ' ') {
      if (lastEnd === i - 1) joined = true;
      else {
        const connector = connectorBefore(text, i - 1);
        if (connector && lastEnd === connector.start - 1) {
          words.push({ start: connector.start, end: i - 1, capitalized: false, initial: false, joined: true });
          joined = true;
        }
      }
    }
    const initial = isInitial(text, i, starts, nextStart);
    if (suffix === 's' && initial) {
      // `Here's`, `What's`, `Let's` open sentences far more often than a possessive name does.
      lastEnd = -2;
      continue;
    }
    words.push({ start: i, end, capitalized: true, initial, joined });
    // A word with a suffix (`Alice's`) joins nothing after it.
    lastEnd = suffix === undefined ? end : -2;
  }
  return words;
}

/** A connector (`of`, `van`) ending just before `space`, itself after a space. */
function connectorBefore(text: string, space: number): { start: number } | undefined {
  let start = space;
  while (start > 0 && space - start < 4 && isLatinLetter(text.charCodeAt(start - 1))) start--;
  if (text[start - 1] !== ' ' || !isConnectorAt(text, start, space)) return undefined;
  return { start };
}

/**
 * Whether the word at `i` opens a sentence, a line or a list item: only
 * spaces and leading marks lie between it and a sentence start, a line
 * break or the start of the text.
 */
function isInitial(text: string, i: number, starts: readonly number[], nextStart: number): boolean {
  let b = i;
  while (b > 0 && (text[b - 1] === ' ' || text[b - 1] === '\t' || text[b - 1] === '\r' || LEADING_MARKS.has(text[b - 1]))) b--;
  if (b === 0 || text[b - 1] === '\n') return true;
  // `nextStart` is the first sentence start at or after `i`; one at or after `b` but before `i` precedes it.
  if (nextStart < starts.length && starts[nextStart] === i) return true;
  return nextStart > 0 && starts[nextStart - 1] >= b;
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

function isConnectorAt(text: string, start: number, end: number): boolean {
  return end - start <= 3 && CONNECTORS.has(text.slice(start, end));
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
