/**
 * A re-check of one turn as a patch on the previous findings: outputs that
 * changed, and a shift for every raw offset past the edit. Sending this back
 * from the worker instead of the whole file's findings keeps a keystroke in a
 * 20 MB file from copying megabytes between threads.
 */
import type { Range } from '../../shared/classifier/types';
import type { FileAnalysis, OutputFinding } from './findings';

export interface FindingsPatch {
  /** Raw offsets at or past `at` (in the old text) move by `delta`. */
  at: number;
  delta: number;
  /** Outputs re-checked, by index in `FileAnalysis.outputs`. */
  changed: { index: number; finding: OutputFinding }[];
  /** Everything but the outputs, as after the edit. */
  header: Omit<FileAnalysis, 'outputs'>;
}

export function applyPatch(base: FileAnalysis, patch: FindingsPatch): FileAnalysis {
  const outputs = base.outputs.map((o) => shiftOutput(o, patch.at, patch.delta));
  for (const c of patch.changed) outputs[c.index] = c.finding;
  return { ...patch.header, outputs };
}

export function shiftRange(r: Range, at: number, delta: number): Range {
  return [r[0] >= at ? r[0] + delta : r[0], r[1] >= at ? r[1] + delta : r[1]];
}

/** An output's findings with every raw offset past the edit moved; untouched outputs are returned as they are. */
export function shiftOutput(o: OutputFinding, at: number, delta: number): OutputFinding {
  if (delta === 0 || !reachesPast(o, at)) return o;
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

/** Whether any raw range of the output (its own, or a context place it points at) ends at or past `at`. */
function reachesPast(o: OutputFinding, at: number): boolean {
  if (o.raw[1] >= at) return true;
  for (const e of o.entities) {
    for (const r of e.occurrences) if (r[1] >= at) return true;
    for (const m of e.matches) if (m.raw[1] >= at) return true;
    if (e.closest && e.closest.raw[1] >= at) return true;
  }
  return false;
}
