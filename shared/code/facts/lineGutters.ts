/**
 * Line numbers in tool output: the gutter of a Read, `cat -n`, `nl -ba` or
 * an edit snippet (`    12→text`, `    12\ttext`, `12 | text`), and the
 * `path:12:` prefixes of `grep -n` / `rg -n`. They tell which lines of which
 * file the agent was shown, which is what a `src/a.ts:12` reference is
 * checked against, and they are numbering, not facts: a gutter's `97` must
 * not ground "97 similar selects". So a scan returns both the lines shown
 * and the ranges to blank before the text grounds anything.
 *
 * Each scan reads every line once, with character tests rather than regexes
 * over the whole text.
 */
import type { ListingShape } from './listingShapes';
import { looksLikeFilePath } from './pathSpellings';
import { boundedMemo } from '../../text/boundedMemo';

/** Lines of one file shown in one piece of text. */
export interface ShownLines {
  file: string;
  /** Line numbers in the order shown. */
  lines: number[];
  /** Where each shown line's text starts and ends in the scanned text. */
  starts: number[];
  ends: number[];
  /** The listing is the whole file, so its last line is the file's last. */
  complete: boolean;
  /**
   * Per line, the segment the line is in, for listings pieced together from
   * several (a file as the agent's edit left it); else every line is in the
   * listing's own segment. -1 for a line no segment holds whole (an edit
   * changed part of it): it has no place.
   */
  segments?: number[];
  /** Per line, its text, where `starts`/`ends` cannot say it (a line an edit changed midway); undefined where they can. */
  texts?: (string | undefined)[];
}

export interface GutterScan {
  listings: ShownLines[];
  /** `[start, end)` pairs, ascending, to blank before the text grounds anything. */
  blanks: number[];
  /** A file's line count stated by the output (`wc -l`). */
  lineCount?: { file: string; count: number };
  /** The count a counting command printed, with where it is in the text. */
  tally?: { count: number; start: number; end: number };
  /** The version a `--version` command printed, with where it is in the text. */
  version?: { value: string; start: number; end: number };
}

const ARROW = 0x2192;
const TAB = 9;
const MAX_DIGITS = 7;
/** Tab- and bar-separated numbers are gutters only in runs this long with consecutive numbers (TSV data has them too). */
const MIN_RUN = 3;

/** Scans a tool result whose shape the call told, or any tool result for gutters when it did not. */
export function scanGutters(text: string, shape: ListingShape | undefined): GutterScan {
  if (!shape) return scanUnknown(text);
  // What the command printed starts after a status header the agent's log may put first.
  const body = outputBodyStart(text);
  switch (shape.kind) {
    case 'numbered':
      return numbered(text, shape.file, shape.complete, shape.upTo);
    case 'lines':
      return plainLines(text, body, shape.file, shape.from, shape.to, shape.complete);
    case 'grep':
      return grepLines(text, shape.file);
    case 'count': {
      const count = leadingCount(text.slice(body));
      return { listings: [], blanks: [], ...(count !== undefined ? { lineCount: { file: shape.file, count } } : {}) };
    }
    case 'tally':
      return { listings: [], blanks: [], ...shifted(tallyIn(text.slice(body)), body) };
    case 'entries':
      // What a listing shows otherwise is read as for any output (a gutter-like column in file names stays blanked).
      return { ...scanUnknown(text), ...entriesIn(text, body) };
    case 'version': {
      const m = /\bv?(\d+\.\d+(?:\.\d+){0,2})\b/.exec(text.slice(body, body + 200));
      if (!m) return { listings: [], blanks: [] };
      const start = body + m.index + m[0].length - m[1].length;
      return { listings: [], blanks: [], version: { value: m[1], start, end: start + m[1].length } };
    }
  }
}

/**
 * A list of files, one per line, all of one kind (the same extension): how
 * many, with the last one as the place that shows it. A list of mixed kinds
 * (sources beside styles, folders beside files) says nothing of how many of
 * any one kind there are; a blank line, a note (`(Results are truncated…)`)
 * or an empty result makes it more or less than a list.
 */
function entriesIn(text: string, body: number): { tally?: { count: number; start: number; end: number } } {
  let end = text.length;
  while (end > body && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  if (end === body) return {};
  let kind: string | undefined;
  let count = 0;
  let lineStart = body;
  while (lineStart <= end) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 || nl > end ? end : nl;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const name = line.slice(Math.max(line.lastIndexOf('/'), line.lastIndexOf('\\')) + 1);
    const dot = name.lastIndexOf('.');
    if (dot <= 0 || /\s/.test(name)) return {};
    const extension = name.slice(dot + 1).toLowerCase();
    if (kind !== undefined && extension !== kind) return {};
    kind = extension;
    count++;
    if (lineEnd === end) return { tally: { count, start: lineStart, end: lineStart + line.length } };
    lineStart = lineEnd + 1;
  }
  return {};
}

/** How far a status header may reach before its `Output:` line. */
const STATUS_HEADER_REACH = 2000;

/** A status header's first line, as Codex writes it: `Exit code: 0`, `Chunk ID: 3fa1`, `Command: …`, `Process exited with code 1`. */
const STATUS_FIRST_LINE = /^(?:Exit code: \d+|Chunk ID: \w+|Command: [^\n]*|Process exited with code \d+)\r?\n/;

/**
 * Where the command's own output starts in a tool result that opens with a
 * status header (`Exit code: 0`, `Wall time: 0.2 seconds`, `Output:`), as
 * newer Codex logs write them; 0 for any other text. Counting a plain
 * listing's lines from the header would shift every line by its height.
 */
export function outputBodyStart(text: string): number {
  if (!STATUS_FIRST_LINE.test(text)) return 0;
  const head = text.slice(0, STATUS_HEADER_REACH);
  const at = head.indexOf('\nOutput:');
  if (at === -1) return 0;
  const nl = head.indexOf('\n', at + 1);
  return nl === -1 ? text.length : nl + 1;
}

function shifted(found: { tally?: { count: number; start: number; end: number } }, by: number): { tally?: { count: number; start: number; end: number } } {
  return found.tally ? { tally: { ...found.tally, start: found.tally.start + by, end: found.tally.end + by } } : {};
}

/** `79`, `  79`, or Grep's `Found 12 files` / `Found 40 total occurrences`: the count and where it is. */
function tallyIn(text: string): { tally?: { count: number; start: number; end: number } } {
  const m = /^\s*(?:Found\s+)?(\d{1,9})\b/.exec(text.slice(0, 200));
  if (!m) return {};
  const start = m.index + m[0].length - m[1].length;
  return { tally: { count: Number(m[1]), start, end: start + m[1].length } };
}

/**
 * Numbered lines of one file: every line that carries a gutter is listed.
 * Asked for lines up to `upTo` and given lines 1… short of it, the listing
 * reached the file's end: it is the whole file.
 */
function numbered(text: string, file: string, complete: boolean, upTo?: number): GutterScan {
  const shown = emptyListing(file, complete);
  const blanks: number[] = [];
  forEachLine(text, (start, end) => {
    const g = gutterAt(text, start, end);
    if (!g) return;
    pushLine(shown, g.number, g.textStart, end);
    blanks.push(g.blankStart, g.blankEnd);
  });
  if (shown.lines.length === 0) return { listings: [], blanks: [] };
  // A log that cut the output (a line too long, the middle left out) says so; what came back short is then no sign of the file's end.
  if (cutByLog(text)) {
    shown.complete = false;
    return { listings: [shown], blanks };
  }
  const last = shown.lines[shown.lines.length - 1];
  if (upTo !== undefined && shown.lines[0] === 1 && last < upTo && last === shown.lines.length) shown.complete = true;
  return { listings: [shown], blanks };
}

/** The marker a log leaves on its own line where it cut a tool's output: `[... omitted 908 of 1164 lines ...]`. */
const OMISSION_OPEN = '[... omitted ';
const OMISSION_CLOSE = ' lines ...]';

/**
 * Whether the log cut the text (the omission marker on a line of its own).
 * Only a marker that starts a line is read on to its line's end, so each
 * line is read once however many markers a long line repeats.
 */
function cutByLog(text: string): boolean {
  for (let at = text.indexOf(OMISSION_OPEN); at !== -1; at = text.indexOf(OMISSION_OPEN, at + 1)) {
    if (at !== 0 && text[at - 1] !== '\n') continue;
    const end = text.indexOf('\n', at);
    if (isOmissionLine(text, at, end === -1 ? text.length : text[end - 1] === '\r' ? end - 1 : end)) return true;
  }
  return false;
}

/** Whether the line `[start, end)` is the log's omission marker. */
function isOmissionLine(text: string, start: number, end: number): boolean {
  return text.startsWith(OMISSION_OPEN, start) && text.endsWith(OMISSION_CLOSE, end);
}

/**
 * Unnumbered lines `from`… in order, from `bodyStart` on; a listing cut
 * short of `to` still shows what it shows. Where the log cut the middle out
 * (`[... omitted 908 of 1164 lines ...]`), the lines before the cut are
 * known and the rest is not: the listing ends there, incomplete.
 */
function plainLines(text: string, bodyStart: number, file: string, from: number, to: number | undefined, complete: boolean): GutterScan {
  const shown = emptyListing(file, complete);
  let n = from;
  const body = text.endsWith('\n') ? text.length - 1 : text.length;
  if (body <= bodyStart) return { listings: [], blanks: [] };
  let cut = false;
  forEachLine(text.slice(0, body), (start, end) => {
    if (start < bodyStart || cut || (to !== undefined && n > to)) return;
    if (isOmissionLine(text, start, end)) {
      cut = true;
      shown.complete = false;
      return;
    }
    pushLine(shown, n++, start, end);
  });
  // Asked for lines 1…`to` and given fewer, the command reached the file's end: the listing is the whole file.
  if (!cut && from === 1 && to !== undefined && shown.lines.length > 0 && n - 1 < to) shown.complete = true;
  return { listings: shown.lines.length > 0 ? [shown] : [], blanks: [] };
}

/**
 * `path:12:text` (or `path-12-text` for context lines); `12:text` when the
 * search named one file. Group separators (`--`) and lines of other shapes
 * are skipped.
 */
function grepLines(text: string, singleFile: string | undefined): GutterScan {
  const byFile = new Map<string, ShownLines>();
  const blanks: number[] = [];
  forEachLine(text, (start, end) => {
    const hit = grepLineAt(text, start, end, singleFile);
    if (!hit) return;
    showLine(byFile, hit.file, hit.number, hit.textStart, end);
    blanks.push(hit.numberStart, hit.numberEnd);
  });
  return { listings: [...byFile.values()], blanks };
}

/**
 * Output of an unknown command or tool: arrow gutters anywhere (nothing
 * else writes `12→`), runs of consecutive tab or bar gutters, and grep-style
 * lines whose prefix is a file path. Numbered runs name no file, so they are
 * only blanked; grep lines name theirs.
 *
 * Driven by the characters that can make a gutter (`→`, a tab, ` | `, a
 * `:` before a digit) rather than by lines: most tool output has few, and
 * each line is then looked at only where one of them is near its start.
 */
function scanUnknown(text: string): GutterScan {
  const blanks: number[] = [];
  const byFile = new Map<string, ShownLines>();
  forEachNearStart(text, '\u2192', GUTTER_REACH, (start, end) => {
    const g = gutterAt(text, start, end);
    if (g && g.separator === ARROW) blanks.push(g.blankStart, g.blankEnd);
  });
  for (const separator of ['\t', ' | ']) {
    let run: Gutter[] = [];
    let lastEnd = -2;
    const flush = () => {
      if (run.length >= MIN_RUN) for (const g of run) blanks.push(g.blankStart, g.blankEnd);
      run = [];
    };
    forEachNearStart(text, separator, GUTTER_REACH, (start, end) => {
      const g = gutterAt(text, start, end);
      if (!g || g.separator === ARROW) return;
      // A run is consecutive lines numbered one after another.
      if (run.length > 0 && (start !== lastEnd + 1 || g.number !== run[run.length - 1].number + 1)) flush();
      run.push(g);
      lastEnd = end;
    });
    flush();
  }
  forEachNearStart(text, ':', MAX_PREFIX, (start, end, at) => {
    if (!isDigit(text.charCodeAt(at + 1))) return;
    const hit = grepLineAt(text, start, end, undefined);
    if (!hit) return;
    showLine(byFile, hit.file, hit.number, hit.textStart, end);
    blanks.push(hit.numberStart, hit.numberEnd);
  });
  // Shells name a script's line in their errors: `/opt/x/env.sh: line 18: …`.
  forEachNearStart(text, ': line ', MAX_PREFIX, (start, end, at) => {
    const file = text.slice(start, at);
    if (!isFilePathCached(file)) return;
    const hit = numberThen(text, at + 7, end);
    if (!hit) return;
    showLine(byFile, file, hit.number, hit.textStart, end);
    blanks.push(hit.numberStart, hit.numberEnd);
  });
  sortPairs(blanks);
  return { listings: [...byFile.values()], blanks };
}

/** Farthest a gutter's separator sits from its line's start (spaces and up to seven digits). */
const GUTTER_REACH = 16;

/** Records that `file`'s line `number` was shown, its text at `[textStart, end)`. */
function showLine(byFile: Map<string, ShownLines>, file: string, number: number, textStart: number, end: number): void {
  let shown = byFile.get(file);
  if (!shown) byFile.set(file, (shown = emptyListing(file, false)));
  pushLine(shown, number, textStart, end);
}

/**
 * Calls `f(lineStart, lineEnd, at)` once per line whose first occurrence of
 * `needle` is within `reach` of the line's start. A cursor moves forward over
 * the newlines, so the whole pass is linear in the text.
 */
function forEachNearStart(text: string, needle: string, reach: number, f: (start: number, end: number, at: number) => void): void {
  let lineStart = 0;
  let nl = text.indexOf('\n');
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    while (nl !== -1 && nl < at) {
      lineStart = nl + 1;
      nl = text.indexOf('\n', lineStart);
    }
    if (at - lineStart <= reach) {
      let end = nl === -1 ? text.length : nl;
      if (end > lineStart && text.charCodeAt(end - 1) === 13) end--;
      f(lineStart, end, at);
    }
    // Only a line's first occurrence counts: go to the next line.
    if (nl === -1) return;
    at = nl;
  }
}

/** Sorts `[start, end)` pairs by start, keeping each pair together. */
function sortPairs(flat: number[]): void {
  const pairs: [number, number][] = [];
  for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k], flat[k + 1]]);
  pairs.sort((x, y) => x[0] - y[0]);
  pairs.forEach(([a, b], k) => {
    flat[2 * k] = a;
    flat[2 * k + 1] = b;
  });
}

interface Gutter {
  number: number;
  separator: number;
  /** Where the numbering (spaces, digits, separator) starts and ends: what gets blanked. */
  blankStart: number;
  blankEnd: number;
  /** Where the line's own text starts. */
  textStart: number;
}

/** `   12→`, `   12\t`, `12 | ` at the start of a line. */
function gutterAt(text: string, start: number, end: number): Gutter | undefined {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  const digits = i;
  let n = 0;
  while (i < end && i - digits < MAX_DIGITS && isDigit(text.charCodeAt(i))) n = n * 10 + text.charCodeAt(i++) - 48;
  if (i === digits || (i < end && isDigit(text.charCodeAt(i)))) return undefined;
  const c = text.charCodeAt(i);
  if (c === ARROW || c === TAB) return { number: n, separator: c, blankStart: digits, blankEnd: i + 1, textStart: i + 1 };
  if (c === 32 && text.charCodeAt(i + 1) === 124 /* | */ && (i + 2 >= end || text.charCodeAt(i + 2) === 32)) {
    const textStart = Math.min(end, i + 3);
    return { number: n, separator: 124, blankStart: digits, blankEnd: i + 2, textStart };
  }
  return undefined;
}

interface GrepHit {
  file: string;
  number: number;
  numberStart: number;
  numberEnd: number;
  textStart: number;
}

/** Longest path prefix considered on a grep line. */
const MAX_PREFIX = 512;

function grepLineAt(text: string, start: number, end: number, singleFile: string | undefined): GrepHit | undefined {
  if (singleFile !== undefined) {
    const hit = numberThen(text, start, end);
    if (hit) return { file: singleFile, ...hit };
  }
  // `path:12:` — the path ends at the first ':' or '-' followed by digits and the same separator.
  const limit = Math.min(end, start + MAX_PREFIX);
  for (let i = start + 1; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === TAB) return undefined;
    if (c !== 58 && c !== 45) continue;
    const hit = numberThen(text, i + 1, end, c);
    if (!hit) continue;
    const file = text.slice(start, i);
    if (!isFilePathCached(file)) return undefined;
    return { file, ...hit };
  }
  return undefined;
}

/** Digits at `at` followed by `:` (or the given separator); the number and where the line's text starts. */
function numberThen(text: string, at: number, end: number, separator?: number): Omit<GrepHit, 'file'> | undefined {
  let i = at;
  let n = 0;
  while (i < end && i - at < MAX_DIGITS && isDigit(text.charCodeAt(i))) n = n * 10 + text.charCodeAt(i++) - 48;
  if (i === at || n === 0) return undefined;
  const c = text.charCodeAt(i);
  if (separator !== undefined ? c !== separator : c !== 58 && c !== 45) return undefined;
  return { number: n, numberStart: at, numberEnd: i, textStart: i + 1 };
}

/** `looksLikeFilePath` remembered: a search prints the same few paths on thousands of lines. */
const isFilePathCached = boundedMemo(looksLikeFilePath, 4096);

/** `  79 src/a.ts` or `79` → 79. */
function leadingCount(text: string): number | undefined {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === TAB)) i++;
  const start = i;
  let n = 0;
  while (i < text.length && i - start < MAX_DIGITS && isDigit(text.charCodeAt(i))) n = n * 10 + text.charCodeAt(i++) - 48;
  return i > start ? n : undefined;
}

function emptyListing(file: string, complete: boolean): ShownLines {
  return { file, lines: [], starts: [], ends: [], complete };
}

function pushLine(shown: ShownLines, n: number, start: number, end: number): void {
  shown.lines.push(n);
  shown.starts.push(start);
  shown.ends.push(end);
}

/** Calls `f(start, end)` for each line (without its `\n` or a trailing `\r`). */
export function forEachLine(text: string, f: (start: number, end: number) => void): void {
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    let end = nl === -1 ? text.length : nl;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    if (nl !== -1 || end > start) f(start, end);
    if (nl === -1) break;
    start = nl + 1;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Runs of spaces up to a gutter's usual width, made once: a long file read
 * blanks hundreds of thousands of gutters, and a fresh string for each was a
 * tenth of everything parsing a session allocated.
 */
const SPACE_RUNS = Array.from({ length: 33 }, (_, n) => ' '.repeat(n));

function spaces(n: number): string {
  return n < SPACE_RUNS.length ? SPACE_RUNS[n] : ' '.repeat(n);
}

/** `text` with each `[blanks[2k], blanks[2k+1])` turned into spaces; same length, so offsets hold. */
export function blankOut(text: string, blanks: readonly number[]): string {
  if (blanks.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (let k = 0; k < blanks.length; k += 2) {
    const s = Math.max(at, blanks[k]);
    const e = Math.max(s, blanks[k + 1]);
    parts.push(text.slice(at, s), spaces(e - s));
    at = e;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
