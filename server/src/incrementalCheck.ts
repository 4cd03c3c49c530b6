/**
 * Re-checks a file after an edit inside one line without re-parsing the
 * rest: when the edited line holds only model-written segments (which never
 * ground anything unless echoes count), the line is parsed on its own by the
 * same parser, its segments replace the old ones, later segments shift by the
 * edit's length, and only the outputs on that line are classified again,
 * against the index kept from the last full check. Anything else returns
 * undefined and the caller runs a full check.
 */
import { checkOutput } from '../../shared/check/checkTranscript';
import type { Range } from '../../shared/classifier/types';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import { ECHO_ROLES, type OffsetMap, type Segment } from '../../shared/transcript/model';
import { checkOptionsFrom, outputFinding, transcriptAnalysis, type Analyzed } from './analyze';
import type { FileAnalysis, OutputFinding } from './findings';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { OffsetEdit } from './textEdits';

/** A map whose raw offsets moved by `delta`; shifting a shifted map folds the deltas. */
class ShiftedMap implements OffsetMap {
  constructor(
    readonly inner: OffsetMap,
    readonly delta: number,
  ) {}
  toRaw(i: number): number {
    return this.inner.toRaw(i) + this.delta;
  }
  static of(map: OffsetMap, delta: number): OffsetMap {
    if (delta === 0) return map;
    return map instanceof ShiftedMap ? new ShiftedMap(map.inner, map.delta + delta) : new ShiftedMap(map, delta);
  }
}

export function checkIncrementally(
  previous: Analyzed,
  oldRaw: string,
  edit: OffsetEdit,
  settings: GroundcheckSettings,
): Analyzed | undefined {
  const t = previous.transcript;
  const check = previous.check;
  if (!t || !check || settings.modelOutputsAsContext) return undefined;
  if (oldRaw.slice(edit.start, edit.end).includes('\n') || edit.text.includes('\n')) return undefined;
  const lineStart = oldRaw.lastIndexOf('\n', edit.start - 1) + 1;
  const nl = oldRaw.indexOf('\n', edit.end);
  const lineEnd = nl === -1 ? oldRaw.length : nl;
  const onLine = segmentsBetween(t.segments, lineStart, lineEnd);
  if (onLine.length === 0 || !onLine.every((s) => ECHO_ROLES.has(s.role))) return undefined;
  if (t.errors.some((e) => e.rawRange[0] < lineEnd && e.rawRange[1] > lineStart)) return undefined;

  const parser = ALL_FORMATS.find((f) => f.id === t.format);
  if (!parser) return undefined;
  const newLine = oldRaw.slice(lineStart, edit.start) + edit.text + oldRaw.slice(edit.end, lineEnd);
  let alone;
  try {
    alone = parser.parse({ raw: newLine });
  } catch {
    return undefined;
  }
  if (alone.errors.length > 0 || alone.segments.length !== onLine.length) return undefined;
  if (alone.segments.some((s, i) => s.role !== onLine[i].role || s.isOutput !== onLine[i].isOutput)) return undefined;

  const delta = edit.text.length - (edit.end - edit.start);
  const first = onLine[0].id;
  const last = onLine[onLine.length - 1].id;
  for (let i = 0; i < alone.segments.length; i++) {
    const old = t.segments[first + i];
    t.segments[first + i] = { ...old, text: alone.segments[i].text, map: ShiftedMap.of(alone.segments[i].map, lineStart) };
  }
  for (let id = last + 1; id < t.segments.length; id++) {
    const s = t.segments[id];
    t.segments[id] = { ...s, map: ShiftedMap.of(s.map, delta) };
  }
  for (const e of t.errors) e.rawRange = shiftRange(e.rawRange, lineEnd, delta);

  const options = checkOptionsFrom(settings);
  const budget = { left: Number.POSITIVE_INFINITY };
  const outputs: OutputFinding[] = [];
  let k = 0;
  for (let i = 0; i < check.outputs.length; i++) {
    const o = check.outputs[i];
    if (o.segment >= first && o.segment <= last) {
      check.outputs[i] = checkOutput(check.index, o.segment, options);
      outputs.push(outputFinding(t, check.outputs[i], budget));
    } else {
      outputs.push(shiftOutput(previous.analysis.outputs[k], lineEnd, delta));
    }
    k++;
  }
  const analysis: FileAnalysis = transcriptAnalysis(t, outputs, 'incremental');
  return { analysis, transcript: t, check };
}

/** Segments whose raw text lies within `[from, to]`, or none if one straddles the edge. */
function segmentsBetween(segments: readonly Segment[], from: number, to: number): Segment[] {
  // Segments are in file order; binary search for the first that starts at or after `from`.
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid].map.toRaw(0) < from) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0) {
    const prev = segments[lo - 1];
    if (prev.map.toRaw(prev.text.length) > from) return [];
  }
  const out: Segment[] = [];
  for (let i = lo; i < segments.length && segments[i].map.toRaw(0) <= to; i++) {
    const s = segments[i];
    if (s.map.toRaw(s.text.length) > to) return [];
    out.push(s);
  }
  return out;
}

function shiftRange(r: Range, at: number, delta: number): Range {
  return [r[0] >= at ? r[0] + delta : r[0], r[1] >= at ? r[1] + delta : r[1]];
}

/** An unchanged output's findings with every raw offset past the edit moved. */
function shiftOutput(o: OutputFinding, at: number, delta: number): OutputFinding {
  if (delta === 0) return o;
  const shift = (r: Range) => shiftRange(r, at, delta);
  return {
    ...o,
    raw: shift(o.raw),
    entities: o.entities.map((e) => {
      const moved = { ...e, occurrences: e.occurrences.map(shift), matches: e.matches.map((m) => ({ ...m, raw: shift(m.raw) })) };
      if (e.closest) moved.closest = { ...e.closest, raw: shift(e.closest.raw) };
      return moved;
    }),
  };
}
