/**
 * Re-checks a file after an edit inside one line without re-parsing the
 * rest: when the edited line holds only model-written segments (which never
 * ground anything unless echoes count), the line is parsed on its own by the
 * same parser, its segments replace the old ones, later segments shift by the
 * edit's length, and only the outputs on that line are classified again,
 * against the index kept from the last full check. Anything else returns
 * undefined and the caller runs a full check. The previous result is updated
 * in place and must not be used afterwards.
 */
import { checkOutput } from '../../shared/check/checkTranscript';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import { ECHO_ROLES, type OffsetMap, type Segment, type Transcript } from '../../shared/transcript/model';
import { ClosestCap } from '../../shared/check/fileFindings';
import { checkOptionsFrom, outputFinding, transcriptAnalysis, type Analyzed } from './analyze';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import { shiftInPlace, shiftRange, type FindingsPatch } from './findingsPatch';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { LineEdit } from './lineText';
import { firstAtLeastBy } from '../../shared/text/sortedSearch';

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

export interface IncrementalResult {
  analyzed: Analyzed;
  /** The same change as a patch on the previous findings, for whoever holds a copy of them. */
  patch: FindingsPatch;
}

export function checkIncrementally(previous: Analyzed, edit: LineEdit, settings: GroundcheckSettings): IncrementalResult | undefined {
  const t = previous.transcript;
  const check = previous.check;
  if (!t || !check || settings.modelOutputsAsContext) return undefined;
  const { line, start: lineStart, end: lineEnd } = edit;
  const onLine = segmentsOnLine(t, line, lineStart, lineEnd);
  if (onLine.length === 0 || !onLine.every((s) => ECHO_ROLES.has(s.role))) return undefined;
  if (t.errors.some((e) => e.rawRange[0] < lineEnd && e.rawRange[1] > lineStart)) return undefined;

  const parser = ALL_FORMATS.find((f) => f.id === t.format);
  if (!parser) return undefined;
  const newLine = edit.text;
  let alone;
  try {
    alone = parser.parse({ raw: newLine });
  } catch {
    return undefined;
  }
  // A line parsed alone may also yield session-level segments (working directory and the like) that
  // the full parse emits once elsewhere; only the model-written ones stand for this line.
  const fresh = alone.segments.filter((s) => ECHO_ROLES.has(s.role));
  if (alone.errors.length > 0 || fresh.length !== onLine.length) return undefined;
  if (fresh.some((s, i) => s.role !== onLine[i].role || s.isOutput !== onLine[i].isOutput)) return undefined;

  const delta = edit.text.length - (lineEnd - lineStart);
  const replaced = new Set(onLine.map((s) => s.id));
  onLine.forEach((old, i) => {
    t.segments[old.id] = { ...old, text: fresh[i].text, map: ShiftedMap.of(fresh[i].map, lineStart) };
  });
  const ids = sortedByLine(t);
  for (let i = firstOnLine(t, ids, line + 1); i < ids.length; i++) {
    const s = t.segments[ids[i]];
    t.segments[s.id] = { ...s, map: ShiftedMap.of(s.map, delta) };
  }
  for (const e of t.errors) e.rawRange = shiftRange(e.rawRange, lineEnd, delta);

  const options = checkOptionsFrom(settings);
  const cap = ClosestCap.forFile();
  // The previous findings are moved in place and reused: copying them per keystroke costs more than the re-check.
  const outputs: OutputFinding[] = previous.analysis.outputs;
  shiftInPlace(outputs, lineEnd, delta);
  const changed: FindingsPatch['changed'] = [];
  for (let i = 0; i < check.outputs.length; i++) {
    const o = check.outputs[i];
    if (!replaced.has(o.segment)) continue;
    check.outputs[i] = checkOutput(check.index, o.segment, options);
    const finding = outputFinding(t, check.outputs[i], cap, undefined, previous.withPlaces === true);
    outputs[i] = finding;
    changed.push({ index: i, finding });
  }
  const analysis: FileAnalysis = transcriptAnalysis(t, outputs, 'incremental');
  const { outputs: _all, ...header } = analysis;
  // Nothing is carried for appended outputs: a full check would have carried what the edited turn changed.
  return { analyzed: { analysis, transcript: t, check, ...(previous.withPlaces ? { withPlaces: true } : {}) }, patch: { at: lineEnd, delta, changed, header } };
}

/**
 * Segment ids sorted by starting line, once per transcript and length (line numbers are
 * plain fields, so this never builds a lazy offset map). Edits within a line
 * keep every line number, so the order stays valid.
 */
const byLine = new WeakMap<Transcript, { count: number; ids: Int32Array }>();

function sortedByLine(t: Transcript): Int32Array {
  const segments = t.segments;
  let sorted = byLine.get(t);
  // Segments appended since (see appendCheck.ts) need a new order.
  if (!sorted || sorted.count !== segments.length) {
    // A segment whose text is another file's (an instruction file, a promptfoo file:// var) has no line here, and never moves.
    const ids = Int32Array.from(segments.keys()).filter((id) => segments[id].source === undefined);
    sorted = { count: segments.length, ids: ids.sort((a, b) => segments[a].line - segments[b].line || a - b) };
    byLine.set(t, sorted);
  }
  return sorted.ids;
}

/** Index in `ids` of the first segment starting on `line` or later. */
function firstOnLine(t: Transcript, ids: Int32Array, line: number): number {
  return firstAtLeastBy(ids, (id) => t.segments[id].line, line);
}

/** How many earlier segments are checked for reaching into the edited line (multi-line values). */
const LOOK_BACK = 16;

/**
 * The segments starting on `line` in id order, provided they lie within
 * `[from, to]` and no segment from an earlier line reaches into it; else none.
 */
function segmentsOnLine(t: Transcript, line: number, from: number, to: number): Segment[] {
  const ids = sortedByLine(t);
  const segments = t.segments;
  const first = firstOnLine(t, ids, line);
  for (let i = first - 1; i >= 0 && i >= first - LOOK_BACK; i--) {
    const s = segments[ids[i]];
    if (s.map.toRaw(s.text.length) > from) return [];
  }
  const out: Segment[] = [];
  for (let i = first; i < ids.length && segments[ids[i]].line === line; i++) {
    const s = segments[ids[i]];
    if (s.map.toRaw(0) < from || s.map.toRaw(s.text.length) > to) return [];
    out.push(s);
  }
  return out;
}
