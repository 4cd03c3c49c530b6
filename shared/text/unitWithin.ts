/**
 * The first index of UTF-16 unit `unit` in `text[from, to)`, or -1.
 * `indexOf` on the text cannot be told where to stop: looking for an escape
 * inside one JSON string with it reads on to the next backslash anywhere in
 * the file, so a file with few of them is read to its end once per string
 * mapped. A slice of the range can be: a slice of a long string shares the
 * string's characters rather than copying them, and the native search over
 * it is many times faster than a loop over the units (a 44 MB string without
 * an escape is read in milliseconds).
 */
export function unitWithin(text: string, unit: number, from: number, to: number): number {
  const start = Math.max(0, from);
  const end = Math.min(to, text.length);
  if (start >= end) return -1;
  const at = text.slice(start, end).indexOf(String.fromCharCode(unit));
  return at === -1 ? -1 : start + at;
}
