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

/** Function words of French that the other languages listed do not share: what tells French prose from Spanish or Italian. */
// biome-ignore format: a list of words or values reads best packed
const FRENCH_WORDS = new Set([
  'les', 'des', 'une', 'est', 'et', 'pour', 'dans', 'avec', 'sur', 'qui', 'au', 'aux', 'ou', 'mais', 'ce', 'cette', 'sont',
  'nous', 'vous', 'je', 'tu', 'pas', 'du', 'été', 'déjà', 'ces', 'leur',
]);

/**
 * Function words each of the Latin-script languages has and none of the
 * others (nor English) spells: what tells Spanish from Portuguese or
 * Italian. A word two of them share (`como`, `una`, `da`, `del`) is in none.
 * French keeps FRENCH_WORDS above, which the French test was tuned with.
 */
// biome-ignore format: a list of words or values reads best packed
const LATIN_LANGUAGE_WORDS: Record<LatinLanguage, ReadonlySet<string>> = {
  es: new Set(['el', 'los', 'las', 'y', 'es', 'están', 'hay', 'pero', 'muy', 'ya', 'ahora', 'aquí', 'sin', 'esto', 'eso', 'cuando', 'donde', 'porque', 'tiene', 'hace', 'puede', 'fue', 'estos']),
  pt: new Set(['não', 'uma', 'um', 'em', 'dos', 'das', 'na', 'nas', 'com', 'é', 'são', 'estão', 'já', 'foi', 'isso', 'isto', 'pelo', 'pela', 'ao', 'aos', 'você', 'muito', 'sem', 'ainda', 'agora', 'aqui', 'seu', 'sua', 'também', 'há', 'então', 'onde']),
  de: new Set(['der', 'und', 'ist', 'nicht', 'für', 'auf', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines', 'zu', 'dem', 'den', 'sich', 'auch', 'wird', 'werden', 'sind', 'wurde', 'noch', 'nur', 'jetzt', 'oder', 'aber', 'wenn', 'dass', 'kein', 'keine', 'schon', 'bei', 'zum', 'zur', 'vom', 'ich', 'wir', 'sie', 'das', 'wie', 'bitte', 'diese', 'dieser', 'dieses', 'damit', 'nach', 'über', 'durch', 'weil', 'alle', 'sehr', 'hat', 'habe', 'haben', 'kann', 'muss', 'soll', 'sollte']),
  it: new Set(['il', 'di', 'che', 'gli', 'della', 'è', 'sono', 'non', 'questo', 'anche', 'più', 'alla', 'nella', 'delle', 'degli', 'ho', 'hai', 'sia', 'perché']),
  nl: new Set(['het', 'een', 'niet', 'voor', 'zijn', 'ik', 'van', 'dat', 'wordt', 'ook', 'maar', 'naar', 'bij', 'nog', 'geen', 'deze', 'hebben', 'heeft', 'worden']),
  vi: new Set(['và', 'là', 'của', 'các', 'có', 'không', 'được', 'cho', 'với', 'này', 'trong', 'một', 'những', 'đã', 'để', 'bạn', 'tôi', 'khi', 'thì', 'nếu', 'cũng', 'sẽ', 'đang']),
  tr: new Set(['bir', 've', 'bu', 'için', 'ile', 'çok', 'daha', 'olarak', 'gibi', 'ama', 'veya', 'yok', 'şu', 'şimdi', 'önce', 'sonra', 'kadar', 'tüm', 'ise', 'değil', 'artık', 'bunu', 'bunun']),
};

/** English function words that are also function words of one of those languages (Portuguese `do` "of the", German `was` "what"): in its text they say nothing for English. */
const SHARED_WITH_ENGLISH: Record<LatinLanguage, ReadonlySet<string>> = {
  es: new Set(),
  pt: new Set(['do', 'as']),
  de: new Set(['in', 'was', 'so', 'will', 'an']),
  it: new Set(['in']),
  nl: new Set(['in', 'was']),
  vi: new Set(),
  tr: new Set(),
};

/** The Latin-script languages LATIN_LANGUAGE_WORDS tells apart (French aside). */
export type LatinLanguage = 'es' | 'pt' | 'de' | 'it' | 'nl' | 'vi' | 'tr';

export const LATIN_LANGUAGES = Object.keys(LATIN_LANGUAGE_WORDS) as LatinLanguage[];

/** Below this many prose words the share of function words says nothing. */
export const MIN_WORDS = 12;
/** Running English prose keeps well above this share of function words. */
const MIN_FUNCTION_SHARE = 0.08;
/** Terse English (tables, headings, lists of files) keeps above this share, when no other language's words outnumber them. */
const MIN_TERSE_SHARE = 0.03;
/** Above this share of letters in other scripts (CJK, Cyrillic, Arabic...) the prose is not English. */
const MAX_OTHER_SCRIPT_SHARE = 0.2;

/** What one pass over a text's prose (code left out) counts. */
export interface ProseCounts {
  /** Latin letters, accented ones included. */
  latin: number;
  /** Letters of other scripts. */
  other: number;
  /** Of those, Chinese characters (kanji in Japanese). */
  han: number;
  /** Of those, Japanese kana. */
  kana: number;
  /** Words of Latin letters. */
  words: number;
  /** English function words among them. */
  functionWords: number;
  /** Function words of the other Latin-script languages. */
  otherWords: number;
  /** Function words only French uses. */
  frenchWords: number;
  /** Function words of the other Latin-script languages that are not French. */
  notFrenchWords: number;
  /** Function words only one Latin-script language uses, by language. */
  latinLanguageWords: Record<LatinLanguage, number>;
  /** English function words that are also that language's, by language. */
  sharedWithEnglish: Record<LatinLanguage, number>;
  /** Of the other-script letters, Cyrillic ones. */
  cyrillic: number;
  /** Of those, letters Russian writes and its Cyrillic neighbours do not (`ы`, `э`): Bulgarian and Ukrainian lack them. */
  russianOnly: number;
  /** Of those, letters Ukrainian, Belarusian or Serbian write and Russian does not (`і`, `є`, `ў`, `ј`...). */
  notRussian: number;
  /** Of the other-script letters, Korean Hangul ones. */
  hangul: number;
}

export function readsAsEnglish(text: string): boolean {
  return countsReadAsEnglish(proseCounts(text));
}

export function countsReadAsEnglish(c: ProseCounts): boolean {
  if (c.other > (c.latin + c.other) * MAX_OTHER_SCRIPT_SHARE) return false;
  if (c.words < MIN_WORDS) return true;
  if (c.functionWords >= c.words * MIN_FUNCTION_SHARE) return true;
  return c.functionWords >= c.words * MIN_TERSE_SHARE && c.functionWords > c.otherWords;
}

export function proseCounts(text: string): ProseCounts {
  const c: ProseCounts = {
    latin: 0,
    other: 0,
    han: 0,
    kana: 0,
    words: 0,
    functionWords: 0,
    otherWords: 0,
    frenchWords: 0,
    notFrenchWords: 0,
    latinLanguageWords: { es: 0, pt: 0, de: 0, it: 0, nl: 0, vi: 0, tr: 0 },
    sharedWithEnglish: { es: 0, pt: 0, de: 0, it: 0, nl: 0, vi: 0, tr: 0 },
    cyrillic: 0,
    russianOnly: 0,
    notRussian: 0,
    hangul: 0,
  };
  let wordStart = -1;
  const endWord = (at: number) => {
    if (wordStart < 0) return;
    c.words++;
    // No function word is longer than six letters: longer words are not looked up.
    if (at - wordStart <= 6) {
      const word = text.slice(wordStart, at).toLowerCase();
      if (FUNCTION_WORDS.has(word)) {
        c.functionWords++;
        for (const language of LATIN_LANGUAGES) if (SHARED_WITH_ENGLISH[language].has(word)) c.sharedWithEnglish[language]++;
      } else if (OTHER_FUNCTION_WORDS.has(word)) c.otherWords++;
      if (FRENCH_WORDS.has(word)) c.frenchWords++;
      else if (OTHER_FUNCTION_WORDS.has(word)) c.notFrenchWords++;
      for (const language of LATIN_LANGUAGES) if (LATIN_LANGUAGE_WORDS[language].has(word)) c.latinLanguageWords[language]++;
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
    const ch = text.charCodeAt(i);
    if (
      (ch >= 0x41 && ch <= 0x5a) ||
      (ch >= 0x61 && ch <= 0x7a) ||
      (ch >= 0xc0 && ch <= 0x24f && ch !== 0xd7 && ch !== 0xf7) ||
      (ch >= 0x1e00 && ch <= 0x1eff)
    ) {
      // Accented Latin letters (Vietnamese's stacked accents too) count as Latin, but make no English function word.
      c.latin++;
      if (wordStart < 0) wordStart = i;
      i++;
      continue;
    }
    endWord(i);
    const cp = text.codePointAt(i) ?? ch;
    const width = cp > 0xffff ? 2 : 1;
    if (cp > 0x24f && LETTER.test(text.slice(i, i + width))) {
      c.other++;
      if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf)) c.han++;
      else if (cp >= 0x3040 && cp <= 0x30ff) c.kana++;
      else if (cp >= 0x400 && cp <= 0x52f) countCyrillic(c, cp);
      else if ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f)) c.hangul++;
    }
    i += width;
  }
  endWord(text.length);
  return c;
}

/** Russian's own letters (`ы`, `э`, either case) and its neighbours' (`і ї є ґ ў ј љ њ ћ ђ џ`, Cyrillic Supplement). */
function countCyrillic(c: ProseCounts, cp: number): void {
  c.cyrillic++;
  const lower = cp >= 0x410 && cp <= 0x42f ? cp + 0x20 : cp;
  if (lower === 0x44b || lower === 0x44d) c.russianOnly++;
  else if ((cp >= 0x402 && cp <= 0x40f && cp !== 0x401 && cp !== 0x40d) || (cp >= 0x452 && cp <= 0x45f && cp !== 0x45d) || cp >= 0x490) c.notRussian++;
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
  // Chinese and Japanese put no spaces between words: a token also starts or ends where their script does.
  if (i > 0 && !isSpace(text[i - 1]) && !isWideScript(text.charCodeAt(i - 1))) return i;
  if (isSpace(text[i])) return i;
  let end = i;
  while (end < text.length && !isSpace(text[end]) && !isWideScript(text.charCodeAt(end))) end++;
  return PATH_LIKE.test(text.slice(i, end)) ? end : i;
}

/** CJK scripts and full-width punctuation (U+3000 on), written without spaces between words. */
function isWideScript(code: number): boolean {
  return code >= 0x3000 && code <= 0xffef;
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r';
}
