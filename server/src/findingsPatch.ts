/**
 * A re-check of one turn as a patch on the previous findings: outputs that
 * changed, and a shift for every raw offset past the edit. Sending this back
 * from the worker instead of the whole file's findings keeps a keystroke in a
 * 20 MB file from copying megabytes between threads.
 */
import type { Range } from '../../shared/classifier/types';
import type { ContextPlace, FileAnalysis, OutputFinding } from './fileAnalysis';

export interface FindingsPatch {
  /** Raw offsets at or past `at` (in the old text) move by `delta`. */
  at: number;
  delta: number;
  /** Outputs re-checked, by index in `FileAnalysis.outputs`. */
  changed: { index: number; finding: OutputFinding }[];
  /** Outputs of lines appended to the file, after all others. */
  added?: OutputFinding[];
  /** Everything but the outputs, as after the edit. */
  header: Omit<FileAnalysis, 'outputs'>;
  /**
   * The usage is the one the findings before had, not read again (see
   * carryUsage in documentMemory.ts): it is not sent, since it lists every
   * model call of the file and a turn appended to a long session would
   * copy all of them between threads.
   */
  keepsUsage?: true;
}

/**
 * The findings after the edit, built from `base`'s objects: offsets are
 * moved in place (copying a 20 MB file's findings on every keystroke costs
 * more than the re-check), so `base` must not be used afterwards.
 */
export function applyPatch(base: FileAnalysis, patch: FindingsPatch): FileAnalysis {
  const outputs = base.outputs.slice();
  shiftInPlace(outputs, patch.at, patch.delta);
  for (const c of patch.changed) outputs[c.index] = c.finding;
  for (const o of patch.added ?? []) outputs.push(o);
  return { ...patch.header, ...(patch.keepsUsage && base.usage ? { usage: base.usage } : {}), outputs };
}

export function shiftRange(r: Range, at: number, delta: number): Range {
  return [r[0] >= at ? r[0] + delta : r[0], r[1] >= at ? r[1] + delta : r[1]];
}

function shiftRangeInPlace(r: Range, at: number, delta: number): void {
  if (r[0] >= at) r[0] += delta;
  if (r[1] >= at) r[1] += delta;
}

/** A context place moves with the edit only if it is in the edited file, not in another file or an archive's entry. */
function shiftPlaceInPlace(p: ContextPlace, at: number, delta: number): void {
  if (p.source === undefined && p.entry === undefined) shiftRangeInPlace(p.raw, at, delta);
}

/** Moves every raw offset at or past `at` by `delta`, in the outputs' own objects. */
export function shiftInPlace(outputs: readonly OutputFinding[], at: number, delta: number): void {
  if (delta === 0) return;
  for (const o of outputs) {
    shiftRangeInPlace(o.raw, at, delta);
    for (const e of o.entities) {
      for (const r of e.occurrences) shiftRangeInPlace(r, at, delta);
      for (const m of e.places?.matches ?? []) shiftPlaceInPlace(m, at, delta);
      if (e.closest) shiftPlaceInPlace(e.closest, at, delta);
      if (e.contradictionAt) shiftPlaceInPlace(e.contradictionAt, at, delta);
      // The same place as contradictionAt, without its file: it moves when that does.
      if (e.contextValue && e.contradictionAt && e.contradictionAt.source === undefined && e.contradictionAt.entry === undefined) {
        shiftRangeInPlace(e.contextValue.raw, at, delta);
      }
    }
    for (const c of o.claims ?? []) shiftRangeInPlace(c.raw, at, delta);
  }
}
