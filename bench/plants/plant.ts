/**
 * A generated plant: one value in one output, as decoded text and as the
 * exact raw bytes it occupies, with the replacement that stands in for it.
 * Replacements are plain ASCII (letters, digits and `._-/:@`, spaces), which
 * read the same escaped in a JSON string or verbatim in Markdown, so one
 * string serves both the decoded text and the raw file.
 */
import type { Range } from '../../shared/classifier/types';
import type { Transcript } from '../../shared/transcript/model';

export const PLANT_KINDS = [
  'renamed-identifier',
  'wrong-line',
  'changed-count',
  'changed-version',
  'changed-port',
  'untouched-path',
  'invented-flag',
  'invented-library',
  'code-block-token',
  'changed-error',
] as const;

export type PlantKind = (typeof PLANT_KINDS)[number];

/** What a kind proposes in an answer's decoded text. */
export interface Site {
  start: number;
  end: number;
  replace: string;
}

export interface GeneratedPlant {
  kind: PlantKind;
  /** Output segment the plant is in. */
  segment: number;
  /** Decoded range of the original value in the segment's text. */
  decoded: Range;
  find: string;
  replace: string;
  /** Raw range of the original value: `raw.slice(...rawRange)` decodes to `find`. */
  rawRange: Range;
}

const SAFE = /^[\w.\-/:@ ]+$/;

/**
 * The plant for a site, or why it cannot be placed: the replacement must be
 * safe to write unescaped, and the raw bytes under the site must be the
 * value itself or its JSON escaping (doubly escaped text, as in a JSON
 * string inside a JSON string, is refused rather than guessed at).
 */
export function placeSite(raw: string, transcript: Transcript, kind: PlantKind, segment: number, site: Site): GeneratedPlant | string {
  const s = transcript.segments[segment];
  const find = s.text.slice(site.start, site.end);
  if (find === site.replace) return 'replacement equals the original';
  if (!SAFE.test(site.replace)) return `replacement ${JSON.stringify(site.replace)} would need escaping`;
  const rawRange: Range = [s.map.toRaw(site.start), s.map.toRaw(site.end)];
  const rawFind = raw.slice(rawRange[0], rawRange[1]);
  if (rawFind !== find && !jsonEscapeOf(rawFind, find)) return `raw text ${JSON.stringify(rawFind)} is not ${JSON.stringify(find)} or its JSON escaping`;
  return { kind, segment, decoded: [site.start, site.end], find, replace: site.replace, rawRange };
}

function jsonEscapeOf(rawText: string, decoded: string): boolean {
  // A lone trailing backslash or a quote would end or break the string: not a whole escaped value.
  try {
    return JSON.parse(`"${rawText}"`) === decoded;
  } catch {
    return false;
  }
}

/** The raw file with the plant applied, and where its changed characters sit in it. */
export function plantedRaw(raw: string, plant: GeneratedPlant): { raw: string; changed: Range } {
  const [s, e] = plant.rawRange;
  const { start, end } = changedPart(plant.find, plant.replace);
  return { raw: raw.slice(0, s) + plant.replace + raw.slice(e), changed: [s + start, s + end] };
}

/** The output's text with the plant applied, and where its changed characters sit in it. */
export function plantedText(text: string, plant: GeneratedPlant): { text: string; changed: Range } {
  const [s, e] = plant.decoded;
  const { start, end } = changedPart(plant.find, plant.replace);
  return { text: text.slice(0, s) + plant.replace + text.slice(e), changed: [s + start, s + end] };
}

/** The part of `replace` that differs from `find` (common prefix and suffix dropped), at least one unit wide. */
export function changedPart(find: string, replace: string): { start: number; end: number } {
  let start = 0;
  while (start < find.length && start < replace.length && find[start] === replace[start]) start++;
  let end = 0;
  while (end < find.length - start && end < replace.length - start && find[find.length - 1 - end] === replace[replace.length - 1 - end]) end++;
  return { start, end: Math.max(start + 1, replace.length - end) };
}
