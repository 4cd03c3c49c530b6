/**
 * A line reference made stale by the agent's own edits: it cites lines of a
 * file for a name (`upgrade_self` (src/app.py:380-395)) that a listing
 * before the edit showed there, but the file as the session last showed it,
 * after its newest edit, has the name elsewhere or no longer on those
 * lines. Which file state the claim speaks of is told by the name: a
 * sentence citing lines for a name says the name is on them now.
 *
 * Only what the session knows after the newest edit decides: a listing at or
 * after it (a read, a numbered search, the file rebuilt from a complete read
 * and the edit's text) and the lines shown before, even of part of the file,
 * followed through every edit since to where they are now (trackedLines.ts).
 * Where nothing known after the edit holds the cited lines or the name's
 * definition, where the name is now cannot be told, and the rule says
 * nothing. Work per claim: a bounded number of the file's newest
 * listings, read once per name.
 */
import type { Range } from '../../classifier/types';
import { isAsciiAlnum, isIdentPart } from '../../extract/chars';
import type { FileKnowledge, LinePlace } from '../facts';

/** How far from a cited line a name may sit and still be "at" that line. */
const NEAR_LINES = 2;

export interface MovedLine {
  /** The name the reference is cited for. */
  name: string;
  /** Where the file as last shown defines the name, when it shows that. */
  now?: { line: number; place: LinePlace; followed?: true };
  /** The newest edit of the file before the claim. */
  edit: number;
}

/**
 * The name the cited lines no longer hold, if the file as shown after its
 * newest edit says so: every name is defined on other lines there, or the
 * cited lines are all shown there without any of the names, which a listing
 * before the edit showed on or near them.
 */
export function movedLine(
  lines: readonly Range[],
  names: readonly string[],
  known: readonly FileKnowledge[],
  sole = true,
  /** Every name the sentence gives, short ones too (`cm` beside `cma`): lines holding any of them may be the ones meant. */
  allNames: readonly string[] = names,
): MovedLine | undefined {
  if (names.length === 0 || known.length !== 1) return undefined;
  const k = known[0];
  const edit = k.latestEdit();
  // A change no edit tool showed leaves nothing to follow the shown lines through.
  if (edit === undefined || k.rewrittenSinceShown()) return undefined;
  // The cited lines as shown since the edit. A name inside a longer one there (`mkrepo` in `def cmd_mkrepo`) may be the one meant.
  let covered = true;
  for (const [a, b] of lines) {
    const now = k.linesSince(a - NEAR_LINES, b + NEAR_LINES, edit);
    for (const text of now.values()) if (names.some((name) => text.includes(name)) || allNames.some((name) => hasPart(text, name))) return undefined;
    for (let line = a; line <= b && covered; line++) covered = now.has(line);
  }
  const near = (line: number) => lines.some(([a, b]) => line >= a - NEAR_LINES && line <= b + NEAR_LINES);
  let moved: MovedLine | undefined;
  const elsewhere = new Map<string, { line: number; place: LinePlace; followed?: true }>();
  for (const name of names) {
    // A name defined on two lines (two classes' `__init__`) does not say which one the sentence means.
    const defined = k.linesWith(name, { since: edit }).filter((h) => defines(h.text, name));
    if (defined.length !== 1 || near(defined[0].line)) continue;
    elsewhere.set(name, defined[0]);
    moved ??= { name, now: defined[0], edit };
  }
  // Names defined further apart than the cited lines span are not all on one place the sentence could cite: it sums up, and
  // its reference points at one change among several.
  const span = lines[lines.length - 1][1] - lines[0][0] + 2 * NEAR_LINES;
  const defs = [...elsewhere.values()].map((d) => d.line);
  if (sole && moved && defs.length === names.length && Math.max(...defs) - Math.min(...defs) <= span) return moved;
  // The cited lines as they stand now hold none of the names; a listing before the edit showed one of them there: the number is
  // from then. Beside other references, only a name on a cited range's first line, or the next (below a comment or a
  // decorator), is the one this reference was cited for: a long range may hold a name another reference is for, and a list of
  // references a few lines apart has names near each.
  if (!covered) return undefined;
  const cites = sole ? near : (line: number) => lines.some(([a]) => line === a || line === a + 1);
  for (const name of names) {
    if (!k.linesWith(name, { before: edit, printed: true }).some((h) => cites(h.line))) continue;
    const now = elsewhere.get(name);
    return { name, edit, ...(now ? { now } : {}) };
  }
  return undefined;
}

/** Keywords that open a definition of the name after them, in the languages agents mostly edit. */
const DEFINING = new Set([
  'def',
  'class',
  'function',
  'fn',
  'func',
  'struct',
  'interface',
  'type',
  'enum',
  'trait',
  'module',
  'sub',
  'const',
  'let',
  'var',
  'val',
]);

/**
 * Whether a line defines `name`: a keyword that defines right before it
 * (`def upgrade_self(`, `export function load(`), or a top-level assignment
 * (`HELP_TEXTS = {`). A use of the name elsewhere says nothing of where it is.
 */
export function defines(text: string, name: string): boolean {
  if (text.startsWith(name) && /^\s*(?::[^=\n]*)?=(?!=)/.test(text.slice(name.length))) return true;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (isIdentPart(text.charCodeAt(at + name.length))) continue;
    const before = text.slice(Math.max(0, at - 24), at);
    const m = /([A-Za-z]+)\s+$/.exec(before);
    if (m && DEFINING.has(m[1])) return true;
  }
  return false;
}

/** Whether `name` is in `text` between characters that are not letters or digits (`cm` in `def cmd_cm(`, not in `command`). */
function hasPart(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!isAsciiAlnum(text.charCodeAt(at - 1)) && !isAsciiAlnum(text.charCodeAt(at + name.length))) return true;
  }
  return false;
}
