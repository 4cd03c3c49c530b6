/**
 * The first index of UTF-16 unit `unit` in `text[from, to)`, or -1.
 * `indexOf` cannot be told where to stop: looking for an escape inside one
 * JSON string with it reads on to the next backslash anywhere in the file,
 * so a file with few of them is read to its end once per string mapped.
 */
export function unitWithin(text: string, unit: number, from: number, to: number): number {
  const end = Math.min(to, text.length);
  for (let i = Math.max(0, from); i < end; i++) if (text.charCodeAt(i) === unit) return i;
  return -1;
}
