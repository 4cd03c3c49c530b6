/**
 * Small linear scans of an answer's text that several kinds share: fenced
 * code blocks, and file-path tokens.
 */
import type { Range } from '../../shared/classifier/types';

/** Ranges of the bodies of fenced blocks (``` or ~~~, three or more), fence lines excluded; an unclosed fence runs to the end. */
export function fencedBlocks(text: string): Range[] {
  const out: Range[] = [];
  let open: { char: string; size: number; body: number } | undefined;
  let at = 0;
  while (at <= text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(at, end);
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const run = fence[1];
      if (!open) open = { char: run[0], size: run.length, body: end + 1 };
      else if (run[0] === open.char && run.length >= open.size && line.trim() === run) {
        out.push([Math.min(open.body, at), at]);
        open = undefined;
      }
    }
    if (nl === -1) break;
    at = nl + 1;
  }
  if (open && open.body < text.length) out.push([open.body, text.length]);
  return out;
}

export function inRanges(ranges: readonly Range[], at: number): boolean {
  return ranges.some(([s, e]) => at >= s && at < e);
}

export interface PathToken {
  start: number;
  end: number;
  path: string;
  /** Where the last path component starts. */
  base: number;
}

const TOKEN = /(?<![\w./~-])[\w./~-]+/g;
const BASENAME = /^[\w.-]*[A-Za-z0-9_]\.[A-Za-z][A-Za-z0-9]{0,4}$/;
/** Endings of host names, not files. */
const NOT_FILES = new Set(['com', 'org', 'net', 'io', 'dev', 'ai', 'app', 'co', 'uk', 'de', 'edu', 'gov', 'local', 'internal', 'localhost']);

/** Tokens shaped like a file path with an extension (`src/a.ts`, `README.md`), not URLs, hosts, versions or e-mail addresses. */
export function pathTokens(text: string): PathToken[] {
  const out: PathToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    let path = m[0];
    let start = m.index;
    // A sentence's full stop or a trailing slash is not part of the name.
    while (path.endsWith('.') || path.endsWith('/')) path = path.slice(0, -1);
    const before = start > 0 ? text[start - 1] : '';
    if (before === ':' || before === '@' || path.startsWith('//')) continue;
    const base = path.lastIndexOf('/') + 1;
    const name = path.slice(base);
    if (!BASENAME.test(name)) continue;
    if (NOT_FILES.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase())) continue;
    out.push({ start, end: start + path.length, path, base: start + base });
  }
  return out;
}
