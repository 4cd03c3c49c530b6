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

/** Info strings of fenced blocks that hold what a program or a terminal printed, not code: their error lines may be reports. */
const OUTPUT_BLOCKS = new Set([
  '',
  'text',
  'txt',
  'plaintext',
  'plain',
  'console',
  'log',
  'logs',
  'output',
  'shell',
  'sh',
  'bash',
  'zsh',
  'terminal',
  'shell-session',
]);

/** A line that only code has: an edit's markers, or a definition or import opening it. */
const DEFINES = /^(?:<{7} |@@ |\s*(?:def|class|import|from [\w.]+ import|function|const|let|var|export|fn|func|struct|package|#include)\b)/m;

/**
 * Ranges of code the answer writes: fenced blocks tagged with a language
 * other than a terminal's or plain text's (```python, ```ts), edits
 * written as search and replace or as a diff, blocks whose lines define or
 * import things, and Aider's
 * `<source>` blocks, which hold a file's new content.
 */
export function codeBlocks(text: string): Range[] {
  const out: Range[] = [];
  for (const [from, to] of fencedBlocks(text)) {
    const fenceLine = text.slice(text.lastIndexOf('\n', from - 2) + 1, from - 1);
    const info = /^ {0,3}(?:`{3,}|~{3,})\s*([\w+#.-]*)/.exec(fenceLine)?.[1].toLowerCase() ?? '';
    // A search-and-replace edit, a diff, or a body that defines things is code whatever its tag says.
    if (!OUTPUT_BLOCKS.has(info) || DEFINES.test(text.slice(from, to))) out.push([from, to]);
  }
  for (let at = text.indexOf('<source>'); at !== -1; at = text.indexOf('<source>', at + 1)) {
    const end = text.indexOf('</source>', at);
    out.push([at, end === -1 ? text.length : end]);
    if (end === -1) break;
  }
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

/** Words that deny what follows them: "No `vercel.json`", "without `--force`". */
const DENIED = /\b(?:no|without|missing|lacks?|lacking)[ \t]+[`'"*]*$/i;

/**
 * Whether a denial ends right before `at`: an answer saying a file or name
 * is missing claims nothing exists, so swapping in another absent name makes
 * no fabrication.
 */
export function deniedBefore(text: string, at: number): boolean {
  return DENIED.test(text.slice(Math.max(0, at - 24), at));
}

/**
 * For each offset of `text`, whether it lies inside a backticked span of its
 * line (an odd number of backticks before it on the line). One pass, so
 * asking it for every match of a long line stays linear.
 */
export function inlineCodeMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length + 1);
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    mask[i] = open;
    const c = text.charCodeAt(i);
    if (c === 0x0a) open = 0;
    else if (c === 0x60) open ^= 1;
  }
  mask[text.length] = open;
  return mask;
}
