/**
 * Fenced code in an agent's turn is either a quote of code it read (or
 * wrote) or new code it proposes. A block most of whose lines are in the
 * context is a quote: the lines that differ from the passage it quotes
 * (a renamed identifier, a changed value or string) are findings, each
 * token that differs contradicted by the passage's own. A block that mostly
 * is not in the context is new code and gets no squiggle per token; nor does
 * a block the sentence before it proposes ("Change it to:") or the added
 * lines of a diff.
 *
 * Work per block: one lookup per line and a token diff of short lines
 * against one aligned context line; nothing scans the context itself.
 */
import type { ContextMatch, Entity, EntityType, Range } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { OutputSentence } from '../../refine/claims';
import { shortLine } from './lineTokens';

/** A block is a quote when at least this share of its lines is found… */
const QUOTE_SHARE = 0.5;
/** …and at least this many. */
const MIN_QUOTED_LINES = 2;
/** Lines shorter than this (trimmed) say too little to look up (`}`, `});`, `return;`). */
const MIN_LINE = 8;
/** Longest line looked up or diffed. */
const MAX_LINE = 240;
/** Most tokens diffed per line pair. */
const MAX_TOKENS = 80;
/** How far from a found line an aligned context line is looked for. */
const MAX_STEP = 6;
/** Matches of one line considered when choosing the passage a block quotes. */
const CANDIDATES = 20;

/** Intros that present new code rather than quote existing code. */
const PROPOSAL =
  /\b(?:changes?|needed|replace|update|fix|should be|instead|could be|would be|proposed?|suggest(?:ed|ion)?|new version|try|add|rewrite|refactor|becomes?|to this|like this|with this)\b/i;

interface BlockLine {
  /** Trimmed line's range in the output. */
  span: Range;
  text: string;
  /** A context line holding the same text, once looked up. */
  found?: ContextMatch;
}

/**
 * Entities for the fenced blocks of an output: for each quoted block one
 * grounded entity (its first quoted line, so the block counts once) and one
 * finding per run of tokens that differs from the quoted passage.
 */
export function codeBlockEntities(
  output: string,
  fences: readonly Range[],
  sentences: readonly OutputSentence[],
  index: ContextLookup,
  find: FindOptions,
): Entity[] {
  const out: Entity[] = [];
  for (const fence of fences) {
    if (isProposal(output, fence, sentences) || isDiff(output, fence)) continue;
    const lines = blockLines(output, fence);
    if (lines.length === 0) continue;
    const passage = lookUpLines(lines, index, find);
    const found = lines.filter((l) => l.found);
    if (found.length < MIN_QUOTED_LINES || found.length / lines.length < QUOTE_SHARE || passage === undefined) continue;
    out.push(quoteEntity(found[0], found.length, lines.length));
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].found) continue;
      const aligned = alignedLine(lines, i, index, passage);
      out.push(...differences(output, lines[i], aligned, index, find));
    }
  }
  return out;
}

/** The sentence before the block proposes it, or the block is a diff's added side only. */
export function isProposal(output: string, fence: Range, sentences: readonly OutputSentence[]): boolean {
  let before: OutputSentence | undefined;
  for (const s of sentences) {
    if (s.span[1] > fence[0]) break;
    if (s.kind !== 'code') before = s;
  }
  if (!before || fence[0] - before.span[1] > 4) return false;
  if (before.kind === 'plan') return true;
  return output.charCodeAt(before.span[1] - 1) === 0x3a && PROPOSAL.test(output.slice(before.span[0], before.span[1]));
}

/** A diff shows a change the agent makes or proposes, not code it quotes. */
export function isDiff(output: string, fence: Range): boolean {
  const nl = output.indexOf('\n', fence[0]);
  const info = output
    .slice(fence[0], nl === -1 ? fence[1] : nl)
    .replace(/^\s*[`~]+/, '')
    .trim()
    .toLowerCase();
  return info === 'diff' || info === 'patch';
}

/** Non-trivial lines of a block, fence lines and a diff's added lines left out, `-`/` ` markers of a diff dropped. */
function blockLines(output: string, fence: Range): BlockLine[] {
  const text = output.slice(fence[0], fence[1]);
  const first = text.indexOf('\n');
  if (first === -1) return [];
  const info = text
    .slice(0, first)
    .replace(/^\s*[`~]+/, '')
    .trim()
    .toLowerCase();
  const diff = info === 'diff' || info === 'patch';
  const out: BlockLine[] = [];
  let start = fence[0] + first + 1;
  while (start < fence[1]) {
    const nl = output.indexOf('\n', start);
    const end = nl === -1 || nl > fence[1] ? fence[1] : nl;
    let s = start;
    let e = end;
    if (diff) {
      const marker = output[s];
      if (marker === '+' || marker === '@') {
        start = end + 1;
        continue;
      }
      if (marker === '-' || marker === ' ') s++;
    }
    while (s < e && isBlank(output.charCodeAt(s))) s++;
    while (e > s && isBlank(output.charCodeAt(e - 1))) e--;
    const line = output.slice(s, e);
    if (!/^[`~]{3}/.test(line) && line.length >= MIN_LINE && line.length <= MAX_LINE && /[A-Za-z0-9]/.test(line) && !isComment(line)) {
      out.push({ span: [s, e], text: line });
    }
    start = end + 1;
  }
  return out;
}

/** `// ...`, `# …`: elisions and remarks, not quoted code. */
function isComment(line: string): boolean {
  return /^(?:\/\/|#|\/\*|\*|--|<!--)/.test(line) && /\.\.\.|…|existing|rest of|unchanged|etc/i.test(line);
}

/**
 * Looks every line up (exact case, whitespace folded) and returns the part
 * most lines were found in, the passage the block quotes; each found line
 * keeps its match in that part when it has one.
 */
function lookUpLines(lines: BlockLine[], index: ContextLookup, find: FindOptions): number | undefined {
  const votes = new Map<number, number>();
  const matches: ContextMatch[][] = [];
  for (const line of lines) {
    const exact = index.find(line.text, { ...find, limit: CANDIDATES }).filter((m) => sameText(index, m, line.text));
    matches.push(exact);
    for (const part of new Set(exact.map((m) => m.part))) votes.set(part, (votes.get(part) ?? 0) + 1);
  }
  let passage: number | undefined;
  for (const [part, n] of votes) if (passage === undefined || n > votes.get(passage)! || (n === votes.get(passage)! && part > passage)) passage = part;
  lines.forEach((line, i) => {
    if (matches[i].length > 0) line.found = matches[i].find((m) => m.part === passage) ?? matches[i][0];
  });
  return passage;
}

function sameText(index: ContextLookup, m: ContextMatch, text: string): boolean {
  return index.partText(m.part).slice(m.start, m.end).replace(/\s+/g, ' ') === text.replace(/\s+/g, ' ');
}

/**
 * The context line a missing block line stands for: as many lines after the
 * nearest found line before it (in the quoted passage) as it is after that
 * line in the block, or before the nearest found line after it.
 */
function alignedLine(lines: readonly BlockLine[], i: number, index: ContextLookup, passage: number): { text: string; start: number; part: number } | undefined {
  for (let k = 1; k <= MAX_STEP; k++) {
    const before = lines[i - k]?.found;
    if (before && before.part === passage) return lineAround(index.partText(passage), before.start, k, passage);
    const after = lines[i + k]?.found;
    if (after && after.part === passage) return lineAround(index.partText(passage), after.start, -k, passage);
  }
  return undefined;
}

/** The non-blank line `steps` lines away from the line holding `at` (skipping blank and trivial lines like the block does). */
function lineAround(text: string, at: number, steps: number, part: number): { text: string; start: number; part: number } | undefined {
  let lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let left = Math.abs(steps);
  while (left > 0) {
    if (steps > 0) {
      const nl = text.indexOf('\n', lineStart);
      if (nl === -1) return undefined;
      lineStart = nl + 1;
    } else {
      if (lineStart === 0) return undefined;
      lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    }
    const end = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, end === -1 ? text.length : end).trim();
    if (line.length >= MIN_LINE && /[A-Za-z0-9]/.test(line)) left--;
  }
  const end = text.indexOf('\n', lineStart);
  const raw = text.slice(lineStart, end === -1 ? text.length : end);
  const lead = raw.length - raw.trimStart().length;
  return { text: raw.trim(), start: lineStart + lead, part };
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\S/g;

function tokens(text: string, offset: number): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) out.push({ text: m[0], start: offset + m.index, end: offset + m.index + m[0].length });
  return out;
}

/** Where a line's trailing comment starts: `#`, `//` or `--` after a space (or opening the line) and before one. */
const COMMENT = /(?:^|\s)(?:#|\/\/|--)(?=\s)/;

/**
 * What a quoted line changed: each run of its tokens that the aligned
 * context line has differently is contradicted by the context's run; with
 * no aligned line, its names, numbers and strings the context lacks anywhere
 * are unverified.
 */
function differences(
  output: string,
  line: BlockLine,
  aligned: { text: string; start: number; part: number } | undefined,
  index: ContextLookup,
  find: FindOptions,
): Entity[] {
  // A trailing comment is prose the quote may word its own way: its words are no names of the code.
  const comment = COMMENT.exec(line.text);
  const codeEnd = line.span[0] + (comment ? comment.index : line.text.length);
  const mine = tokens(line.text, line.span[0]).filter((t) => t.start < codeEnd);
  if (aligned && mine.length <= MAX_TOKENS) {
    const theirs = tokens(aligned.text, aligned.start);
    if (theirs.length <= MAX_TOKENS) {
      const runs = changedRuns(mine, theirs);
      const shared = mine.length - runs.reduce((n, r) => n + (r.mine[1] - r.mine[0]), 0);
      // A line that keeps most of its passage line's tokens is that line changed; else it is a line added.
      if (shared >= mine.length / 2) {
        return runs
          .filter((r) => r.mine[1] > r.mine[0] && mine.slice(r.mine[0], r.mine[1]).some((t) => isValueToken(t.text)))
          .map((r) => changedRun(output, mine, theirs, r, aligned));
      }
    }
  }
  const out: Entity[] = [];
  for (const t of mine) {
    if (!isValueToken(t.text) || t.text.length < 3) continue;
    const found = index.find(t.text, { ...find, limit: CANDIDATES }).some((m) => index.partText(m.part).slice(m.start, m.end) === t.text);
    if (!found) {
      // No aligned line to compare with: a value the context lacks, which material it is known to lack may hold.
      const e = finding(
        output,
        [t.start, t.end],
        typeOf(t.text),
        'unverified',
        `the quoted code's line \`${shortLine(line.text)}\` is not in the passage it quotes`,
      );
      delete e.settled;
      out.push(e);
    }
  }
  return out;
}

function changedRun(
  output: string,
  mine: Token[],
  theirs: Token[],
  r: { mine: Range; theirs: Range },
  aligned: { text: string; start: number; part: number },
): Entity {
  const span: Range = [mine[r.mine[0]].start, mine[r.mine[1] - 1].end];
  const detail = `the quoted passage reads \`${shortLine(aligned.text)}\``;
  if (r.theirs[1] === r.theirs[0]) return finding(output, span, typeOf(mine[r.mine[0]].text), 'unverified', detail);
  const from = theirs[r.theirs[0]].start;
  const to = theirs[r.theirs[1] - 1].end;
  const value = aligned.text.slice(from - aligned.start, to - aligned.start);
  const e = finding(output, span, typeOf(mine[r.mine[0]].text), 'contradicted', detail);
  e.contradiction = { value, match: { part: aligned.part, start: from, end: to } };
  return e;
}

/**
 * The runs where two token lists differ, from their longest common
 * subsequence (lines are short: at most MAX_TOKENS tokens each).
 */
function changedRuns(a: Token[], b: Token[]): { mine: Range; theirs: Range }[] {
  const n = a.length;
  const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i].text === b[j].text ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const runs: { mine: Range; theirs: Range }[] = [];
  let i = 0;
  let j = 0;
  let open: { mine: Range; theirs: Range } | undefined;
  while (i < n || j < m) {
    if (i < n && j < m && a[i].text === b[j].text) {
      if (open) runs.push(open);
      open = undefined;
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      open ??= { mine: [i, i], theirs: [j, j] };
      open.theirs[1] = ++j;
    } else {
      open ??= { mine: [i, i], theirs: [j, j] };
      open.mine[1] = ++i;
    }
  }
  if (open) runs.push(open);
  return runs;
}

/** Names, numbers and strings carry meaning; punctuation alone does not. */
function isValueToken(t: string): boolean {
  return /^[A-Za-z_$\d"']/.test(t);
}

function typeOf(t: string): EntityType {
  if (/^\d/.test(t)) return 'number';
  if (t.startsWith('"') || t.startsWith("'")) return 'quoted_string';
  return 'identifier';
}

function quoteEntity(first: BlockLine, found: number, total: number): Entity {
  const e = finding('', first.span, 'quoted_string', 'grounded', `quoted code: ${found} of ${total} lines are in the context`);
  e.text = first.text;
  e.found = true;
  e.matches = [first.found!];
  e.locations = [[first.found!.start, first.found!.end]];
  return e;
}

function finding(output: string, span: Range, type: EntityType, status: Entity['status'], detail: string): Entity {
  const text = output.slice(span[0], span[1]);
  return {
    text,
    normalized: text.toLowerCase(),
    type,
    found: false,
    status,
    locations: [],
    matches: [],
    span,
    occurrences: [span],
    detail,
    settled: true,
  };
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}
