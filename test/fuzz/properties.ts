/**
 * What must hold for any input: no parser throws, detection and checking do
 * not throw, every range reported lies inside the text it indexes, and an
 * entity's raw range holds the characters it names (verbatim, or as the
 * file's own escapes write them). Returns what broke, or undefined.
 */
import { checkTranscript } from '../../shared/check/checkTranscript';
import { classify } from '../../shared/pipeline/classify';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import type { FormatParser, Transcript } from '../../shared/transcript/model';
import type { FuzzInput } from './mutations';

const BY_ID = new Map(ALL_FORMATS.map((f) => [f.id, f]));

export function rangesInside(t: Transcript, raw: string): string | undefined {
  for (const s of t.segments) {
    if (s.source !== undefined) continue;
    const start = s.map.toRaw(0);
    const end = s.map.toRaw(s.text.length);
    if (!(start >= 0 && start <= end && end <= raw.length)) return `segment ${s.id} (${s.label ?? s.role}) at [${start}, ${end}) outside 0..${raw.length}`;
  }
  for (const e of t.errors) {
    if (!(e.rawRange[0] >= 0 && e.rawRange[0] <= e.rawRange[1] && e.rawRange[1] <= raw.length))
      return `error "${e.message}" at [${e.rawRange}] outside 0..${raw.length}`;
  }
  return undefined;
}

/** Checks the transcript; an entity's range outside its output or the file, or off the characters it names. */
export function checkedInside(t: Transcript, raw: string): string | undefined {
  return checkedRanges(t, raw)?.detail;
}

export function checkedRanges(t: Transcript, raw: string): { property: 'ranges inside the file' | 'ranges name their characters'; detail: string } | undefined {
  const outside = (detail: string) => ({ property: 'ranges inside the file' as const, detail });
  const check = checkTranscript(t, { profile: 'refined' });
  for (const o of check.outputs) {
    const seg = t.segments[o.segment];
    for (const e of o.result.entities) {
      for (const [a, b] of e.occurrences) {
        if (!(a >= 0 && a <= b && b <= seg.text.length)) return outside(`entity "${e.text}" at [${a}, ${b}) outside output ${o.segment} (${seg.text.length})`);
        if (seg.source !== undefined) continue;
        const ra = seg.map.toRaw(a);
        const rb = seg.map.toRaw(b);
        if (!(ra >= 0 && ra <= rb && rb <= raw.length)) return outside(`entity "${e.text}" maps to [${ra}, ${rb}) outside 0..${raw.length}`);
        const named = seg.text.slice(a, b);
        if (!spells(raw.slice(ra, rb), named)) {
          return {
            property: 'ranges name their characters' as const,
            detail: `entity "${e.text}" at [${a}, ${b}) of output ${o.segment} reads ${JSON.stringify(named)} but its raw range [${ra}, ${rb}) holds ${JSON.stringify(raw.slice(ra, rb))}`,
          };
        }
      }
    }
  }
  return undefined;
}

/**
 * Whether raw text is `decoded` as a file writes it: verbatim, or undone by
 * up to three of the file's escapes in turn (a CSV cell's doubled quote, a
 * JSON string's escapes, a Python literal's quote and backslash escapes,
 * JSON held in a JSON string or in a CSV cell, a lone
 * surrogate read as U+FFFD the way a UTF-8 reader reads it).
 */
function spells(rawText: string, decoded: string): boolean {
  let layer = [rawText];
  for (let depth = 0; depth <= 3; depth++) {
    if (layer.includes(decoded)) return true;
    layer = layer.flatMap((s) => UNDO.map((undo) => undo(s)).filter((u): u is string => u !== undefined && u !== s));
  }
  return false;
}

const UNDO: ((s: string) => string | undefined)[] = [
  (s) => s.replaceAll('""', '"'),
  // A Python string literal (RAGAS writes lists with repr): a known escape is undone, an unknown one keeps its backslash.
  (s) => s.replace(/\\(["'\\])/g, '$1'),
  (s) => Buffer.from(s, 'utf8').toString('utf8'),
  (s) => {
    try {
      return JSON.parse(`"${s}"`) as string;
    } catch {
      return undefined;
    }
  },
];

function parsedBy(parser: FormatParser, input: FuzzInput): Transcript {
  const bytes = input.seed?.zip ? new Uint8Array(Buffer.from(input.raw, 'latin1')) : undefined;
  return parser.parse({ raw: input.raw, bytes, readFile: () => ({ notRead: 'not read while fuzzing' }) });
}

/** Parse with the seed's own parser, then detect and check as a user's file is. */
export function transcriptProperty(input: FuzzInput): string | undefined {
  const own = input.seed ? BY_ID.get(input.seed.format) : undefined;
  if (own) {
    let t: Transcript;
    try {
      t = parsedBy(own, input);
    } catch (err) {
      return `${own.id} parser threw: ${err instanceof Error ? err.message : String(err)}`;
    }
    const bad = rangesInside(t, input.raw);
    if (bad) return `${own.id}: ${bad}`;
  }
  const parsed = parseTranscript({ raw: input.raw, readFile: () => ({ notRead: 'not read while fuzzing' }) });
  if (isNotTranscript(parsed)) return undefined;
  return rangesInside(parsed, input.raw) ?? checkedInside(parsed, input.raw);
}

/** The classifier on an output and a context of any text. */
export function classifierProperty(output: string, context: string): string | undefined {
  for (const profile of ['spec', 'refined'] as const) {
    const r = classify({ output, context, options: { profile } });
    for (const e of r.entities) {
      const [a, b] = e.span;
      if (!(a >= 0 && a <= b && b <= output.length)) return `${profile}: entity "${e.text}" at [${a}, ${b}) outside the output (${output.length})`;
      for (const [c, d] of e.locations)
        if (!(c >= 0 && c <= d && d <= context.length)) return `${profile}: location of "${e.text}" at [${c}, ${d}) outside the context (${context.length})`;
    }
  }
  return undefined;
}
