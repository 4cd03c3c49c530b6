/**
 * Picks the format of a file and parses it. Only the first 64 KB are shown
 * to the parsers' sniffers, so a multi-MB file that is not a transcript is
 * turned away without being read; a parser that fails becomes a located
 * error in an empty transcript instead of an exception.
 *
 * A sniffer's score counts only when the file's structure agrees (its
 * container, and the format's fields as keys or columns rather than words in
 * prose): a README that mentions `question, contexts, answer` is turned away
 * as Markdown that resembles a RAGAS dataset, not read as a broken CSV.
 *
 * A JSON file whose first record runs past the window (a fixture row with
 * 100 KB of retrieved documents before its answer) is looked at once more,
 * condensed (see condensedHead.ts), so no key of that record is out of sight.
 */
import { ALL_FORMATS } from './formats';
import { condensedHead } from './condensedHead';
import { canReadOn } from './parseAppendedLines';
import { containerOf, type FileKind, skipSpace, textKindOf } from './headShape';
import { DEFAULT_MAX_SEGMENTS, type FormatParser, type HeadContainer, type ParseInput, type Transcript } from './model';

/** How much of the file (decoded UTF-16 units) the sniffers see. */
export const SNIFF_LENGTH = 64 * 1024;

/**
 * How much of a JSON file is condensed when its head matched nothing and
 * ended inside it: a first record longer than this is not looked into.
 */
export const CONDENSE_LENGTH = 16 * 1024 * 1024;

export interface NotTranscript {
  notTranscript: true;
  reason: string;
  /** What the file is instead, for counts of skipped files. */
  kind: FileKind;
  /** The format whose words it holds without its structure. */
  resembles?: string;
}

export interface DetectedFormat {
  parser: FormatParser;
  score: number;
}

export function isNotTranscript<T extends object>(x: T | NotTranscript): x is NotTranscript {
  return (x as NotTranscript).notTranscript === true;
}

/** The most confident parser for a file starting with `head`; ties go to the earlier one. */
export function detectFormat(head: string, path?: string, formats: readonly FormatParser[] = ALL_FORMATS): DetectedFormat | undefined {
  return weigh(head, path, formats).best;
}

/**
 * The format of a file from its head, or why it is none (all of `head` when
 * `complete`). `further` gives the file's first CONDENSE_LENGTH units, asked
 * for only when a JSON head matched nothing and the file goes on.
 */
export function recognise(
  head: string,
  path: string | undefined,
  complete: boolean,
  further?: () => string,
  formats: readonly FormatParser[] = ALL_FORMATS,
): DetectedFormat | NotTranscript {
  const container = containerOf(head);
  const { best, resembled } = weigh(head, path, formats, container);
  if (best) return best;
  if (!complete && container === 'json' && further) {
    const condensed = condensedHead(further(), SNIFF_LENGTH);
    const again = condensed === undefined ? undefined : weigh(condensed, path, formats, 'json').best;
    if (again) return again;
  }
  const { kind, description } = describeHead(head, complete, path, container);
  const like = resembled ? ` Closest format: ${resembled.label} (${whyNot(resembled, container, kind)}).` : '';
  return {
    notTranscript: true,
    reason: `not a transcript or RAG fixture groundcheck knows: ${description}${like}`,
    kind,
    ...(resembled ? { resembles: resembled.label } : {}),
  };
}

function whyNot(parser: FormatParser, container: HeadContainer, kind: FileKind): string {
  if (parser.containers && !parser.containers.includes(container)) {
    const wanted = parser.containers.map((c) => CONTAINER_NAMES[c]).join(' or ');
    return `its markers appear, but this is ${kind === 'text' ? 'plain text' : kind}, not ${wanted}`;
  }
  return `its field names appear, but not as ${container === 'json' ? 'JSON keys' : 'the columns of a CSV header'}`;
}

const CONTAINER_NAMES: Record<HeadContainer, string> = {
  json: 'JSON',
  events: 'an event stream',
  zip: 'a zip',
  text: 'text',
};

/** The best parser whose structure the head has, and the best one whose words it merely holds. */
function weigh(head: string, path: string | undefined, formats: readonly FormatParser[], container = containerOf(head)) {
  let best: DetectedFormat | undefined;
  let resembled: DetectedFormat | undefined;
  for (const parser of formats) {
    const score = scoreOf(parser, head, path);
    if (score <= 0) continue;
    if (fits(parser, head, container)) {
      if (!best || score > best.score) best = { parser, score };
    } else if (!resembled || score > resembled.score) resembled = { parser, score };
  }
  return { best, resembled: resembled?.parser };
}

function scoreOf(parser: FormatParser, head: string, path: string | undefined): number {
  try {
    const score = parser.sniff(head, path);
    return Number.isFinite(score) ? score : 0;
  } catch {
    // A sniffer that trips over unexpected input simply does not claim it.
    return 0;
  }
}

function fits(parser: FormatParser, head: string, container: HeadContainer): boolean {
  if (parser.containers && !parser.containers.includes(container)) return false;
  try {
    return parser.structure ? parser.structure(head, container) : true;
  } catch {
    return false;
  }
}

export function parseTranscript(input: ParseInput, formats: readonly FormatParser[] = ALL_FORMATS): Transcript | NotTranscript {
  const head = sniffHead(input.raw);
  const further = () => input.raw.slice(0, CONDENSE_LENGTH);
  const detected = recognise(head, input.path, head.length === input.raw.length, further, formats);
  if (isNotTranscript(detected)) return detected;
  return parseAs(detected.parser, input);
}

/**
 * Parses with a parser already chosen (the format of a stream, detected on
 * its head), as a detected file is parsed: segments capped, a failing parser
 * turned into a located error.
 */
export function parseAs(parser: FormatParser, input: ParseInput): Transcript {
  try {
    return capSegments(sayIfEmpty(parser, parser.parse(input), input.raw), input.maxSegments ?? DEFAULT_MAX_SEGMENTS, input.raw.length);
  } catch (err) {
    return failedParse(parser, input.raw, err);
  }
}

/**
 * A file its sniffer claimed that gave no segment and no error would pass
 * as a checked file with nothing wrong: say at its first line that nothing
 * in it was read. A file read line by line is left to its reader, which may
 * yet read lines appended later.
 */
function sayIfEmpty(parser: FormatParser, t: Transcript, raw: string): Transcript {
  if (t.segments.length > 0 || t.errors.length > 0 || raw.trim() === '' || canReadOn(t)) return t;
  const end = raw.indexOf('\n');
  const error = {
    message: `Read as ${parser.label}, but no message in it was found: nothing in this file is checked.`,
    rawRange: [0, Math.min(end === -1 ? raw.length : end, raw.length)] as [number, number],
    line: 0,
  };
  return { ...t, errors: [error] };
}

/** Keeps the first `max` segments in file order; where the first one left out starts is the error's place. */
function capSegments(t: Transcript, max: number, rawLength: number): Transcript {
  if (t.segments.length <= max) return t;
  const first = t.segments[max];
  // A segment from a referenced file or a zip entry has no place in this file: point at its start.
  const inFile = first.source === undefined;
  const at = inFile ? Math.min(first.map.toRaw(0), rawLength) : 0;
  const segments = t.segments.slice(0, max);
  for (const s of segments) {
    if (s.parent >= max) s.parent = -1;
    if (s.compactedFrom !== undefined && s.compactedFrom >= max) delete s.compactedFrom;
  }
  const error = {
    message: `More than ${max} segments (maxSegments): the rest of the file, from here on, is not checked.`,
    rawRange: [at, Math.min(at + 1, rawLength)] as [number, number],
    line: inFile ? first.line : 0,
  };
  return { ...t, segments, errors: [...t.errors, error] };
}

function sniffHead(raw: string): string {
  if (raw.length <= SNIFF_LENGTH) return raw;
  // Do not cut a surrogate pair in half: a sniffer may look at the last character.
  const cut = (raw.charCodeAt(SNIFF_LENGTH - 1) & 0xfc00) === 0xd800 ? SNIFF_LENGTH - 1 : SNIFF_LENGTH;
  return raw.slice(0, cut);
}

function failedParse(parser: FormatParser, raw: string, err: unknown): Transcript {
  const firstLineEnd = raw.indexOf('\n');
  const message = err instanceof Error ? err.message : String(err);
  return {
    format: parser.id,
    segments: [],
    errors: [
      {
        message: `The ${parser.label} reader failed on this file: ${message}`,
        rawRange: [0, firstLineEnd === -1 ? raw.length : firstLineEnd],
        line: 0,
      },
    ],
    gaps: [],
  };
}

/** A few words on what the file looks like, so the user sees why it was turned away. */
function describeHead(head: string, complete: boolean, path: string | undefined, container: HeadContainer): { kind: FileKind; description: string } {
  const start = skipSpace(head, 0);
  if (start === head.length) return { kind: 'empty', description: 'the file is empty.' };
  if (container === 'json') {
    if (complete) {
      try {
        return { kind: 'JSON', description: `${describeJson(JSON.parse(head))} that matches no known format.` };
      } catch {
        // Not one JSON document (JSON Lines, or broken): fall through.
      }
    }
    return { kind: 'JSON', description: 'JSON that matches no known format.' };
  }
  if (container === 'zip') return { kind: 'zip', description: 'a zip archive that is not an Inspect .eval log.' };
  const kind = textKindOf(head, path);
  const header = kind === 'text' ? looksLikeCsvHeader(head, start) : undefined;
  if (header) {
    const columns = header
      .split(',')
      .slice(0, 6)
      .map((c) => c.trim().replace(/^"|"$/g, ''));
    return { kind: 'table', description: `a table with columns ${columns.join(', ')} and no output/context columns groundcheck knows.` };
  }
  if (kind === 'Markdown') return { kind, description: 'Markdown with no chat or trace structure.' };
  if (kind === 'source code') return { kind, description: 'source code, not a chat or trace.' };
  if (kind === 'YAML') return { kind, description: 'YAML that is not a promptfoo config.' };
  return { kind, description: 'text with no recognisable chat or trace structure.' };
}

/** The header line when the first two lines have the same, non-zero number of commas. */
function looksLikeCsvHeader(head: string, start: number): string | undefined {
  const end1 = head.indexOf('\n', start);
  if (end1 === -1 || end1 - start > 2000) return undefined;
  let end2 = head.indexOf('\n', end1 + 1);
  if (end2 === -1) end2 = head.length;
  if (end2 - end1 > 20000) return undefined;
  const first = head.slice(start, end1).replace(/\r$/, '');
  const commas = countCommas(first);
  return commas > 0 && commas === countCommas(head.slice(end1 + 1, end2)) ? first : undefined;
}

function countCommas(s: string): number {
  let n = 0;
  for (let i = s.indexOf(','); i !== -1; i = s.indexOf(',', i + 1)) n++;
  return n;
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 5).join(', ');
    return keys.length === 0 ? 'an empty JSON object' : `a JSON object with keys ${shown}${keys.length > 5 ? ', …' : ''}`;
  }
  return 'a JSON value';
}
