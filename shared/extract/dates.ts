/**
 * Extracts dates: ISO (`2024-01-15`), written (`January 15, 2024`,
 * `Jan 15 2024`, `15 January 2024`, `Jan 15`, `March 2024`), quarters (`Q3`,
 * `Q3 2024`), fiscal years (`FY2024`, `FY24`, `fiscal 2024`) and relative
 * durations (`3 days ago`). Written and ISO dates carry each other's
 * spellings as forms; quarters match only themselves, never `third quarter`.
 *
 * Every pattern is anchored by a look-behind to the start of a word and has
 * only bounded repetitions, so each attempt costs a constant.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import { fullDateSpellings, isValidDay, monthDaySpellings, monthIndex, monthYearSpellings } from './months';

const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember|t)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const ORDINAL = '(?:st|nd|rd|th)?';

const ISO_DATE = /(?<![\w.\-/])(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const MONTH_FIRST = new RegExp(`(?<!\\w)${MONTH}\\.?(?: (\\d{1,2})${ORDINAL}(?:,? (\\d{4}))?| (\\d{4}))?(?!\\w)`, 'g');
const DAY_FIRST = new RegExp(`(?<![\\w.,])(\\d{1,2})${ORDINAL} ${MONTH}\\.?(?: (\\d{4}))?(?!\\w)`, 'g');
const QUARTER = /(?<!\w)Q([1-4])(?: (\d{4}))?(?!\w)/g;
const FISCAL = /(?<!\w)(?:FY ?(\d{4}|\d{2})|[Ff]iscal (?:[Yy]ear )?(\d{4}))(?!\w)/g;
const RELATIVE = /(?<![\w.,])\d{1,4} (?:second|minute|hour|day|week|month|year)s? ago(?!\w)/g;

export function extractDates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const add = (start: number, literal: string, spellings: string[], role?: Candidate['role']): void => {
    const c: Candidate = { type: 'date', start, end: start + literal.length, forms: uniqueForms([literal, ...spellings]) };
    if (role) c.role = role;
    out.push(c);
  };

  for (const m of text.matchAll(ISO_DATE)) {
    const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    if (month < 0 || month > 11 || !isValidDay(year, month, day)) continue;
    add(m.index, m[0], fullDateSpellings(year, month, day));
  }
  for (const m of text.matchAll(MONTH_FIRST)) {
    const spellings = writtenDate(m[1], m[2], m[3] ?? m[4]);
    if (spellings) add(m.index, m[0], spellings);
  }
  for (const m of text.matchAll(DAY_FIRST)) {
    const spellings = writtenDate(m[2], m[1], m[3]);
    if (spellings) add(m.index, m[0], spellings);
  }
  for (const m of text.matchAll(QUARTER)) {
    add(m.index, m[0], m[2] ? [`${m[2]} Q${m[1]}`] : []);
  }
  for (const m of text.matchAll(FISCAL)) {
    const digits = m[1] ?? m[2];
    const year = digits.length === 2 ? 2000 + Number(digits) : Number(digits);
    add(m.index, m[0], fiscalSpellings(year));
  }
  for (const m of text.matchAll(RELATIVE)) add(m.index, m[0], [], 'relative');
  return out;
}

/** Spellings for a month name with a day, a year or both; undefined when it is not a date (`May` alone, `Jan 45`). */
function writtenDate(monthName: string, dayText: string | undefined, yearText: string | undefined): string[] | undefined {
  const month = monthIndex(monthName);
  if (month < 0) return undefined;
  const year = yearText === undefined ? undefined : Number(yearText);
  if (dayText === undefined) return year === undefined ? undefined : monthYearSpellings(year, month);
  const day = Number(dayText);
  if (!isValidDay(year, month, day)) return undefined;
  return year === undefined ? monthDaySpellings(month, day) : fullDateSpellings(year, month, day);
}

function fiscalSpellings(year: number): string[] {
  const short = String(year % 100).padStart(2, '0');
  return [`FY${year}`, `FY${short}`, `FY ${year}`, `FY ${short}`, `fiscal ${year}`, `fiscal year ${year}`];
}
