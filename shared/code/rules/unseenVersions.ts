/**
 * A version of three parts (`1.0.3`, `v2.51.0`, `react@18.3.1`) that an
 * agent's turn states and that nothing in the session spells: neither
 * before the turn nor later in what the agent wrote. A version is not
 * derived by reading the way a count or a sum may be: it is copied from a
 * manifest, a lockfile, a command's output or a file the agent wrote, so
 * one no part of the session holds was never seen.
 *
 * Only what reads as a version is taken: three dot-separated numbers marked
 * as one by a `v`, a pin (`@`, `^`, `~`, `>=`, `==`), the word "version",
 * or a product's name right before it; a section number ("Step 1.2.3"),
 * an address and a date are not. What the version-slots rule judged
 * against the version the session gives for that product it keeps; this
 * rule speaks only of versions no slot judged. Claims only: not questions,
 * plans, instructions, code blocks or lines of code. Gaps that hide what
 * the agent read (a Markdown chat, file contents not logged, images) leave
 * every version unchecked, and a system prompt the log omits leaves the
 * system's own version its environment lines give (`Darwin 25.0.0`).
 *
 * Work per turn: one bounded lookup per distinct version the turn states.
 */
import { ruleEntity } from '../../classifier/ruleEntity';
import type { ContextGap, Entity, Range } from '../../classifier/types';
import type { ContextLookup } from '../../lookup/contextLookup';
import { type OutputSentence, sentenceIndexAt } from '../../refine/claims';
import { CodeLines } from '../../refine/rules/codeLines';
import { namesCheckable } from './absentNames';
import { ReportBlocks } from './reportBlocks';
import { nameBefore, NOT_PRODUCTS, NUMBERING, standsAlone } from './versionSlots';

/** Matches of a version's digits read before deciding the session never spells it as a version of its own. */
const EXAMINED = 400;
/** Marks right before the digits that make them a version: `v1.2.3`, `@1.2.3`, `^1.2.3`, `>=1.2.3`, `>= 1.2.3`, `==1.2.3`. */
const PIN_BEFORE = /(?:[vV]|@|\^|~|(?:[<>]=?|[=~!]=) ?)$/;
/**
 * The word "version" (or "release") just before, with a colon, `v`, "to" or
 * a verb of change between: "version 1.0.3", "Version: 2.1.0", "version
 * bumped from 1.0.1", "set version/ratified/amended to 1.0.2".
 */
const WORD_BEFORE =
  /\b(?:[Vv]ersion|[Rr]elease)s?(?:\/[a-z]{1,12}){0,3}(?:\s(?:was|is|got))?(?:\s(?:bumped|changed|updated|raised|moved|set))?(?:[:=]?\s{1,3}|\s(?:is\s|to\s|of\s|from\s)?)v?$/;
/** Another three-part version on the other side of an arrow: `1.0.2 → 1.0.3` is a version moving. */
const ARROW_BEFORE = /\d\.\d{1,4}\.\d{1,4}\s?(?:→|->|=>)\s?v?$/;
const ARROW_AFTER = /^\s?(?:→|->|=>)\s?v?\d{1,4}\.\d{1,4}\.\d/;

export interface UnseenVersionsInput {
  output: string;
  sentences: readonly OutputSentence[];
  /** The turn's entities so far: a version one of them settled is left to it. */
  entities: readonly Entity[];
  index: ContextLookup;
  /** The turn's own part: every other part of the session may spell the version. */
  turn: number | undefined;
  gaps: readonly ContextGap[];
  /** The turn's fenced blocks: those that report are read as prose is. */
  fences?: readonly Range[];
}

/**
 * Versions the turn states that no other part of the session spells, as
 * new entities; a version inside an entity no rule judged yet (inline code
 * such as `` `v18.16.0` ``) is judged on that entity instead.
 */
export function unseenVersionClaims(input: UnseenVersionsInput): Entity[] {
  const { output, sentences, entities, index, turn, gaps } = input;
  if (!namesCheckable(gaps) || !/\d\.\d+\.\d/.test(output)) return [];
  const spelt = spelling(index, turn);
  const promptHidden = gaps.some((g) => g.code === 'system-prompt-not-logged');
  const codeLines = new CodeLines(output);
  const reports = new ReportBlocks(output, input.fences ?? [], sentences);
  const added = new Map<string, Entity>();
  // Linear: every match succeeds where it starts (the repetition may be empty), so nothing is retried.
  const runs = /\d+(?:\.\d+)*/g;
  for (let m = runs.exec(output); m; m = runs.exec(output)) {
    const start = m.index;
    const end = start + m[0].length;
    const parts = m[0].split('.');
    if (parts.length !== 3 || parts.some((p) => p.length > 4) || Number(parts[0]) > 999) continue;
    if (!standsAlone(output, start, end) || !(markedAsVersion(output, start, end) || inlineVersion(output, start, end))) continue;
    if (promptHidden && ofTheMachine(output, start)) continue;
    const sentence = sentenceIndexAt(sentences, start);
    const kind = sentence === undefined ? undefined : sentences[sentence].kind;
    if (kind === 'code' ? !reports.holds(start, end) : kind !== 'claim' || codeLines.holds(start, end)) continue;
    const span: Range = [start, end];
    const covering = entities.find((e) => e.occurrences.some(([s, e2]) => s < end && e2 > start));
    // A version another rule found or judged, or one inside a longer claim (a command, a range), is that rule's.
    if (covering && (covering.found || covering.settled || covering.status === 'contradicted' || !onlyVersion(covering.text, m[0]))) continue;
    if (spelt(m[0])) continue;
    const detail = `no part of the session spells the version ${m[0]}`;
    if (covering) {
      covering.status = 'unverified';
      covering.rule = 'unseen-versions';
      covering.settled = true;
      covering.detail = detail;
      continue;
    }
    const same = added.get(m[0]);
    if (same) {
      same.occurrences.push(span);
      continue;
    }
    const entity = ruleEntity(m[0], 'number', span, 'unseen-versions');
    entity.settled = true;
    entity.detail = detail;
    added.set(m[0], entity);
  }
  return [...added.values()];
}

/**
 * The system's own version as the agent's environment lines give it
 * (`OS Version: Darwin 25.0.0`, `Linux 6.8.0`): the system prompt holds
 * those lines, so where the log omits the prompt, nothing says it was unseen.
 */
function ofTheMachine(output: string, start: number): boolean {
  const name = nameBefore(output.slice(Math.max(0, start - 40), start).replace(/`$/, ''));
  return name !== undefined && /^(?:darwin|linux)$/i.test(name);
}

/** A `v`, a pin, the word "version", a product's name right before the digits, or another version across an arrow, says they are a version. */
function markedAsVersion(output: string, start: number, end: number): boolean {
  // A version written as code (`` version `1.1.2` ``) is marked as one written plain.
  const before = output.slice(Math.max(0, start - 40), start).replace(/`$/, '');
  if (PIN_BEFORE.test(before) || WORD_BEFORE.test(before) || ARROW_BEFORE.test(before)) return true;
  if (ARROW_AFTER.test(output.slice(end, end + 20).replace(/^`/, ''))) return true;
  const name = nameBefore(before);
  if (name === undefined) return false;
  const lower = name.toLowerCase();
  return !NOT_PRODUCTS.has(lower) && !NUMBERING.has(lower) && !/^\d/.test(name);
}

/** Inline code that is the version alone (`` `1.1.2` ``, `` `v1.1.2` ``): code holding nothing but a version is one. */
function inlineVersion(output: string, start: number, end: number): boolean {
  const open = output[start - 1] === 'v' || output[start - 1] === 'V' ? start - 1 : start;
  return output[open - 1] === '`' && output[end] === '`';
}

/**
 * An entity that says nothing but versions, so that its verdict is the
 * version's: the version written as code or with its mark (`` `1.1.2` ``,
 * `v18.16.0`, `^5.4.8`), a range of versions (`` `^18.18.0 || >= 20.0.0` ``),
 * or a tool's name and its version (`` `go 1.25.1` ``). A command or a
 * longer code says more, and is its own rule's.
 */
function onlyVersion(text: string, version: string): boolean {
  const bare = text.replace(/^`+|`+$/g, '').trim();
  if (!bare.includes(version)) return false;
  return VERSION_EXPRESSION.test(bare) || NAMED_VERSION.test(bare);
}

/** Versions, marks and range operators only. */
const VERSION_EXPRESSION = /^[vV^~<>=|!*x.,\s\d-]+$/;
/** One word and one version: `go 1.25.1`, `node v20.11.0`. */
const NAMED_VERSION = /^[A-Za-z][\w.+-]{0,30} v?\d+(?:\.\d+){1,3}$/;

/**
 * Whether another part of the session (before the turn on any branch, or
 * after it) writes the version as a version of its own: not inside a longer
 * dotted run (`11.0.3`, `1.0.3.4`, `1.0.30`).
 */
function spelling(index: ContextLookup, turn: number | undefined): (version: string) => boolean {
  const seen = new Map<string, boolean>();
  return (version) => {
    let hit = seen.get(version);
    if (hit === undefined) {
      const matches = index.find(version, { strict: false, limit: EXAMINED });
      // Digits met this often (inside longer runs too) cannot be told unseen without reading them all: taken as spelt.
      hit = matches.length >= EXAMINED || matches.some((m) => m.part !== turn && alone(index.partText(m.part), m.start, m.end));
      seen.set(version, hit);
    }
    return hit;
  };
}

function alone(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 1);
  if (isDigit(before) || (before === 46 && isDigit(text.charCodeAt(start - 2)))) return false;
  const after = text.charCodeAt(end);
  return !isDigit(after) && !(after === 46 && isDigit(text.charCodeAt(end + 1)));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
