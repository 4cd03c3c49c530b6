/**
 * Which language a text's prose is written in, among those whose words the
 * rules that tell a report from a proposal can read: English, French,
 * Chinese and Japanese. Any other (or a mix no count settles) is
 * `undefined`, and those rules give such a turn no verdict rather than guess.
 *
 * English is englishProse's test. Otherwise, prose mostly in other scripts
 * is Japanese when kana are a real part of it (Japanese writes its grammar
 * in kana, Chinese never does), Chinese when it is Chinese characters alone;
 * prose mostly in Latin letters is French when French-only function words
 * (`les`, `dans`, `avec`) are not rare and outnumber the other Latin-script
 * languages' words.
 */
import { countsReadAsEnglish, type ProseCounts, proseCounts } from './englishProse';

export type ProseLanguage = 'en' | 'fr' | 'zh' | 'ja';

/** Share of a text's other-script letters that must be Chinese characters or kana for it to be Chinese or Japanese. */
const MIN_CJK_SHARE = 0.8;
/** Share of those that must be kana for Japanese: a Japanese sentence writes its particles and endings in kana. */
const MIN_KANA_SHARE = 0.1;
/** Above this share of letters in other scripts the prose is not French. */
const MAX_OTHER_SCRIPT_SHARE = 0.2;
/** French function words keep above this share of words even in terse text. */
const MIN_FRENCH_SHARE = 0.03;
/** Fewest French function words that say French at all. */
const MIN_FRENCH_WORDS = 2;

export function proseLanguage(text: string): ProseLanguage | undefined {
  const c = proseCounts(text);
  // A short French sentence can pass englishProse's share of English words on one `on` or `a`: French-only words outnumbering them say French.
  if (isFrench(c) && c.frenchWords > c.functionWords) return 'fr';
  if (countsReadAsEnglish(c)) return 'en';
  const cjk = c.han + c.kana;
  if (c.other > (c.latin + c.other) * MAX_OTHER_SCRIPT_SHARE) {
    if (cjk < c.other * MIN_CJK_SHARE) return undefined;
    return c.kana >= cjk * MIN_KANA_SHARE ? 'ja' : 'zh';
  }
  return isFrench(c) ? 'fr' : undefined;
}

function isFrench(c: ProseCounts): boolean {
  return c.frenchWords >= MIN_FRENCH_WORDS && c.frenchWords >= c.words * MIN_FRENCH_SHARE && c.frenchWords > c.notFrenchWords;
}
