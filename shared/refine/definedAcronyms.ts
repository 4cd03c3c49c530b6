/**
 * An acronym the output defines itself, in brackets right after the words
 * it abbreviates (`Connecticut Children's Medical Center (CCMC)`), names
 * the same thing as those words: it is grounded wherever they are.
 */

/** Words an acronym usually skips. */
const SKIPPED = new Set(['of', 'the', 'and', 'for', 'on', 'in', 'at', '&']);

/** The words `(ACRONYM)` at `[start, end)` abbreviates, when their initials spell it; else undefined. */
export function acronymExpansion(output: string, start: number, end: number): string | undefined {
  const acronym = output.slice(start, end);
  if (!/^[A-Z][A-Za-z]{1,7}$/.test(acronym) || output[start - 1] !== '(' || output[end] !== ')') return undefined;
  const letters = acronym.replace(/[a-z]/g, '');
  const before = output.slice(Math.max(0, start - 1 - 120), start - 1).trimEnd();
  const words = before.split(/\s+/);
  const used: string[] = [];
  let k = letters.length - 1;
  for (let i = words.length - 1; i >= 0 && k >= 0; i--) {
    const w = words[i];
    used.unshift(w);
    if (SKIPPED.has(w.toLowerCase())) continue;
    if (w[0] !== letters[k]) return undefined;
    k--;
  }
  return k < 0 ? used.join(' ').replace(/[,;:]$/, '') : undefined;
}
