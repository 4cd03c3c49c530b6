/**
 * Whether a text's prose is English: the rules that tell a report from a
 * proposal ("added `x`" against "should add `x`") read English words, so a
 * turn written in another language is one they cannot read, and they give
 * it no verdict rather than guess.
 *
 * Code is left out first (fenced blocks, backticked spans, URLs and paths),
 * because a Chinese or French turn about code is full of English-looking
 * names. What is left is English when most of its letters are Latin and,
 * among enough words, English function words are as common as they are in
 * any English sentence; or, in terse text (a report of lists, tables and
 * headings drops most of them), when they are still not rare and outnumber
 * the function words of the other languages most often written in Latin
 * letters. Only that positive sign of another language (French `les`,
 * `dans`; German `und`, `nicht`...) tells terse English from a language the
 * rules cannot read. One pass over the text; no regular expression with
 * nested repetition.
 */

/** Words English prose cannot go long without, and other Latin-script languages rarely use. */
// biome-ignore format: a list of words or values reads best packed
const FUNCTION_WORDS = new Set([
  'the', 'and', 'is', 'are', 'was', 'were', 'of', 'to', 'with', 'this', 'that', 'it', 'for', 'from', 'by', 'be',
  'been', 'has', 'have', 'had', 'will', 'not', 'in', 'on', 'at', 'or', 'an', 'as', 'which', 'now', 'all', 'you',
  'your', 'we', 'i', 'its', 'so', 'but', 'if', 'can', 'into', 'after', 'when', 'what', 'there', 'they', 'these',
  'those', 'should', 'would', 'could', 'does', 'do', 'did', 'than', 'then', 'also', 'only', 'each', 'any', 'some',
]);

/**
 * Function words of French, Spanish, Portuguese, Italian, German and Dutch
 * that English prose about code does not use: words English or code also
 * spells (`die`, `per`, `mit`, `op`, `du`, `y`, `es`, `em`) are left out.
 */
// biome-ignore format: a list of words or values reads best packed
const OTHER_FUNCTION_WORDS = new Set([
  'le', 'la', 'les', 'des', 'une', 'est', 'et', 'pour', 'dans', 'avec', 'sur', 'que', 'qui', 'ne', 'au', 'ou', 'mais',
  'ce', 'cette', 'sont', 'nous', 'vous', 'je', 'tu', 'el', 'los', 'las', 'para', 'por', 'una', 'lo', 'se', 'não', 'uma',
  'da', 'il', 'di', 'che', 'è', 'gli', 'della', 'der', 'das', 'und', 'ist', 'nicht', 'für', 'auf', 'ein', 'eine', 'zu',
  'dem', 'het', 'een', 'en', 'niet', 'voor', 'zijn', 'ik',
]);

/** Below this many prose words the share of function words says nothing. */
const MIN_WORDS = 12;
/** Running English prose keeps well above this share of function words. */
const MIN_FUNCTION_SHARE = 0.08;
/** Terse English (tables, headings, lists of files) keeps above this share, when no other language's words outnumber them. */
const MIN_TERSE_SHARE = 0.03;
/** Above this share of letters in other scripts (CJK, Cyrillic, Arabic...) the prose is not English. */
const MAX_OTHER_SCRIPT_SHARE = 0.2;

export function readsAsEnglish(text: string): boolean {
  let latin = 0;
  let other = 0;
  let words = 0;
  let functionWords = 0;
  let otherWords = 0;
  let wordStart = -1;
  const endWord = (at: number) => {
    if (wordStart < 0) return;
    words++;
    // No function word is longer than six letters: longer words are not looked up.
    if (at - wordStart <= 6) {
      const word = text.slice(wordStart, at).toLowerCase();
      if (FUNCTION_WORDS.has(word)) functionWords++;
      else if (OTHER_FUNCTION_WORDS.has(word)) otherWords++;
    }
    wordStart = -1;
  };
  let i = 0;
  while (i < text.length) {
    const skip = codeEnd(text, i);
    if (skip > i) {
      endWord(i);
      i = skip;
      continue;
    }
    const c = text.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)) {
      // Accented Latin letters count as Latin, but make no English function word.
      latin++;
      if (wordStart < 0) wordStart = i;
      i++;
      continue;
    }
    endWord(i);
    const cp = text.codePointAt(i) ?? c;
    const width = cp > 0xffff ? 2 : 1;
    if (cp > 0x24f && LETTER.test(text.slice(i, i + width))) other++;
    i += width;
  }
  endWord(text.length);
  if (other > (latin + other) * MAX_OTHER_SCRIPT_SHARE) return false;
  if (words < MIN_WORDS) return true;
  if (functionWords >= words * MIN_FUNCTION_SHARE) return true;
  return functionWords >= words * MIN_TERSE_SHARE && functionWords > otherWords;
}

const LETTER = /\p{L}/u;
const PATH_LIKE = /[/\\]|\w\.\w/;

/**
 * Where code that starts at `i` ends (a fenced block, a backticked span on
 * one line, a token that is a path or URL), or `i` when none starts there.
 * Each token is scanned ahead at most once, at its start.
 */
function codeEnd(text: string, i: number): number {
  if (text.startsWith('```', i) || text.startsWith('~~~', i)) {
    const close = text.indexOf(text.slice(i, i + 3), i + 3);
    return close < 0 ? text.length : close + 3;
  }
  if (text[i] === '`') {
    // An unclosed backtick on its line is a stray character, not a span. Only the text up to the next backtick is read, so stray backticks cost no rescans.
    const close = text.indexOf('`', i + 1);
    if (close < 0) return i;
    for (let k = i + 1; k < close; k++) if (text.charCodeAt(k) === 0x0a) return i;
    return close + 1;
  }
  if (i > 0 && !isSpace(text[i - 1])) return i;
  if (isSpace(text[i])) return i;
  let end = i;
  while (end < text.length && !isSpace(text[end])) end++;
  return PATH_LIKE.test(text.slice(i, end)) ? end : i;
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r';
}
