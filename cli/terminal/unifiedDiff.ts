/**
 * A unified diff (`diff -u`) of two versions of a text file, to show a
 * user what a command changes in their file before or as it writes it.
 * Lines are compared with their line ends, so a CRLF turned LF shows;
 * what is printed has controls made visible and line ends dropped.
 * The edit script is Myers' O((N+M)D) diff after the common head and tail
 * are set aside: the changes shown here are a few lines in a small file.
 */
import { visibleControls } from './visibleControls';

type Op = [' ' | '-' | '+', string];

const CONTEXT = 3;
/** Past this many V-array entries kept for the backtrack, the middle is shown as all removed and all added. */
const MAX_TRACE = 4_000_000;

export function unifiedDiff(before: string, after: string, oldName: string, newName: string): string {
  if (before === after) return '';
  const ops = editScript(linesOf(before), linesOf(after));
  const out = [`--- ${visibleControls(oldName)}`, `+++ ${visibleControls(newName)}`];
  for (const [from, to] of hunkRanges(ops)) {
    let oldLine = 0;
    let newLine = 0;
    for (let i = 0; i < from; i++) {
      if (ops[i][0] !== '+') oldLine++;
      if (ops[i][0] !== '-') newLine++;
    }
    const body = ops.slice(from, to);
    const oldCount = body.filter((o) => o[0] !== '+').length;
    const newCount = body.filter((o) => o[0] !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldLine : oldLine + 1},${oldCount} +${newCount === 0 ? newLine : newLine + 1},${newCount} @@`);
    for (const [kind, line] of body) {
      out.push(kind + shown(line));
      if (!line.endsWith('\n')) out.push('\\ No newline at end of file');
    }
  }
  return `${out.join('\n')}\n`;
}

/** Each line with its line end; a last line without one is kept as it is. */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

function shown(line: string): string {
  const bare = line.endsWith('\r\n') ? line.slice(0, -2) : line.endsWith('\n') ? line.slice(0, -1) : line;
  // Tabs are indentation here, not something to hide.
  return bare.split('\t').map(visibleControls).join('\t');
}

function editScript(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...a.slice(0, head).map((l): Op => [' ', l]), ...middle, ...a.slice(a.length - tail).map((l): Op => [' ', l])];
}

function myers(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    if ((d + 1) * v.length > MAX_TRACE) break;
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, off);
    }
  }
  return [...a.map((l): Op => ['-', l]), ...b.map((l): Op => ['+', l])];
}

function backtrack(trace: Int32Array[], a: string[], b: string[], off: number): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? k + 1 : k - 1;
    const prevX = v[off + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push([' ', a[--x]]);
      y--;
    }
    if (x === prevX) ops.push(['+', b[--y]]);
    else ops.push(['-', a[--x]]);
  }
  while (x > 0 && y > 0) {
    ops.push([' ', a[--x]]);
    y--;
  }
  return ops.reverse();
}

/** [from, to) ranges of ops: each change with CONTEXT lines either side, close ones joined. */
function hunkRanges(ops: Op[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < ops.length; i++) {
    if (ops[i][0] === ' ') continue;
    const from = Math.max(0, i - CONTEXT);
    let end = i;
    while (end + 1 < ops.length && ops[end + 1][0] !== ' ') end++;
    const to = Math.min(ops.length, end + 1 + CONTEXT);
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1]) last[1] = to;
    else ranges.push([from, to]);
    i = end;
  }
  return ranges;
}
