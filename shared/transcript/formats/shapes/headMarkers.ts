/**
 * Cheap content tests for sniffers: a `"key":"value"` pair written compact
 * or with the space `json.dumps` and pretty-printers put after the colon.
 */
export function hasPair(head: string, key: string, value: string): boolean {
  return head.includes(`"${key}":"${value}"`) || head.includes(`"${key}": "${value}"`);
}

export function hasAnyPair(head: string, key: string, values: readonly string[]): boolean {
  return values.some((v) => hasPair(head, key, v));
}

/** `"key"` followed by a colon: a key of the JSON, not the word in a string or in prose. */
export function hasKey(head: string, key: string): boolean {
  const needle = `"${key}"`;
  for (let i = head.indexOf(needle); i !== -1; i = head.indexOf(needle, i + needle.length)) {
    let j = i + needle.length;
    while (j < head.length && (head[j] === ' ' || head[j] === '\t' || head[j] === '\n' || head[j] === '\r')) j++;
    if (head[j] === ':') return true;
  }
  return false;
}
