/**
 * Extracts numbers: integers, decimals, thousands separators, currency
 * (`$4.2M`, `USD 100`, `100 EUR`), percentages, scale suffixes (`3.5bn`,
 * `12k`, `4.2 million`) and numbers with a unit (`47 customers`, `5 GB`).
 *
 * A regular expression finds the numeric core; everything after it is read
 * by hand. That split keeps matching linear: the expression has no required
 * part after an unbounded run, so a failed attempt never rescans digits.
 */
import type { Candidate } from './candidate';
import * as chars from './chars';
import { numberForms, type NumberParts } from './numberForms';
import { CURRENCY_CODES, isUnitWord } from './numberUnits';

// Bound once at load: called per character (see chars.ts).
const { isAsciiAlnum, isAsciiLetter, isDigit, isWordChar } = chars;

// Starts with a digit so the engine can skip quickly to candidates; what may
// precede the digits (sign, currency) is read backwards by hand.
const DIGITS = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/g;

const CURRENCY_SYMBOLS = '$€£¥';
const SIGNS = '-+−';

/** Characters that join a number into a code when letters or digits sit on both sides (`SKU-12`, `10:30`, `#5`). */
const JOINERS = new Set(['-', '/', ':', '#', '@', '_']);

// biome-ignore format: a list of words or values reads best packed
const SCALE_WORDS: ReadonlyArray<[string, 3 | 6 | 9 | 12]> = [
  [' thousand', 3], [' million', 6], [' billion', 9], [' trillion', 12],
];

/** Longest attached unit (`10ms`, `5GB`, `3rd`) read as part of the number. */
const MAX_ATTACHED_UNIT = 5;

export function extractNumbers(text: string): Candidate[] {
  const out: Candidate[] = [];
  const digits = new RegExp(DIGITS);
  for (let m = digits.exec(text); m; m = digits.exec(text)) {
    const digitsStart = m.index;
    const coreEnd = digitsStart + m[0].length;
    const prefix = readPrefix(text, digitsStart);
    if (!prefix) continue;
    const start = prefix.start;
    if (joinedBefore(text, start) || joinedAfter(text, coreEnd) || isListMarker(text, start, coreEnd, m)) continue;
    const parts: NumberParts = {
      sign: prefix.sign,
      currency: prefix.currency,
      integer: m[1],
      fraction: m[2] ?? '',
      scaleText: '',
      scale: 0,
      tail: '',
      tailKind: 'none',
    };
    const end = readSuffixes(text, coreEnd, parts, isLabel(text, start));
    if (end < 0) continue;
    const literal = text.slice(start, end);
    if (literal === '0' || literal === '1') continue;
    out.push({ type: 'number', start, end, forms: numberForms(literal, parts) });
  }
  return out;
}

/**
 * Reads `[sign][CODE ][symbol]` backwards from the digits. Undefined when the
 * number starts inside a word or after a point (`Q3`, `v1.2`, `a1`, `US$5`).
 */
function readPrefix(text: string, digitsStart: number): { start: number; sign: string; currency: string } | undefined {
  let p = digitsStart;
  let currency = '';
  if (CURRENCY_SYMBOLS.includes(text[p - 1] ?? '\u0000')) currency = text[--p];
  const code = text.slice(Math.max(0, p - 4), p);
  if (code.length === 4 && code[3] === ' ' && CURRENCY_CODES.has(code.slice(0, 3))) {
    currency = code + currency;
    p -= 4;
  } else if (code.length >= 3 && CURRENCY_CODES.has(code.slice(-3))) {
    currency = code.slice(-3) + currency;
    p -= 3;
  }
  let sign = '';
  if (SIGNS.includes(text[p - 1] ?? '\u0000')) sign = text[--p];
  const before = text.charCodeAt(p - 1);
  if (isWordChar(before) || before === 0x2e || CURRENCY_SYMBOLS.includes(text[p - 1] ?? '\u0000')) return undefined;
  return { start: p, sign, currency };
}

/** `2. Edit…` or `3) Run…` at the start of a line numbers a list item; it claims nothing. */
function isListMarker(text: string, start: number, end: number, m: RegExpExecArray): boolean {
  if (m[2] !== undefined || start !== m.index) return false;
  const after = text[end];
  if ((after !== '.' && after !== ')') || text[end + 1] !== ' ') return false;
  let p = start;
  while (p > 0 && (text[p - 1] === ' ' || text[p - 1] === '\t')) p--;
  return p === 0 || text[p - 1] === '\n' || text[p - 1] === '\r';
}

function joinedBefore(text: string, start: number): boolean {
  if (start < 2) return false;
  return JOINERS.has(text[start - 1]) && isAsciiAlnum(text.charCodeAt(start - 2));
}

/** `1.2.3`, `10:30`, `555-1234`, `1,2`: the digits continue into something that is not a quantity. */
function joinedAfter(text: string, end: number): boolean {
  const c = text[end];
  if (c === '.' || c === ',' || c === ':' || c === '/' || c === '-') return isDigit(text.charCodeAt(end + 1));
  return c === '_';
}

/**
 * Reads scale, percent, currency code or unit after the digits into `parts`.
 * Returns the entity's end, or -1 when letters glued to the digits make it a
 * token rather than a number (`3f2a`, `12abc`).
 */
function readSuffixes(text: string, at: number, parts: NumberParts, labelled: boolean): number {
  if (text[at] === '%') {
    parts.tail = '%';
    parts.tailKind = 'percent';
    return at + 1;
  }
  const scale = readScale(text, at, parts.currency !== '');
  if (scale) {
    parts.scaleText = scale.text;
    parts.scale = scale.scale;
    return at + scale.text.length;
  }
  const letters = letterRun(text, at);
  if (letters > 0) {
    if (letters > MAX_ATTACHED_UNIT || isWordChar(text.charCodeAt(at + letters))) return -1;
    parts.tail = text.slice(at, at + letters);
    parts.tailKind = 'unit';
    return at + letters;
  }
  if (text[at] !== ' ') return at;
  const word = text.slice(at + 1, at + 1 + letterRun(text, at + 1));
  if (word.length === 0 || isWordChar(text.charCodeAt(at + 1 + word.length))) return at;
  if (word === 'percent') {
    parts.tail = ' percent';
    parts.tailKind = 'percent';
    return at + 8;
  }
  if (CURRENCY_CODES.has(word)) {
    if (parts.currency !== '') return at;
    parts.tail = ' ' + word;
    parts.tailKind = 'currency';
    return at + 1 + word.length;
  }
  const afterOne = parts.integer === '1' && parts.fraction === '';
  if (parts.currency !== '' || labelled || looksLikeYear(parts) || !isUnitWord(word, afterOne)) return at;
  parts.tail = ' ' + word;
  parts.tailKind = 'unit';
  return at + 1 + word.length;
}

function readScale(text: string, at: number, hasCurrency: boolean): { text: string; scale: 3 | 6 | 9 | 12 } | undefined {
  for (const [word, scale] of SCALE_WORDS) {
    if (text.startsWith(word, at) && !isAsciiLetter(text.charCodeAt(at + word.length))) return { text: word, scale };
  }
  const two = text.slice(at, at + 2);
  if ((two === 'bn' || two === 'mn' || two === 'tn') && !isWordChar(text.charCodeAt(at + 2))) {
    return { text: two, scale: two === 'bn' ? 9 : two === 'mn' ? 6 : 12 };
  }
  const c = text[at];
  if (isWordChar(text.charCodeAt(at + 1))) return undefined;
  if (c === 'K' || c === 'k') return { text: c, scale: 3 };
  if (c === 'M') return { text: c, scale: 6 };
  if (c === 'B') return { text: c, scale: 9 };
  if (c === 'T') return { text: c, scale: 12 };
  // Lower-case `m`/`b` mean million/billion only after a currency; `5m` alone is five metres.
  if (hasCurrency && c === 'm') return { text: c, scale: 6 };
  if (hasCurrency && c === 'b') return { text: c, scale: 9 };
  return undefined;
}

/**
 * Nouns that a number labels rather than counts (`Passage 2 states`, `step 3
 * adds`): the word after such a number is the sentence's verb, not a unit.
 */
// biome-ignore format: a list of words or values reads best packed
const LABEL_NOUNS = new Set([
  'passage', 'section', 'step', 'table', 'figure', 'fig', 'chapter', 'item', 'option', 'version', 'page', 'line', 'rule',
  'example', 'case', 'phase', 'stage', 'part', 'article', 'paragraph', 'point', 'question', 'document', 'source',
  'reference', 'appendix', 'exhibit', 'note', 'number', 'no', 'issue', 'ticket', 'round', 'game', 'season', 'episode',
  'volume', 'vol', 'level', 'grade', 'class', 'room', 'gate', 'platform', 'route', 'doc', 'result', 'row', 'column',
]);

/** Whether the word just before the number (across one space) is a label noun. */
function isLabel(text: string, start: number): boolean {
  if (text[start - 1] !== ' ') return false;
  let from = start - 1;
  // Bounded look-back: the longest label noun is ten letters.
  while (from > 0 && start - 1 - from < 11 && isAsciiLetter(text.charCodeAt(from - 1))) from--;
  if (from > 0 && isAsciiLetter(text.charCodeAt(from - 1))) return false;
  return LABEL_NOUNS.has(text.slice(from, start - 1).toLowerCase());
}

/** A bare four-digit year (`in 2024 revenue`) takes no unit word. */
function looksLikeYear(p: NumberParts): boolean {
  if (p.fraction || p.integer.length !== 4 || p.currency || p.sign) return false;
  const year = Number(p.integer);
  return year >= 1000 && year <= 2999;
}

function letterRun(text: string, at: number): number {
  let i = at;
  // Bounded: one past the longest unit is enough to know the run is too long.
  while (i < text.length && i - at <= 24 && isAsciiLetter(text.charCodeAt(i))) i++;
  return i - at;
}
