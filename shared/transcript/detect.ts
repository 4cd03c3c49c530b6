/**
 * Picks the format of a file and parses it. Only the first 64 KB are shown
 * to the parsers' sniffers, so a multi-MB file that is not a transcript is
 * turned away without being read; a parser that fails becomes a located
 * error in an empty transcript instead of an exception.
 */
import { ALL_FORMATS } from './formats';
import type { FormatParser, ParseInput, Transcript } from './model';

/** How much of the file (decoded UTF-16 units) the sniffers see. */
export const SNIFF_LENGTH = 64 * 1024;

export interface NotTranscript {
  notTranscript: true;
  reason: string;
}

export interface DetectedFormat {
  parser: FormatParser;
  score: number;
}

export function isNotTranscript(x: Transcript | NotTranscript): x is NotTranscript {
  return (x as NotTranscript).notTranscript === true;
}

/** The most confident parser for a file starting with `head`; ties go to the earlier one. */
export function detectFormat(
  head: string,
  path?: string,
  formats: readonly FormatParser[] = ALL_FORMATS,
): DetectedFormat | undefined {
  let best: DetectedFormat | undefined;
  for (const parser of formats) {
    let score = 0;
    try {
      score = parser.sniff(head, path);
    } catch {
      // A sniffer that trips over unexpected input simply does not claim it.
      score = 0;
    }
    if (Number.isFinite(score) && score > 0 && (!best || score > best.score)) best = { parser, score };
  }
  return best;
}

export function parseTranscript(
  input: ParseInput,
  formats: readonly FormatParser[] = ALL_FORMATS,
): Transcript | NotTranscript {
  const head = sniffHead(input.raw);
  const detected = detectFormat(head, input.path, formats);
  if (!detected) {
    return {
      notTranscript: true,
      reason: `not a transcript or RAG fixture groundcheck knows: ${describeHead(head, head.length === input.raw.length)}`,
    };
  }
  try {
    return detected.parser.parse(input);
  } catch (err) {
    return failedParse(detected.parser, input.raw, err);
  }
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
function describeHead(head: string, complete: boolean): string {
  const start = firstNonSpace(head);
  if (start === head.length) return 'the file is empty.';
  const first = head[start];
  if (first === '{' || first === '[') {
    if (complete) {
      try {
        return `${describeJson(JSON.parse(head))} that matches no known format.`;
      } catch {
        // Not one JSON document (JSON Lines, or broken): fall through.
      }
    }
    return 'JSON that matches no known format.';
  }
  if (head.startsWith('PK\u0003\u0004')) return 'a zip archive that is not an Inspect .eval log.';
  const header = looksLikeCsvHeader(head, start);
  if (header) {
    const columns = header.split(',').slice(0, 6).map((c) => c.trim().replace(/^"|"$/g, ''));
    return `a table with columns ${columns.join(', ')} and no output/context columns groundcheck knows.`;
  }
  return 'text with no recognisable chat or trace structure.';
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

function firstNonSpace(s: string): number {
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) break;
    i++;
  }
  return i;
}
