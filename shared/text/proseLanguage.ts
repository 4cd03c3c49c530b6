/**
 * Which language a text's prose is written in, among those whose words the
 * rules that tell a report from a proposal can read: English, French,
 * Spanish, Portuguese, German, Turkish, Russian, Chinese, Japanese and
 * Korean. Any other (or a mix no count settles) is `undefined`, and those
 * rules give such a turn no verdict rather than guess.
 *
 * English is englishProse's test. Otherwise, prose mostly in other scripts
 * is read by its script: Japanese when kana are a real part of it (Japanese
 * writes its grammar in kana, Chinese never does), Chinese when it is
 * Chinese characters alone, Korean when it is Hangul, Russian when it is
 * Cyrillic with Russian's own letters (`ы`, `э`) and hardly any of its
 * neighbours' (Ukrainian `і`, `є`; Serbian `ј`). Prose mostly in Latin
 * letters is French when French-only function words (`les`, `dans`,
 * `avec`) are not rare and outnumber the other Latin-script languages'
 * words; Spanish, Portuguese, German or Turkish likewise by the function
 * words only that language has (`los`, `não`, `und`, `için`), which must
 * outnumber those of every other, Italian and Dutch included, which are
 * counted so as to be told apart and not read.
 */
import { countsReadAsEnglish, LATIN_LANGUAGES, type LatinLanguage, MIN_WORDS, type ProseCounts, proseCounts } from './englishProse';

export type ProseLanguage = 'en' | 'fr' | 'es' | 'pt' | 'de' | 'tr' | 'ru' | 'zh' | 'ja' | 'ko';

/** Share of a text's other-script letters that must be in one script for the prose to be in that script's language. */
const MIN_SCRIPT_SHARE = 0.8;
/** Share of those that must be kana for Japanese: a Japanese sentence writes its particles and endings in kana. */
const MIN_KANA_SHARE = 0.1;
/** Running Russian writes `ы` or `э` in about one letter of forty; a text with none in this many Cyrillic letters is another Cyrillic language. */
const RUSSIAN_LETTER_REACH = 120;
/** Ukrainian or Serbian letters above this share of Cyrillic ones say the text is not Russian (a quoted name may hold one). */
const MAX_NOT_RUSSIAN_SHARE = 0.01;
/** Above this share of letters in other scripts the prose is not in a Latin-script language. */
const MAX_OTHER_SCRIPT_SHARE = 0.2;
/** A language's own function words keep above this share of words even in terse text. */
const MIN_LANGUAGE_SHARE = 0.03;
/** Fewest of a language's own function words that say that language at all. */
const MIN_LANGUAGE_WORDS = 2;

/** The Latin-script languages whose words the rules read; Italian and Dutch are only counted against them. */
type ReadLatin = Extract<LatinLanguage, 'es' | 'pt' | 'de' | 'tr'>;

function isRead(language: LatinLanguage): language is ReadLatin {
  return language === 'es' || language === 'pt' || language === 'de' || language === 'tr';
}

export function proseLanguage(text: string): ProseLanguage | undefined {
  const c = proseCounts(text);
  // A short sentence in another language can pass englishProse's share of English words on one `on` or `a`: that language's own words outnumbering them say otherwise.
  if (isFrench(c) && c.frenchWords > c.functionWords) return 'fr';
  const latin = latinLanguage(c);
  // Italian or Dutch outnumbering English is no more English than Spanish is: a language the rules do not read.
  if (latin !== undefined && c.latinLanguageWords[latin] > englishOnly(c, latin)) return isRead(latin) ? latin : undefined;
  if (countsReadAsEnglish(c)) return 'en';
  if (c.other > (c.latin + c.other) * MAX_OTHER_SCRIPT_SHARE) return scriptLanguage(c);
  if (isFrench(c)) return 'fr';
  return latin !== undefined && isRead(latin) ? latin : undefined;
}

/** The language of prose mostly in other scripts than Latin, if one script holds most of its letters. */
function scriptLanguage(c: ProseCounts): ProseLanguage | undefined {
  const cjk = c.han + c.kana;
  if (cjk >= c.other * MIN_SCRIPT_SHARE) return c.kana >= cjk * MIN_KANA_SHARE ? 'ja' : 'zh';
  if (c.hangul >= c.other * MIN_SCRIPT_SHARE) return 'ko';
  if (c.cyrillic >= c.other * MIN_SCRIPT_SHARE && isRussian(c)) return 'ru';
  return undefined;
}

function isRussian(c: ProseCounts): boolean {
  if (c.notRussian > c.cyrillic * MAX_NOT_RUSSIAN_SHARE) return false;
  return c.russianOnly > 0 || c.cyrillic < RUSSIAN_LETTER_REACH;
}

/** English function words in the text that `language` does not also use. */
function englishOnly(c: ProseCounts, language: LatinLanguage): number {
  return c.functionWords - c.sharedWithEnglish[language];
}

function isFrench(c: ProseCounts): boolean {
  return c.frenchWords >= MIN_LANGUAGE_WORDS && c.frenchWords >= c.words * MIN_LANGUAGE_SHARE && c.frenchWords > c.notFrenchWords;
}

/**
 * The Latin-script language whose own function words are not rare and
 * outnumber every other language's (French's too), if there is one.
 */
function latinLanguage(c: ProseCounts): LatinLanguage | undefined {
  let best: LatinLanguage | undefined;
  let bestCount = 0;
  let runnerUp = c.frenchWords;
  for (const language of LATIN_LANGUAGES) {
    const n = c.latinLanguageWords[language];
    if (n > bestCount) {
      runnerUp = Math.max(runnerUp, bestCount);
      best = language;
      bestCount = n;
    } else runnerUp = Math.max(runnerUp, n);
  }
  if (best === undefined) return undefined;
  // In a short text with no English function word, one word only that language has says it: such a sentence is not read as English by default.
  const fewest = c.words < MIN_WORDS && englishOnly(c, best) === 0 ? 1 : MIN_LANGUAGE_WORDS;
  if (bestCount < fewest || bestCount < c.words * MIN_LANGUAGE_SHARE || bestCount <= runnerUp) return undefined;
  return c.other > (c.latin + c.other) * MAX_OTHER_SCRIPT_SHARE ? undefined : best;
}
