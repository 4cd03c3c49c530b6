/**
 * Numeric ranges joined by a hyphen or dash (`3-4 minutes`, `50–60 min`,
 * `38-43°C`, `2004-2010`), and whole numbers with a fraction (`2 1/2
 * hours`). Extraction treats a hyphen or slash between digits as part of a
 * code (`SKU-12`) and skips the number, so a cooking time or a temperature
 * range was never checked. Lookup tries the usual ways of writing the same
 * range (`3 to 4 minutes`, `3–4 minutes`, `between 3 and 4 minutes`).
 */
import type { ExtractedEntity, Range } from '../classifier/types';
import { narrowed } from '../extract/narrowed';
import { RangeSet } from './rangeSet';
import { bySpanStart } from './spanOrder';

const RANGE = /(?<![\w.,/\-–])(\d{1,4}(?:\.\d{1,3})?) ?([-–—]) ?(\d{1,4}(?:\.\d{1,3})?)(?!\d)(?![.,/\-–]\d)( ?(?:%|°[CF]|[A-Za-z]{2,12}))?/g;
const FRACTION = /(?<![\w.,/])(\d{1,3}) (1\/2|1\/3|2\/3|1\/4|3\/4)(?![\d/])( [A-Za-z]{2,12})?/g;

export function findNumericRanges(output: string): ExtractedEntity[] {
  const out: ExtractedEntity[] = [];
  for (const m of output.matchAll(RANGE)) {
    // A date written with hyphens (`2024-01-15`) has a second hyphen right after.
    const end = m.index + m[0].length;
    if (/^[-–]\d/.test(output.slice(end, end + 2))) continue;
    const [a, b, unit] = [m[1], m[3], m[4] ?? ''];
    const bare = unit.trimStart();
    const space = unit.startsWith(' ') || bare.length > 2 ? ' ' : '';
    const tail = bare ? `${space}${bare}` : '';
    const forms = [m[0], `${a}-${b}${tail}`, `${a}–${b}${tail}`, `${a} to ${b}${tail}`, `${a} - ${b}${tail}`, `between ${a} and ${b}${tail}`];
    if (bare === '%' || bare.startsWith('°')) forms.push(`${a}${bare} to ${b}${bare}`, `${a}${bare}-${b}${bare}`);
    out.push(entity(output, m.index, end, forms));
  }
  for (const m of output.matchAll(FRACTION)) {
    const end = m.index + m[0].length;
    const tail = m[3] ?? '';
    const glyph = { '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾' }[m[2]]!;
    out.push(entity(output, m.index, end, [m[0], `${m[1]}${glyph}${tail}`, `${m[1]} ${glyph}${tail}`, `${m[1]}-${m[2]}${tail}`]));
  }
  return out;
}

function entity(output: string, start: number, end: number, forms: string[]): ExtractedEntity {
  const span: Range = [start, end];
  return { text: output.slice(start, end), type: 'number', span, forms: [...new Set(forms)], occurrences: [span] };
}

/**
 * The extracted entities with ranges added. A range replaces the bare
 * numbers extraction read inside it (the `2` of `2 1/2 hours`); one that
 * overlaps any other entity yields to it. Repeats of one range merge.
 */
export function withNumericRanges(output: string, extracted: readonly ExtractedEntity[]): ExtractedEntity[] {
  const found = findNumericRanges(output);
  // Most outputs hold no range: the other entities' places are gathered only for one that does.
  if (found.length === 0) return extracted.slice();
  const others = new RangeSet(extracted.filter((e) => e.type !== 'number').flatMap((e) => e.occurrences));
  const byText = new Map<string, ExtractedEntity>();
  for (const r of found) {
    if (others.overlaps(r.span[0], r.span[1])) continue;
    const seen = byText.get(r.text);
    if (seen) seen.occurrences.push(r.span);
    else byText.set(r.text, r);
  }
  if (byText.size === 0) return extracted.slice();
  const ranges = new RangeSet([...byText.values()].flatMap((r) => r.occurrences));
  const kept: ExtractedEntity[] = [];
  for (const e of extracted) {
    const occurrences = e.type === 'number' ? e.occurrences.filter((o) => !ranges.overlaps(o[0], o[1])) : e.occurrences;
    if (occurrences.length === e.occurrences.length) kept.push(e);
    else if (occurrences.length > 0) kept.push(narrowed(e, output, occurrences));
  }
  return bySpanStart([...kept, ...byText.values()]);
}

/** `3-4 minutes`: a range, which no single value in the context contradicts. */
export function isNumericRange(text: string): boolean {
  return /\d ?[-–—] ?\d|\d \d\/\d/.test(text);
}
