/**
 * Where a JSON path sits in its file, as a sortable key, computed from the
 * parsed value alone: object keys keep their source order in JSON.parse
 * output, so a key's index among its siblings is its order in the raw text.
 * Parsers emit segments in causal order (tools before the messages they
 * serve, cited passages before the text citing them); these keys let the
 * builder hand them out in file order without building any offset map.
 */
import type { JsonPath } from '../../json/jsonRegion';

export type OrderKey = readonly number[];

/** Index of each step of `path` among its siblings in `root`. */
export function pathOrder(root: unknown, path: JsonPath): number[] {
  const out: number[] = [];
  let node: unknown = root;
  for (const step of path) {
    if (typeof step === 'number') {
      out.push(step);
      node = Array.isArray(node) ? node[step] : undefined;
    } else if (typeof node === 'object' && node !== null) {
      out.push(Object.keys(node).indexOf(step));
      node = (node as Record<string, unknown>)[step];
    } else {
      out.push(0);
      node = undefined;
    }
  }
  return out;
}

/** Lexicographic; a path sorts before the paths inside it. */
export function compareOrder(a: OrderKey, b: OrderKey): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
