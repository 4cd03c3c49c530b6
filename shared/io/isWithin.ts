import { sep } from 'node:path';

/** Whether `path` is `root` or lies under it (both absolute and resolved; a prefix such as `/a/bc` of `/a/b` does not count). */
export function isWithin(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
