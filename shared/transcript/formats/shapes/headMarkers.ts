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
