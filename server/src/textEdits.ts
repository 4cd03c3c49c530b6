/**
 * Text edits as offsets, so the request thread can forward what changed
 * instead of re-sending a 20 MB document to the worker after every keystroke.
 */
export interface OffsetEdit {
  /** Replaced range in the text as it was before this edit (and after the previous ones). */
  start: number;
  end: number;
  text: string;
}

export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
