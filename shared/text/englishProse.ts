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
 * any English sentence. One pass over the text; no regular expression with
 * nested repetition.
 */

/** Words English prose cannot go long without, and other Latin-script languages rarely use. */
const FUNCTION_WORDS = new Set([
  'the', 'and', 'is', 'are', 'was', 'were', 'of', 'to', 'with', 'this', 'that', 'it', 'for', 'from', 'by', 'be',
  'been', 'has', 'have', 'had', 'will', 'not', 'in', 'on', 'at', 'or', 'an', 'as', 'which', 'now', 'all', 'you',
  'your', 'we', 'i', 'its', 'so', 'but', 'if', 'can', 'into', 'after', 'when', 'what', 'there', 'they', 'these',
  'those', 'should', 'would', 'could', 'does', 'do', 'did', 'than', 'then', 'also', 'only', 'each', 'any', 'some',
]);

/** Below this many prose words the share of function words says nothing. */
const MIN_WORDS = 12;
/** English prose, even terse bullet lists, keeps well above this share of function words. */
const MIN_FUNCTION_SHARE = 0.08;
/** Above this share of letters in other scripts (CJK, Cyrillic, Arabic...) the prose is not English. */
const MAX_OTHER_SCRIPT_SHARE = 0.2;

export function readsAsEnglish(text: string): boolean {
  const prose = withoutCode(text);
  let latin = 0;
  let other = 0;
  let words = 0;
  let functionWords = 0;
  let word = '';
  const endWord = () => {
    if (word.length === 0) return;
    words++;
    if (FUNCTION_WORDS.has(word.toLowerCase())) functionWords++;
    word = '';
  };
  for (const ch of prose) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      latin++;
      word += ch;
    } else if (c >= 0xc0 && c <= 0x24f) {
      // Accented Latin letters: French, German, Spanish... words, not English ones.
      latin++;
      word += ch;
    } else if (c > 0x24f && /\p{L}/u.test(ch)) {
      other++;
      endWord();
    } else if (ch === "'" || ch === '\u2019') {
      // "don't" is one word; its halves are not function words anyway.
    } else {
      endWord();
    }
  }
  endWord();
  if (other > (latin + other) * MAX_OTHER_SCRIPT_SHARE) return false;
  if (words < MIN_WORDS) return true;
  return functionWords >= words * MIN_FUNCTION_SHARE;
}

/** The text with fenced blocks, backticked spans and URL- or path-like tokens blanked out. */
function withoutCode(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('```', i) || text.startsWith('~~~', i)) {
      const fence = text.slice(i, i + 3);
      const close = text.indexOf(fence, i + 3);
      i = close < 0 ? text.length : close + 3;
      out += ' ';
      continue;
    }
    const ch = text[i];
    if (ch === '`') {
      const close = text.indexOf('`', i + 1);
      const nl = text.indexOf('\n', i + 1);
      // An unclosed backtick on its line is a stray character, not a span.
      if (close > 0 && (nl < 0 || close < nl)) {
        i = close + 1;
        out += ' ';
        continue;
      }
    }
    if (ch === ' ' || ch === '\n' || ch === '\t' || i === 0) {
      // A token with a slash, a dot inside it or "://" is a path or URL.
      const start = ch === ' ' || ch === '\n' || ch === '\t' ? i + 1 : i;
      let end = start;
      while (end < text.length && text[end] !== ' ' && text[end] !== '\n' && text[end] !== '\t') end++;
      const token = text.slice(start, end);
      if (/[/\\]|\w\.\w/.test(token)) {
        out += ' ';
        i = end;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}
