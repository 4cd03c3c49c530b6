/**
 * Tells JSON Lines from one JSON document (minified or pretty-printed) when
 * a format allows both: a JSONL file's first line is a complete value with
 * more content after it; a pretty-printed document's first line is not.
 */
export function isJsonLines(raw: string): boolean {
  const nl = raw.indexOf('\n');
  if (nl === -1) return false;
  let rest = nl + 1;
  while (rest < raw.length && isSpace(raw.charCodeAt(rest))) rest++;
  if (rest >= raw.length) return false;
  try {
    JSON.parse(raw.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
