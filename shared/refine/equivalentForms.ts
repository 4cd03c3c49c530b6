/**
 * More spellings of the same number for lookup, each a rule people write by:
 * small numbers in words (`12` ⇄ `twelve`), ordinals in words (`3rd` ⇄
 * `third`), `per cent` for `%`, and optionally continental separators
 * (`1,234.56` ⇄ `1.234,56`) and quarters in words (`Q3 2024` ⇄ `third
 * quarter of 2024`). Never a unit conversion or any arithmetic: the digits
 * stay the digits the output wrote. Place abbreviations, written for
 * records' addresses, are the records pack's (records/placeNames.ts).
 */
import type { ExtractedEntity } from '../classifier/types';

// biome-ignore format: a list of words or values reads best packed
const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
// biome-ignore format: a list of words or values reads best packed
const ORDINAL_ONES = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];

/** `0`–`99` in words (`forty-two`); undefined beyond. */
export function numberInWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0 || n > 99) return undefined;
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)] : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** `1`–`99` as an ordinal word (`21` → `twenty-first`). */
export function ordinalInWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 1 || n > 99) return undefined;
  if (n < 20) return ORDINAL_ONES[n];
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)];
  return unit === 0 ? `${tens.slice(0, -1)}ieth` : `${tens}-${ORDINAL_ONES[unit]}`;
}

/** `1,234.56` → `1.234,56` and `1234.56` → `1234,56`; undefined when nothing changes. */
export function continentalSpelling(core: string): string | undefined {
  if (!core.includes('.') && !core.includes(',')) return undefined;
  return core.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

export interface EquivalenceOptions {
  /** Also look for continental decimal and grouping separators. */
  localeSeparators: boolean;
  /** Also look for quarters in words (`third quarter`, `3rd quarter`). */
  quarterNames: boolean;
}

const QUARTER = /^Q([1-4])(?: (\d{4}))?$/;

/** `Q3` → `third quarter`, `3rd quarter`; `Q3 2024` adds `of 2024` and `2024` in front. */
export function quarterSpellings(text: string): string[] {
  const m = QUARTER.exec(text);
  if (!m) return [];
  const n = Number(m[1]);
  const names = [`${ordinalInWords(n)} quarter`, `${n}${['st', 'nd', 'rd', 'th'][n - 1]} quarter`];
  if (!m[2]) return names;
  return names.flatMap((q) => [`${q} of ${m[2]}`, `${q} ${m[2]}`, `${m[2]} ${q}`]);
}

const SMALL = /^(\d{1,2})((?: [a-z][a-z-]*)?)$/;
const ORDINAL = /^(\d{1,2})(?:st|nd|rd|th)$/;
const PERCENT = /^(.*\d)(?:%| percent)$/;

/**
 * Extra lookup forms for a number entity (none for other types). Word forms
 * occur inside other words (`two` in `network`), so a caller must accept
 * only matches on token boundaries.
 */
export function equivalentForms(entity: ExtractedEntity, options: EquivalenceOptions): string[] {
  if (entity.type === 'date' && options.quarterNames) return quarterSpellings(entity.text);
  if (entity.type !== 'number') return [];
  const extra: string[] = [];
  const text = entity.text;
  const small = SMALL.exec(text);
  if (small) {
    const words = numberInWords(Number(small[1]));
    if (words) extra.push(words + small[2]);
  }
  const ordinal = ORDINAL.exec(text);
  if (ordinal) {
    const words = ordinalInWords(Number(ordinal[1]));
    if (words) extra.push(words);
  }
  const percent = PERCENT.exec(text);
  if (percent) extra.push(`${percent[1]} per cent`);
  if (options.localeSeparators) {
    const core = /\d[\d.,]*\d/.exec(text);
    const swapped = core ? continentalSpelling(core[0]) : undefined;
    if (core && swapped) extra.push(text.slice(0, core.index) + swapped + text.slice(core.index + core[0].length));
  }
  return extra.filter((f) => !entity.forms.includes(f));
}
