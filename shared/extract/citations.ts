/**
 * Extracts citations: after one of eight attribution phrases (`according
 * to`, `per the`, `as stated in`, `from the`, `the report says`, `the
 * document mentions`, `they said`, `you said`, any case), the source that
 * follows, up to six tokens, ending earlier at a comma, semicolon, colon,
 * sentence punctuation (not the point inside `$9.9M`), a bracket, a quote
 * mark, a line break, or a word that starts a clause (`and`, `that`, `can`). `According to the SEC filing, …` gives `the SEC
 * filing`; for `per the` and `from the` the entity keeps its `the`, so every
 * citation reads as the noun phrase it names.
 *
 * The cited content is not part of the entity: overlap resolution cuts a
 * citation short before any number, date or other entity inside it, which
 * is then graded on its own.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isAsciiLetter, isDigit, isSpace } = chars;

// Word boundaries rather than look-arounds let the engine skip ahead quickly; an apostrophe
// glued to the phrase (`o'they said`) is checked by hand.
const PHRASES = /\b(?:according to|per the|as stated in|from the|the report says|the document mentions|they said|you said)\b/gi;

const MAX_TOKENS = 6;

export function extractCitations(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(PHRASES)) {
    const phraseEnd = m.index + m[0].length;
    if (isApostrophe(text[m.index - 1]) || isApostrophe(text[phraseEnd])) continue;
    // The trailing `the` of `per the`/`from the` belongs to the source's noun phrase.
    const keepsArticle = /the$/i.test(m[0]) && /^(?:per|from) /i.test(m[0]);
    const start = keepsArticle ? phraseEnd - 3 : skipInlineSpace(text, phraseEnd);
    const end = sourceEnd(text, keepsArticle ? phraseEnd : start, keepsArticle);
    if (end <= start || (keepsArticle && end <= phraseEnd)) continue;
    const literal = text.slice(start, end);
    out.push({ type: 'citation', start, end, forms: uniqueForms([literal, withoutArticle(literal)]) });
  }
  return out;
}

function isApostrophe(ch: string | undefined): boolean {
  return ch === "'" || ch === '’';
}

function skipInlineSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i;
}

/** End of the source phrase read from `from`: the last token's end before a stop or the sixth token. */
function sourceEnd(text: string, from: number, afterArticle: boolean): number {
  let tokens = 0;
  let inToken = false;
  let lastTokenEnd = from;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    const c = text.charCodeAt(i);
    if (ch === '\n' || ch === '\r' || isStop(text, i)) break;
    if (isSpace(c)) {
      if (inToken) {
        inToken = false;
        lastTokenEnd = i;
        if (tokens === MAX_TOKENS) break;
      }
      continue;
    }
    if (!inToken) {
      // The article of `per the` counts as the phrase's first token.
      if (tokens === MAX_TOKENS - (afterArticle ? 1 : 0) || startsClause(text, i, tokens > 0)) break;
      tokens++;
      inToken = true;
    }
    lastTokenEnd = i + 1;
  }
  return lastTokenEnd;
}

/**
 * Words that end a noun phrase by starting a clause or a new phrase
 * (`from the skillet and keep them warm`, `the lower back can cause`). `of`
 * is absent on purpose: it sits inside names (`the Bank of England`).
 */
// biome-ignore format: a list of words or values reads best packed
const CLAUSE_WORDS = new Set([
  'and', 'or', 'but', 'nor', 'that', 'which', 'who', 'whom', 'whose', 'where', 'when', 'while', 'because', 'since', 'as',
  'if', 'then', 'so', 'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'do', 'does', 'did', 'can', 'could',
  'will', 'would', 'should', 'may', 'might', 'must', 'shall', 'says', 'said', 'mentions', 'states', 'shows', 'reports',
  'notes', 'to', 'for', 'with', 'in', 'on', 'at', 'by', 'from', 'into', 'about', 'after', 'before', 'than', 'it', 'they',
  'we', 'you', 'he', 'she', 'i',
]);

/** Determiners start a new noun phrase anywhere but at the front (`the report the company filed`). */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'its', 'their', 'his', 'her', 'our']);

/** Whether the token starting at `i` is a clause word, or a determiner when `inside` the phrase. */
function startsClause(text: string, i: number, inside: boolean): boolean {
  let j = i;
  // Bounded: the longest clause word has eight letters.
  while (j < text.length && j - i <= 9 && isAsciiLetter(text.charCodeAt(j))) j++;
  if (j === i || isAsciiLetter(text.charCodeAt(j))) return false;
  const word = text.slice(i, j).toLowerCase();
  return CLAUSE_WORDS.has(word) || (inside && DETERMINERS.has(word));
}

function isStop(text: string, i: number): boolean {
  const ch = text[i];
  if (ch === '.') return !(isDigit(text.charCodeAt(i - 1)) && isDigit(text.charCodeAt(i + 1)));
  return ',;:!?()[]{}"“”«»'.includes(ch);
}

function withoutArticle(literal: string): string {
  const lower = literal.toLowerCase();
  for (const article of ['the ', 'a ', 'an ']) if (lower.startsWith(article)) return literal.slice(article.length);
  return '';
}
