/**
 * A decoded string told by its cleaned copy: tool output whose unwanted
 * characters were blanked in place (see toolOutputText.ts) is held as the
 * cleaned text, and the decoded original, asked for only where an offset
 * map checks itself (see resilientMaps.ts), is rebuilt from it and the few
 * characters blanked.
 */

/**
 * `decoded` as a function of `cleaned` (the same text with some characters
 * replaced, none moved): what differs is kept, the rest is read from the
 * cleaned text when asked. Where the lengths differ, `decoded` itself.
 */
export function decodedFromCleaned(decoded: string, cleaned: string): string | (() => string) {
  if (decoded.length !== cleaned.length) return decoded;
  const runs: number[] = [];
  const pieces: string[] = [];
  let i = 0;
  while (i < decoded.length) {
    if (decoded.charCodeAt(i) === cleaned.charCodeAt(i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < decoded.length && decoded.charCodeAt(i) !== cleaned.charCodeAt(i)) i++;
    runs.push(start, i);
    pieces.push(decoded.slice(start, i));
  }
  // A copy of its own: a slice would keep the whole decoded string alive.
  const kept = JSON.parse(JSON.stringify(pieces.join(''))) as string;
  return () => {
    const out: string[] = [];
    let at = 0;
    let from = 0;
    for (let k = 0; k < runs.length; k += 2) {
      const length = runs[k + 1] - runs[k];
      out.push(cleaned.slice(at, runs[k]), kept.slice(from, from + length));
      at = runs[k + 1];
      from += length;
    }
    out.push(cleaned.slice(at));
    return out.join('');
  };
}
