/**
 * References to files and to lines of them, the most common specific claim a
 * coding agent makes: `src/app.ts:42`, `app.ts:42-50`, `app.ts:12,40`,
 * `app.ts#L42`, `app.ts#L42-L50`, "lines 24–42 of create.ts",
 * "`create.ts` (line 20)", "in NavUser.tsx at line 54", and a bare
 * "line 54" that refers to the file under discussion.
 *
 * A scan over the prose: each whitespace-separated token holding a '/' or a
 * '.' is read once, and line phrases look only a few tokens around themselves.
 */
import type { Range } from '../../classifier/types';
import { baseName, looksLikeFilePath } from '../facts';

export interface FileRefToken {
  path: string;
  /** Inclusive `[from, to]` line ranges; empty for a bare path. */
  lines: Range[];
}

/** Highest line number read as one (beyond it, `file.ts:123456789` is not a line). */
const MAX_LINE = 10_000_000;

/**
 * Reads one token as a file reference: a path, optionally with `:line`,
 * `:line-line`, `:line,line`, `:line:column` or `#Lline(-Lline)`.
 */
export function parseFileRef(token: string): FileRefToken | undefined {
  const hash = token.indexOf('#L');
  if (hash > 0) {
    const m = /^L(\d{1,7})(?:-L?(\d{1,7}))?$/.exec(token.slice(hash + 1));
    const path = token.slice(0, hash);
    if (!m || !isPath(path)) return undefined;
    return withLines(path, [range(m[1], m[2])]);
  }
  const colon = firstLineColon(token);
  if (colon === -1) return isPath(token) ? { path: token, lines: [] } : undefined;
  const path = token.slice(0, colon);
  if (!isPath(path)) return undefined;
  const spec = token.slice(colon + 1);
  // `:12:5` is line 12, column 5.
  const column = /^(\d{1,7}):\d{1,5}$/.exec(spec);
  if (column) return withLines(path, [range(column[1])]);
  // `:12-40` a range; `:12,40` two lines; `:12-14,40-41, 88` a list of both.
  if (!LINE_LIST.test(spec)) return undefined;
  return withLines(
    path,
    spec.split(',').map((item) => {
      const [from, to] = item.trim().split(/[-\u2013]/);
      return range(from, to);
    }),
  );
}

/** Lines and ranges of lines, separated by commas (a space may follow one). */
const LINE_LIST = /^\d{1,7}(?:[-\u2013]\d{1,7})?(?:, ?\d{1,7}(?:[-\u2013]\d{1,7})?)*$/;

/**
 * Shaped like a path and written as one: code that holds a path
 * (`background-image: url('/img/cat.gif');`, `open(data/a.csv)`) is not
 * one, since no path as written holds a quote, a semicolon, a `name: value`
 * colon, a call's parenthesis right after a name, or a bracket it does not
 * close. A folder in brackets (`app/(admin)/`, `[slug]`) or a copy's
 * number (`report (1).pdf`) is still a path.
 */
function isPath(text: string): boolean {
  return looksLikeFilePath(text) && !/['"`;]|:\s|\w\(/.test(text) && bracketsBalance(text);
}

function bracketsBalance(text: string): boolean {
  let round = 0;
  let square = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') round++;
    else if (c === ')' && --round < 0) return false;
    else if (c === '[') square++;
    else if (c === ']' && --square < 0) return false;
  }
  return round === 0 && square === 0;
}

/** The colon that starts a line spec (`C:\x` drive letters are not one). */
function firstLineColon(token: string): number {
  for (let i = token.indexOf(':'); i !== -1; i = token.indexOf(':', i + 1)) {
    if (i === 1 && /^[A-Za-z]:[\\/]/.test(token)) continue;
    if (/\d/.test(token[i + 1] ?? '')) return i;
    return -1;
  }
  return -1;
}

function range(from: string, to?: string): Range {
  const a = Number(from);
  const b = to === undefined ? a : Number(to);
  return a <= b ? [a, b] : [b, a];
}

function withLines(path: string, lines: Range[]): FileRefToken | undefined {
  if (lines.some(([a, b]) => a < 1 || b > MAX_LINE)) return undefined;
  return { path, lines };
}

/** A reference found in prose, with where it is. */
export interface FoundRef extends FileRefToken {
  span: Range;
}

/** Characters that wrap a token in prose and are not part of it. */
const OPENERS = '([{"\'*_<';
const CLOSERS = ')]}"\'*_>,;.!?:';

/**
 * File references in prose outside `skip` ranges (code fences, inline code
 * already read): tokens that read as `parseFileRef` does.
 */
export function proseFileRefs(text: string, skip: readonly Range[]): FoundRef[] {
  const out: FoundRef[] = [];
  let k = 0;
  // Only a token holding '/' or '.' can be a path: jump from mark to mark, not from token to token.
  const marks = /[./]/g;
  for (let m = marks.exec(text); m; m = marks.exec(text)) {
    let i = m.index;
    while (i > 0 && !isSpace(text.charCodeAt(i - 1))) i--;
    let end = m.index + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    marks.lastIndex = end;
    while (k < skip.length && skip[k][1] <= i) k++;
    if (k < skip.length && skip[k][0] < end) continue;
    let s = i;
    let e = end;
    while (s < e && OPENERS.includes(text[s])) s++;
    while (e > s && CLOSERS.includes(text[e - 1])) e--;
    // "end." holds a mark only among the characters that wrap it.
    if (!hasPathMark(text, s, e)) continue;
    let token = text.slice(s, e);
    // `[lines 57–58](src/a.tsx#L57-L58)`: a Markdown link's target is the reference, not its label.
    const link = token.indexOf('](');
    if (link !== -1) {
      const label = labelRef(token.slice(0, link), token.slice(link + 2));
      if (label) out.push({ ...label, span: [s, s + link] });
      s += link + 2;
      token = token.slice(link + 2);
    }
    // `stderr=/opt/x/env.sh`: the path is what follows a key.
    const eq = token.indexOf('=');
    if (eq !== -1 && eq < token.indexOf('/')) {
      s += eq + 1;
      token = token.slice(eq + 1);
    }
    const ref = parseFileRef(token);
    if (ref) out.push({ ...ref, span: [s, e] });
  }
  return out;
}

/**
 * A link's label that is a path to another file than its target
 * (`[src/old.ts](src/new.ts:12)`): the label names a file of its own, which
 * the reader takes for the one changed. A label naming the target's file
 * (`[a.ts](src/a.ts:12)`) says nothing the target does not.
 */
function labelRef(label: string, target: string): FileRefToken | undefined {
  const ref = parseFileRef(label);
  const to = parseFileRef(target);
  if (!ref || !to) return undefined;
  return baseName(ref.path).toLowerCase() === baseName(to.path).toLowerCase() ? undefined : ref;
}

function hasPathMark(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 47 || c === 46) return true;
  }
  return false;
}

/** A "line 42" / "lines 24–42" / "L42" phrase. */
export interface LinePhrase {
  lines: Range;
  span: Range;
}

/**
 * "line 42", "lines 24-42", "lines 24 to 42", "lines 24–42": where they are
 * and which lines. `of`/`in` after them, or a path just before, is resolved
 * by the caller against the references around.
 */
export function linePhrases(text: string, skip: readonly Range[]): LinePhrase[] {
  const out: LinePhrase[] = [];
  const re = /\b[Ll]ines?\s+(\d{1,7})(?:\s*(?:-|\u2013|\u2014|\.\.|to|through|and)\s*(\d{1,7}))?\b/g;
  let k = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    while (k < skip.length && skip[k][1] <= m.index) k++;
    if (k < skip.length && skip[k][0] < m.index + m[0].length) continue;
    out.push({ lines: range(m[1], m[2]), span: [m.index, m.index + m[0].length] });
  }
  return out;
}

/** Blanks, and the full-width punctuation Chinese and Japanese write right after a path with no space (`见 a.ts，然后`): no path holds it. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xa0 || FULL_WIDTH_BREAKS.has(c);
}

// biome-ignore format: a list of words or values reads best packed
const FULL_WIDTH_BREAKS = new Set([
  0x3000, 0x3001, 0x3002, 0xff08, 0xff09, 0xff0c, 0xff1a, 0xff1b, 0xff01, 0xff1f, 0x300c, 0x300d, 0x300e, 0x300f, 0x3010, 0x3011,
]);
