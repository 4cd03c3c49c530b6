/**
 * "Git repo: .git with 43 files", "38 failed, 669 passed", "6 directories,
 * 4 files": a count on a line that copies a line a tool printed, words for
 * words up to the figure, with the same noun after it. The line says which
 * output it repeats, so the figure that output printed there is what the
 * count refers to: one that differs is contradicted by it, one that agrees
 * grounds it. A line the session printed with several figures there (a
 * test summary run after run) says nothing of which run the turn means,
 * and gets no verdict.
 *
 * The words before the figure must say enough to tell the line: a short
 * head ("Tests: ", "- ✅ ") is a label many outputs print. Only what tools
 * printed is read: the agent's own earlier words are no evidence.
 *
 * Work per turn: one scan of the output for figures with a noun (bounded
 * in number), and one bounded lookup of each figure's head.
 */
import type { ContextMatch, Entity, Range } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { CodeSession } from './codeVerdicts';
import { besideItsNoun } from './countClaims';
import { shortLine } from './lineTokens';

/** A figure and the word after it: "43 files", "669 passed". */
const FIGURE = /(\d{1,7}) ([A-Za-z][A-Za-z-]{1,30})\b/g;
/** Figures of one turn read at most. */
const MAX_FIGURES = 200;
/** Fewest characters of the words before a figure that tell which line it copies… */
const MIN_HEAD = 10;
/** …and most read (the tail of a longer line says where it is as well). */
const MAX_HEAD = 60;
/** Printed lines whose head agrees examined for the figure after it. */
const CANDIDATES = 16;
/** What opens a quote within a line: the copy starts after it. */
const QUOTE_OPENERS = '"“`';
/** Marks of a list, a quote, emphasis or a status before a line's words, which no tool prints as a copied line's start. */
const LEADING_MARKS = /^(?:[\s>*+\-•|#✅❌✓✗🟢🔴]|⚠\uFE0F?)+/u;

/**
 * Judges counts on lines that copy a tool's output. Entities of the turn
 * that cover a figure are given the verdict in place; figures no entity
 * covers (in a fenced block, or dropped as no claim) that the printed line
 * contradicts are returned as new entities.
 */
export function copiedCountClaims(
  output: string,
  entities: readonly Entity[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession | undefined,
): Entity[] {
  if (!session?.isToolOutput) return [];
  const printed = session.isToolOutput;
  const added: Entity[] = [];
  let seen = 0;
  for (const m of output.matchAll(FIGURE)) {
    if (++seen > MAX_FIGURES) break;
    const start = m.index;
    if (start > 0 && /[\w.,:/#$+\-]/.test(output[start - 1])) continue;
    const head = headOf(output, start);
    if (head === undefined) continue;
    const n = Number(m[1]);
    const noun = m[2].toLowerCase();
    const span: Range = [start, start + m[1].length];
    const entity = entities.find((e) => e.type === 'number' && e.occurrences.some(([s, e2]) => s <= span[0] && e2 >= span[1]));
    if (entity && (entity.settled || entity.status === 'contradicted')) continue;
    const figures = printedFigures(head, noun, index, find, printed);
    if (figures.length === 0) continue;
    const same = figures.find((f) => f.count === n);
    if (same) {
      if (entity && !entity.found) ground(entity, same.match);
      continue;
    }
    if (new Set(figures.map((f) => f.count)).size > 1) continue;
    // The figure with its noun in what a tool printed elsewhere: the turn may speak of that output.
    if (entity?.found && besideItsNoun(entity, noun, index, session)) continue;
    const detail = `the line copies \`${shortLine(figures[0].line)}\`, which a tool printed with ${figures[0].count} ${noun} here`;
    if (entity) contradict(entity, n, figures[0], detail);
    else {
      const made = newEntity(output, span);
      contradict(made, n, figures[0], detail);
      added.push(made);
    }
  }
  return added;
}

/** The words of the figure's line before it, from the line's start or an opening quote, without leading marks; none when too short. */
function headOf(output: string, figure: number): string | undefined {
  const lineStart = output.lastIndexOf('\n', figure - 1) + 1;
  let from = Math.max(lineStart, figure - MAX_HEAD);
  for (let i = figure - 1; i >= from; i--) {
    if (QUOTE_OPENERS.includes(output[i])) {
      from = i + 1;
      break;
    }
  }
  const head = output.slice(from, figure).replace(LEADING_MARKS, '');
  if (head.length < MIN_HEAD || !/[A-Za-z]{3}/.test(head) || !head.endsWith(' ')) return undefined;
  return head;
}

interface PrintedFigure {
  count: number;
  match: ContextMatch;
  line: string;
}

/** The figures tools printed right after `head`, with `noun` after them, latest first. */
function printedFigures(head: string, noun: string, index: ContextLookup, find: FindOptions, printed: (part: number) => boolean): PrintedFigure[] {
  const out: PrintedFigure[] = [];
  const keep = (part: number, start: number) => printed(part) && !/[A-Za-z0-9]/.test(index.partText(part)[start - 1] ?? '');
  for (const m of index.findLast(head, { ...find, strict: false, limit: CANDIDATES, keep })) {
    const text = index.partText(m.part);
    // The lookup's match ends at the head's last word: the figure is after the blanks that follow it.
    const after = /^([ \t]*)(\d{1,7}) ([A-Za-z][A-Za-z-]*)/.exec(text.slice(m.end, m.end + 40));
    if (!after || after[3].toLowerCase() !== noun) continue;
    const at = m.end + after[1].length;
    const lineStart = text.lastIndexOf('\n', m.start - 1) + 1;
    const lineEnd = text.indexOf('\n', m.end);
    out.push({
      count: Number(after[2]),
      match: { part: m.part, start: at, end: at + after[2].length },
      line: text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).trim(),
    });
  }
  return out;
}

function ground(entity: Entity, match: ContextMatch): void {
  entity.found = true;
  entity.status = 'grounded';
  entity.matches = [match];
  entity.locations = [[match.start, match.end]];
  entity.settled = true;
}

function contradict(entity: Entity, n: number, figure: PrintedFigure, detail: string): void {
  entity.found = false;
  entity.status = 'contradicted';
  entity.matches = [];
  entity.locations = [];
  entity.settled = true;
  entity.detail = detail;
  entity.contradiction = { value: entity.text.replace(new RegExp(`(?<![0-9])${n}(?![0-9])`), String(figure.count)), match: figure.match };
}

function newEntity(output: string, span: Range): Entity {
  const text = output.slice(span[0], span[1]);
  return {
    text,
    normalized: text,
    type: 'number',
    found: false,
    status: 'unverified',
    locations: [],
    matches: [],
    span,
    occurrences: [span],
  };
}
