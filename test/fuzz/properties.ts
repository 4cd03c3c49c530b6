/**
 * What must hold for any input: no parser throws, detection and checking do
 * not throw, and every range reported lies inside the text it indexes.
 * Returns what broke, or undefined.
 */
import { checkTranscript } from '../../shared/check/checkTranscript';
import { classify } from '../../shared/pipeline/classify';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import type { FormatParser, Transcript } from '../../shared/transcript/model';
import type { FuzzInput } from './mutations';

const BY_ID = new Map(ALL_FORMATS.map((f) => [f.id, f]));

function rangesInside(t: Transcript, raw: string): string | undefined {
  for (const s of t.segments) {
    if (s.source !== undefined) continue;
    const start = s.map.toRaw(0);
    const end = s.map.toRaw(s.text.length);
    if (!(start >= 0 && start <= end && end <= raw.length)) return `segment ${s.id} (${s.label ?? s.role}) at [${start}, ${end}) outside 0..${raw.length}`;
  }
  for (const e of t.errors) {
    if (!(e.rawRange[0] >= 0 && e.rawRange[0] <= e.rawRange[1] && e.rawRange[1] <= raw.length)) return `error "${e.message}" at [${e.rawRange}] outside 0..${raw.length}`;
  }
  return undefined;
}

function checkedInside(t: Transcript, raw: string): string | undefined {
  const check = checkTranscript(t, { profile: 'refined' });
  for (const o of check.outputs) {
    const seg = t.segments[o.segment];
    for (const e of o.result.entities) {
      for (const [a, b] of e.occurrences) {
        if (!(a >= 0 && a <= b && b <= seg.text.length)) return `entity "${e.text}" at [${a}, ${b}) outside output ${o.segment} (${seg.text.length})`;
        if (seg.source !== undefined) continue;
        const ra = seg.map.toRaw(a);
        const rb = seg.map.toRaw(b);
        if (!(ra >= 0 && ra <= rb && rb <= raw.length)) return `entity "${e.text}" maps to [${ra}, ${rb}) outside 0..${raw.length}`;
      }
    }
  }
  return undefined;
}

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
      for (const [c, d] of e.locations) if (!(c >= 0 && c <= d && d <= context.length)) return `${profile}: location of "${e.text}" at [${c}, ${d}) outside the context (${context.length})`;
    }
  }
  return undefined;
}
