/**
 * Counts an agent states ("97 similar selects", "three checks", "12 files")
 * against counts its commands printed (`grep -c select src/db.ts` said 79,
 * `find … | wc -l` said 12). A count of the same thing the context counted
 * differently is contradicted, with the context's figure as the fix; the
 * same figure grounds it.
 *
 * A count written in words that no command counted ("update the two
 * places") is one the agent made by reading: not a claim to check, so it is
 * dropped (see `dropReadingCounts`).
 */
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../../classifier/types';
import { numberInWords } from '../../refine/equivalentForms';
import type { CodeSession } from './codeVerdicts';
import type { Tally, TestState } from '../facts';
import type { ContextLookup } from '../../lookup/contextLookup';
import { isLengthFigure, isRough, judgeFileLength, NAME_BREAK } from './fileLengths';
import { looksLikeFilePath, mayChangeFiles } from '../facts';
import { judgeByNamedCommand } from './namedCommandCounts';
import { nearestOf } from '../../lookup/lookupEntities';

/** Places of a figure read for its noun beside it. */
const BESIDE_PLACES = 20;

/** Words between a figure and what it counts ("97 similar selects"). */
const MAX_ADJECTIVES = 2;

/** A state word right after a figure, as test runners print it: the figure counts tests. */
const RUN_STATES = new Set(['passed', 'passing', 'failed', 'failing', 'skipped']);

/** Nouns that count matches of whatever was searched. */
const GENERIC_MATCHES = new Set(['match', 'occurrence', 'hit', 'result', 'instance', 'usage', 'use', 'call', 'place', 'reference', 'line']);

export function countVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  session: CodeSession | undefined,
  index: ContextLookup,
): void {
  if (!session) return;
  // Lists of files are listing-counts' evidence: a list counted by its lines is not a figure a command printed.
  const tallies = session.view.tallies().filter((t) => t.folder === undefined);
  entities.forEach((entity, i) => {
    // A count the context happens to hold elsewhere (`31` in a timing) is still judged by what counted that thing.
    if (entity.type !== 'number' || entity.status === 'contradicted' || extracted[i].code) return;
    // "26 of the 28 tests": the 28 is a total, which runs report apart from what passed or failed.
    if (/\bof (?:the |all )?$/i.test(output.slice(Math.max(0, entity.span[0] - 12), entity.span[0]))) return;
    const stated = statedCount(output, extracted[i], entity);
    if (!stated) return;
    const { n, noun } = stated;
    // "`contest.py` (689 lines)": the length of the file named beside it, when the session knows it; no other file's count.
    if (noun === 'line' && judgeFileLength(output, entity, n, session) !== 'unnamed') return;
    // "Added: 154 lines", "~700 lines": no count of a file's lines contradicts a change or a rough figure.
    if (noun === 'line' && !isLengthFigure(output, entity.span)) return;
    // The figure beside the same noun in a tool's output ("7 files changed") grounds it, whatever else counted that noun.
    if (entity.found && besideItsNoun(entity, noun, index, session)) return;
    if (isTestNoun(noun)) {
      if (aboutAnEarlierRun(output, entity.span)) return;
      const state = testState(output, entity.span);
      if (state !== undefined) judgeTestCount(entity, n, state, tallies, session);
      else {
        const size = suiteSize(output, entity.span);
        if (size) judgeSuiteSize(entity, n, size, tallies, session);
      }
      return;
    }
    const counted = tallies.filter((t) => t.noun !== 'tests' && counts(noun, t, output, entity.span) && !countsAnotherThing(output, entity.span, t));
    // Any count of that thing agreeing grounds it; the latest is the fix only when none does.
    const tally = counted.find((t) => t.count === n) ?? counted[0];
    if (!tally) {
      // "`npm run lint`: 27 warnings": what the command the line names printed of the noun.
      judgeByNamedCommand(output, entity, n, noun, session);
      return;
    }
    const match = placeOf(session)(tally);
    if (match.part === -1) return;
    entity.settled = true;
    if (tally.count === n) return groundAt(entity, match);
    const value = withCount(entity.text, n, tally.count);
    if (value === undefined) return;
    contradictAt(
      entity,
      value,
      match,
      `\`${tally.command}\` ${DIFF_STAT_WORDS[tally.noun] ? `reported ${tally.count} ${DIFF_STAT_WORDS[tally.noun]}` : `counted ${tally.count}`}`,
    );
  });
}

/** The count is what the context's figure at `match` says. */
function groundAt(entity: Entity, match: ContextMatch): void {
  entity.found = true;
  entity.status = 'grounded';
  entity.matches = [match];
  entity.locations = [[match.start, match.end]];
}

/** The context's figure at `match` says otherwise: `value` is the claim with that figure. */
function contradictAt(entity: Entity, value: string, match: ContextMatch, detail: string): void {
  entity.detail = detail;
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.status = 'contradicted';
  entity.contradiction = { value, match };
}

/**
 * "33 React components" after `ls src/components` listed 32 `.jsx` files:
 * a count of the files of one kind that a list of one folder's files
 * numbers otherwise. The list must be the one the count is about (see
 * `aboutListing`; nothing named before the figure is another folder), and
 * nothing since may have changed the folder: after a write, an edit, or a
 * command not known to only read, the list says what the folder held, not
 * what it holds.
 */
export function listingCountVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  session: CodeSession | undefined,
  index: ContextLookup,
): void {
  if (!session) return;
  const listings = session.view.tallies().filter((t) => t.folder !== undefined);
  if (listings.length === 0) return;
  entities.forEach((entity, i) => {
    if (entity.type !== 'number' || entity.status === 'contradicted' || entity.settled || extracted[i].code) return;
    const stated = statedCount(output, extracted[i], entity);
    if (!stated || stated.noun === 'line' || isTestNoun(stated.noun)) return;
    const { n, noun } = stated;
    // "100+ templates": at least, not how many.
    if (output[entity.span[1]] === '+' || /\+$/.test(entity.text)) return;
    if (comparesCounts(output, entity.span)) return;
    if (entity.found && besideItsNoun(entity, noun, index, session)) return;
    const counted = listings.filter((t) => aboutListing(noun, t.folder!, output, entity.span) && !countsAnotherThing(output, entity.span, t));
    const tally = counted.find((t) => t.count === n) ?? counted[0];
    if (!tally) return;
    const match = placeOf(session)(tally);
    if (match.part === -1) return;
    if (tally.count === n) {
      entity.settled = true;
      return groundAt(entity, match);
    }
    if (changedSince(session, tally.segment)) return;
    const value = withCount(entity.text, n, tally.count);
    if (value === undefined) return;
    entity.settled = true;
    contradictAt(entity, value, match, `\`${tally.command}\` listed ${tally.count} files`);
  });
}

/**
 * Whether a count is of the files a listing of `folder` names: its noun is
 * the folder's own name ("33 components" of `src/components`), or its line or
 * the line above (a heading) writes the folder's path (`src/components/ui/`
 * above "54 shadcn/ui components"). "12 files" alone could be any files.
 */
function aboutListing(noun: string, folder: string, output: string, span: Range): boolean {
  const segments = folder.toLowerCase().split('/');
  const name = segments[segments.length - 1];
  if (noun !== 'file' && sameStem(noun, name)) return true;
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  const above = output.lastIndexOf('\n', Math.max(0, lineStart - 2)) + 1;
  const lineEnd = output.indexOf('\n', span[1]);
  const near = output
    .slice(lineStart > 0 ? above : 0, lineEnd === -1 ? output.length : lineEnd)
    .toLowerCase()
    .replace(/\\/g, '/');
  // The path as far as its last two folders: `components/ui`, or `agents/` for a folder of one name.
  const written = segments.length > 1 ? segments.slice(-2).join('/') : `${name}/`;
  return near.includes(written);
}

/** "4 agents instead of 1", "3 files vs 5": a count weighed against another, not one read off a listing. */
const COMPARING = /^[^\n.;:]{0,40}?\b(?:instead of|rather than|vs\.?|versus|compared (?:to|with))\b/i;

function comparesCounts(output: string, span: Range): boolean {
  return COMPARING.test(output.slice(span[1], span[1] + 60));
}

/** Tool calls read back from the output for a listing's own. */
const STEPS_BACK = 200;

/** Whether a call after the listing at `segment` may have changed files, or the listing is not among the output's last calls. */
function changedSince(session: CodeSession, segment: number): boolean {
  let read = 0;
  for (const step of session.view.steps()) {
    if (step.result === segment || step.call.results.includes(segment)) return false;
    if (++read > STEPS_BACK || mayChangeFiles(step.call.name, step.call.input)) return true;
  }
  return true;
}

/** `tests`, `unit tests`, `doctests`, `specs`: what test runners count. */
function isTestNoun(noun: string): boolean {
  return noun.endsWith('test') || noun === 'spec' || noun === 'test case' || noun === 'case';
}

/** How far back on its line a figure is read for a run it belongs to: bounded, since one line can hold thousands of counts. */
const EARLIER_RUN_REACH = 300;

/**
 * Words by which a line speaks of a run before the latest ("My first mutation run was wrong. It reported 2 tests
 * red", "Initially 3 tests failed"). "last run" is left out: it is the latest.
 */
const EARLIER_RUN =
  /\b(?:(?:first|earlier|previous|prior|initial|original|old|older)\s+(?:[\w-]+\s+){0,2}?(?:runs?|attempts?|pass|try|tries|execution|iteration)|initially|originally|at first|previously|before (?:the|my|this|that|any) (?:fix|change|patch|edit)(?:es|s)?)\b/i;

/**
 * Whether the figure's line, before it, speaks of an earlier run. A Markdown line is a paragraph or a list item: a
 * figure there may count that run, not the latest, and the rule cannot tell which it compares with.
 */
function aboutAnEarlierRun(output: string, span: Range): boolean {
  const before = output.slice(Math.max(0, span[0] - EARLIER_RUN_REACH), span[0]);
  return EARLIER_RUN.test(before.slice(before.lastIndexOf('\n') + 1));
}

/**
 * What the count says of the tests, by the first state word after it in its
 * clause ("76 passing and 6 skipped": the 6 were skipped), or by the state
 * its bracket stands after ("suite passing (24 tests)"); `undefined` for a
 * state runs are not compared on, and where the clause names no state:
 * "56 RED tests", "57 tests, 736 lines" or "2 evaluate tests" still to write
 * say nothing a run's figures could contradict.
 */
function testState(output: string, span: Range): TestState | undefined {
  const near = clauseAfter(output, span, 40).toLowerCase();
  const m = STATE_AFTER.exec(near);
  const after = m ? (m[1] ?? stateOfWord(m[2])) : undefined;
  const before = BRACKETED_AFTER_STATE.exec(output.slice(Math.max(0, span[0] - STATE_REACH), span[0]).toLowerCase());
  const word = after ?? (before ? (before[1] ?? stateOfWord(before[2])) : undefined);
  if (word === undefined || word === 'pend' || word === 'todo') return undefined;
  if (word === 'fail') return 'failed';
  return word === 'skip' ? 'skipped' : 'passed';
}

/**
 * The words of a passing or failing run in Chinese, Japanese and Korean, which
 * write a run's tally in English beside them ("成功（16 tests）", "6 files / 30
 * tests 全件通過", "테스트 통과 (12 tests)"): the state is as plain as "passed".
 */
const CJK_STATE = '失败|失敗|실패|成功|通过|通過|合格|성공|통과';

function stateOfWord(word: string): 'fail' | 'pass' {
  return /^(?:失败|失敗|실패)$/.test(word) ? 'fail' : 'pass';
}

/** The first state word after a count in its clause. */
const STATE_AFTER = new RegExp(`\\b(fail|skip|pend|todo|pass|succe|green|ok\\b)|(${CJK_STATE})`);

/** "passing (24 tests)", "all green (48 tests)", "成功（16 tests）": a state word with the count in the bracket right after it. */
const BRACKETED_AFTER_STATE = new RegExp(`(?:\\b(fail|pass|succe|green)[a-z]*|(${CJK_STATE}))\\s*[(\uff08]\\s*$`);
/** Characters before a count that `BRACKETED_AFTER_STATE` reads: a bounded tail keeps it linear. */
const STATE_REACH = 24;

/**
 * What ends the clause a figure is written in, in the answer: a bracket,
 * colon, semicolon, emphasis mark, a table's cell border or line end. A
 * figure alone in its cell (a row's number, `| 2 | Models/*.stl |`) counts
 * nothing the next cell names.
 */
const ANSWER_CLAUSE_ENDS = '()[]:;*|\n';
/** In a tool's output also a full stop or comma: "29 passed; 0 failed". */
const OUTPUT_CLAUSE_ENDS = `${ANSWER_CLAUSE_ENDS}.,`;

/** Where the clause that runs past `from` ends, looking no further than `limit`. */
function clauseEnd(text: string, from: number, ends: string, limit = text.length): number {
  let i = from;
  while (i < limit && !ends.includes(text[i])) i++;
  return i;
}

/** From the entity to the end of its clause, at most `reach` characters past it. */
function clauseAfter(output: string, span: Range, reach: number): string {
  return output.slice(span[0], clauseEnd(output, span[1], ANSWER_CLAUSE_ENDS, Math.min(output.length, span[1] + reach)));
}

/**
 * Whether a place the lookup found the figure, in what a tool printed, has
 * the counted noun right after it. A message repeating a count (a user's, or
 * a hook's feedback quoting the claim) is no count of anything.
 */
export function besideItsNoun(entity: Entity, noun: string, index: ContextLookup, session: CodeSession): boolean {
  const stem = noun.slice(0, Math.max(4, noun.length - 1));
  // The places nearest the turn, read only that far: a common figure has thousands, and keeping them all costs more than the check.
  for (const m of nearestOf(entity, BESIDE_PLACES).matches) {
    if (!session.isToolOutput?.(m.part)) continue;
    // From the figure on: the match may be the figure alone or the figure with its noun.
    const at = index
      .partText(m.part)
      .slice(m.start, m.end + 40)
      .toLowerCase();
    // Within the figure's own clause: "(line 31) ... ok\ntest" does not count tests.
    const clause = at.slice(0, clauseEnd(at, m.end - m.start, OUTPUT_CLAUSE_ENDS));
    const words = clause
      .split(/[^a-z0-9-]+/)
      .filter((w) => w !== '')
      .slice(1, MAX_ADJECTIVES + 2);
    if (words.some((w) => w.startsWith(stem))) return true;
  }
  return false;
}

/**
 * A test count against the runs before it: grounded by any run's figure or
 * the sum of one run's figures (unit and doc tests), contradicted by the
 * latest run's when no run agrees.
 */
function judgeTestCount(entity: Entity, n: number, state: TestState, tallies: readonly Tally[], session: CodeSession): void {
  const runs = testRuns(tallies, (t) => t.state === state);
  if (runs.length === 0) return;
  const place = placeOf(session);
  if (groundedByRun(entity, runs, place, (run) => run.find((t) => t.count === n) ?? (sum(run) === n ? run[0] : undefined))) return;
  if (groundedAcrossCommands(entity, n, runs, place)) return;
  const latest = runs[0];
  const figure = sum(latest);
  contradictByRun(entity, n, figure, place(latest[0]), `the latest test run (\`${latest[0].command}\`) reported ${figure} ${state}`);
}

/**
 * "**29 unit tests** across all modules", "8 unit tests + 5 doc tests = 13
 * tests total": a count of tests whose clause names no state is how many
 * tests there are, which a run's summary counts, when nothing in the clause
 * narrows it to some of them: no other word between the figure and its noun
 * than `unit` or `doc` ("12 network tests", "2 CLI tests" are a part), no
 * file or code named before it on its line ("`test_a.py` (12 tests)"), no
 * word before it in its clause that makes it a change or a part ("added 5
 * tests", "only 3 tests", "the remaining 4 tests"), and no word after its
 * noun that does ("12 tests for the parser", "2 tests still to write").
 */
function suiteSize(output: string, span: Range): SuiteSize | undefined {
  // The entity may hold its noun ("6 doctests"): the noun is read from the figure's end.
  const end = figureEnd(output, span);
  const after = output.slice(end, Math.min(output.length, end + SUITE_REACH)).toLowerCase();
  const noun = SUITE_NOUN.exec(after);
  if (!noun || NARROWED_AFTER.test(after.slice(noun[0].length))) return undefined;
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  const line = output.slice(Math.max(lineStart, span[0] - SUITE_REACH), span[0]);
  if (line.includes('`') || line.split(NAME_BREAK).some((t) => looksLikeFilePath(t.replace(/[.:]+$/, '')))) return undefined;
  if (narrowedBefore(line.slice(lastClauseBreak(line) + 1).toLowerCase())) return undefined;
  return noun[1] ? 'section' : 'all';
}

/** Where the figure of a count entity ends: the entity may hold its noun too ("6 doctests", "137 test files"). */
function figureEnd(output: string, span: Range): number {
  return span[0] + (/^[\d,]+/.exec(output.slice(span[0], span[1]))?.[0].length ?? 0);
}

/** Whether a count of tests names a section of a run ("unit tests", "doctests") or all the tests it ran. */
type SuiteSize = 'section' | 'all';

/** How far around a figure of tests its noun and its clause are read. */
const SUITE_REACH = 80;
/** The noun right after the figure, with a word saying which section of a run it is: ` unit tests`, ` doctests`, ` doc-tests`. */
const SUITE_NOUN = /^\*{0,2}\s((?:unit|doc)[ -]?)?tests?\b\**/;
/** A word after the noun that makes the count a part of the tests, or tests still to be written. */
const NARROWED_AFTER =
  /^\s*(?:for|in|of|on|from|covering|cover|under|within|per|against|targeting|that|which|to|still|left|remaining|planned|written|added|were|was|will|would|should|need|needed)\b/;
/** Words before the figure in its clause that make it a change, a part or a plan (besides any verb in -ed or -ing: "added", "fixing"). */
// biome-ignore format: a list of words or values reads best packed
const NARROWING_WORDS = new Set([
  'add', 'adds', 'new', 'wrote', 'write', 'writes', 'more', 'additional', 'extra', 'another', 'remaining', 'missing', 'need', 'needs',
  'should', 'will', 'would', 'could', 'todo', 'plan', 'fix', 'fixes', 'remove', 'removes', 'red', 'green', 'only', 'just', 'some', 'few',
  'several', 'first', 'last', 'other', 'these', 'those', 'its', 'their', 'each', 'per', 'of', 'for', 'in', 'from', 'than', 'over',
  'under', 'about', 'around',
]);

function narrowedBefore(clause: string): boolean {
  return clause.split(/[^a-z]+/).some((w) => NARROWING_WORDS.has(w) || (w.length > 4 && (w.endsWith('ed') || w.endsWith('ing'))));
}

/** Where the last clause break before the figure is in `before`: a bracket, sign or punctuation that starts a new part ("8 unit + 5 doc tests"). */
function lastClauseBreak(before: string): number {
  let i = before.length - 1;
  while (i >= 0 && !'([{+=,;:|'.includes(before[i])) i--;
  return i;
}

/**
 * A count of the tests there are against the runs before it: grounded by
 * any figure a run printed, the sum of one run's figures of a state, or the
 * sum of all of one run's figures (the tests it ran); contradicted by the
 * latest run when none agrees. A figure named for a section of the run
 * ("unit", "doc") is shown against the latest run's figure nearest it; a
 * bare "tests" against the run's whole count.
 */
function judgeSuiteSize(entity: Entity, n: number, size: SuiteSize, tallies: readonly Tally[], session: CodeSession): void {
  const runs = testRuns(tallies, (t) => t.state !== undefined);
  if (runs.length === 0) return;
  const place = placeOf(session);
  const agrees = (run: readonly Tally[]) => {
    const states = (['passed', 'failed', 'skipped'] as const).map((s) => run.filter((t) => t.state === s));
    return run.find((t) => t.count === n) ?? (states.some((ts) => ts.length > 0 && sum(ts) === n) || sum(run) === n ? run[0] : undefined);
  };
  if (groundedByRun(entity, runs, place, agrees)) return;
  const latest = runs[0];
  const sections = size === 'section' || latest.length === 1;
  const nearest = latest.reduce((best, t) => (Math.abs(t.count - n) < Math.abs(best.count - n) ? t : best));
  const figures = [...latest].sort((a, b) => a.start - b.start).map((t) => `${t.count} ${t.state}`);
  contradictByRun(
    entity,
    n,
    sections ? nearest.count : sum(latest),
    place(sections ? nearest : latest[0]),
    `the latest test run (\`${latest[0].command}\`) reported ${figures.join(', ')}`,
  );
}

/** The test figures `keep` takes, grouped by the run (tool output) that printed them, latest run first. */
function testRuns(tallies: readonly Tally[], keep: (t: Tally) => boolean): Tally[][] {
  const runs = new Map<number, Tally[]>();
  for (const t of tallies) {
    if (t.noun !== 'tests' || !keep(t)) continue;
    const run = runs.get(t.segment);
    if (run) run.push(t);
    else runs.set(t.segment, [t]);
  }
  return [...runs.values()];
}

const sum = (ts: readonly Tally[]) => ts.reduce((a, t) => a + t.count, 0);

function placeOf(session: CodeSession): (t: Tally) => ContextMatch {
  return (t) => ({ part: session.partOf(t.segment), start: t.start, end: t.end });
}

/** Grounds the count at the figure of the first run that agrees with it; true when one did. */
function groundedByRun(
  entity: Entity,
  runs: readonly Tally[][],
  place: (t: Tally) => ContextMatch,
  agrees: (run: readonly Tally[]) => Tally | undefined,
): boolean {
  for (const run of runs) {
    const hit = agrees(run);
    if (!hit || place(hit).part === -1) continue;
    entity.found = true;
    entity.status = 'grounded';
    entity.matches = [place(hit)];
    entity.locations = [[hit.start, hit.end]];
    entity.settled = true;
    return true;
  }
  return false;
}

/**
 * "165 tests green" after `npm test --workspace api` passed 124 and
 * `npm test --workspace web` passed 41: a total over suites the session ran
 * apart is the sum of each command's latest run. Grounded at the latest
 * run's figure when two or more commands' latest runs add up to the count.
 */
function groundedAcrossCommands(entity: Entity, n: number, runs: readonly Tally[][], place: (t: Tally) => ContextMatch): boolean {
  const seen = new Set<string>();
  let total = 0;
  for (const run of runs) {
    const suite = run[0].suite ?? run[0].command;
    if (seen.has(suite)) continue;
    seen.add(suite);
    total += sum(run);
  }
  return seen.size > 1 && total === n && groundedByRun(entity, runs.slice(0, 1), place, (run) => run[0]);
}

/** Contradicts the count with a run's figure, shown at `match`. */
function contradictByRun(entity: Entity, n: number, figure: number, match: ContextMatch, detail: string): void {
  const value = withCount(entity.text, n, figure);
  if (value === undefined || match.part === -1) return;
  entity.settled = true;
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.status = 'contradicted';
  entity.contradiction = { value, match };
  entity.detail = detail;
}

/** Spelled-out counts still unverified: the agent counted them by reading; they are not claims. */
export function dropReadingCounts(extracted: ExtractedEntity[], entities: Entity[]): void {
  for (let i = entities.length - 1; i >= 0; i--) {
    if (extracted[i].countWord && entities[i].status === 'unverified') {
      entities.splice(i, 1);
      extracted.splice(i, 1);
    }
  }
}

/** How many of what a figure says there are: its count and the noun it counts, or undefined where it names none or is rough ("about 40"). */
function statedCount(output: string, extracted: ExtractedEntity, entity: Entity): { n: number; noun: string } | undefined {
  const n = countOf(extracted);
  const noun = n === undefined ? undefined : countedNoun(output, entity.span);
  return n === undefined || noun === undefined || isRough(output, entity.span) ? undefined : { n, noun };
}

/** The figure: digits, or a count in words (whose second form is `3 checks`). */
function countOf(e: ExtractedEntity): number | undefined {
  const digits = /^\d{1,9}$/.exec(e.text.replace(/,/g, '').split(/\s/)[0]);
  if (digits) return Number(digits[0]);
  if (e.countWord) return Number(e.forms[1]?.split(' ')[0]);
  return undefined;
}

/** The plural noun the figure counts, within a couple of words after it (or ending the entity itself). */
function countedNoun(output: string, span: Range): string | undefined {
  // The noun is in the figure's own clause: "1 commit (85cb84b) **Files:** 7" does not count files.
  // "26 of the 28 tests pass": the noun after the total is the figure's too.
  const clause = clauseAfter(output, span, 60);
  // A count stands right before its noun: "section 2, results shown" counts no results.
  const comma = clause.indexOf(',', span[1] - span[0]);
  const after = (comma === -1 ? clause : clause.slice(0, comma)).toLowerCase().replace(/^(\S+) of (?:the |all )?\d+ /, '$1 ');
  const words = after.split(/[^a-z0-9-]+/).filter((w) => w !== '');
  // "34 passed", "3 passed; 0 failed": a test runner's own summary, whose figures count tests.
  if (RUN_STATES.has(words[1])) return 'test';
  // "1 test skipped": one test, in the singular.
  if (words[1] === 'test' && RUN_STATES.has(words[2])) return 'test';
  for (let k = 1; k <= MAX_ADJECTIVES + 1 && k < words.length; k++) {
    const w = words[k];
    if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return singular(w);
  }
  return undefined;
}

function singular(w: string): string {
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/** Whether a tally counted the thing `noun` names. */
function counts(noun: string, t: Tally, output: string, span: Range): boolean {
  if (t.noun === 'changed-files') return noun === 'file' && tiedToDiffStat(output, span);
  if (t.noun === 'insertions') return noun === 'insertion' || noun === 'addition';
  if (t.noun === 'deletions') return noun === 'deletion';
  // Files a search found by their text are files holding the word: "8 statuses" is no count of files that mention `status`,
  // and "all five files are in place" none of files that mention anything; a count of them names the word it searched for.
  if (t.noun === 'files') {
    if (t.inContent) return noun === 'file' && sentenceNames(output, span, t.words);
    return noun === 'file' || t.words.some((w) => sameStem(noun, w));
  }
  if (t.noun === 'lines') {
    // A file's length: the sentence must name that file.
    const sentence = output.slice(Math.max(0, span[0] - 200), span[1] + 200).toLowerCase();
    return noun === 'line' && t.words.some((w) => sentence.includes(w));
  }
  return t.words.some((w) => sameStem(noun, w)) || (GENERIC_MATCHES.has(noun) && t.words.length > 0 && sentenceNames(output, span, t.words));
}

/**
 * "jsprit-core (344 Java files + 137 test files)" after `find
 * jsprit-analysis/src -name '*.java' | wc -l`: a count of files whose line
 * names, before it, a folder, module or file the listing did not search
 * counts what that name holds, not what the listing found. Only a listing's
 * count of files is narrowed so: a diffstat counts the change, whatever the
 * line names.
 */
function countsAnotherThing(output: string, span: Range, t: Tally): boolean {
  if (t.noun !== 'files') return false;
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  const before = output.slice(Math.max(lineStart, span[0] - NAMED_REACH), span[0]);
  const command = t.command.toLowerCase();
  const namesOther = before
    .split(NAME_BREAK)
    .map((token) => token.replace(/^[.:]+|[.:]+$/g, ''))
    .some((token) => NAMED_THING.test(token) && !command.includes(token.toLowerCase().replace(/^\.\/|\/$/g, '')));
  return namesOther || qualifiers(output, span).some((w) => !command.includes(w.slice(0, Math.max(4, w.length - 1))));
}

/** The words between a figure and its noun "files" ("137 test files": `test`), lower-cased. */
function qualifiers(output: string, span: Range): string[] {
  const end = figureEnd(output, span);
  const m = QUALIFIED_FILES.exec(output.slice(end, end + NAMED_REACH));
  return m?.[1]
    ? m[1]
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w !== '')
    : [];
}

/** Up to MAX_ADJECTIVES words before the noun, as `countedNoun` reads them. */
const QUALIFIED_FILES = new RegExp(`^\\**\\s+((?:[A-Za-z][\\w-]*\\s+){0,${MAX_ADJECTIVES}})files?\\b`);
/** How far before a count of files its line is read for what it counts. */
const NAMED_REACH = 80;
/** A name of a folder, module or file: words joined by `-`, `_`, `.` or `/` (`jsprit-core`, `src/lib`, `app.py`), or a camel-cased one. */
const NAMED_THING = /^(?:[A-Za-z0-9]+(?:[-_./][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)$/;

/**
 * Files a change touched, in git's words: "9 files changed", or files with
 * the lines added or removed beside them ("7 files (588 additions, 24
 * deletions)"). "Created 3 files" counts the agent's own work, not a diff.
 */
function tiedToDiffStat(output: string, span: Range): boolean {
  const lineEnd = output.indexOf('\n', span[1]);
  const rest = output.slice(span[0], Math.min(lineEnd === -1 ? output.length : lineEnd, span[1] + DIFF_STAT_REACH)).toLowerCase();
  return /^[\d,]+ files? changed\b/.test(rest) || /\b(?:insertions?|additions?|deletions?)\b/.test(rest);
}

/** A diffstat's figures as git names them, for the message. */
const DIFF_STAT_WORDS: Partial<Record<Tally['noun'], string>> = { 'changed-files': 'files changed', insertions: 'insertions', deletions: 'deletions' };

/** How far past a files figure its line may name the lines added or removed. */
const DIFF_STAT_REACH = 60;

/** "3 usages of useMemo": the generic noun counts the searched word only when the sentence says which. */
function sentenceNames(output: string, span: Range, words: readonly string[]): boolean {
  const near = output.slice(Math.max(0, span[0] - 120), span[1] + 120).toLowerCase();
  return words.some((w) => near.includes(w));
}

function sameStem(noun: string, word: string): boolean {
  if (noun === word) return true;
  const short = noun.length < word.length ? noun : word;
  const long = noun.length < word.length ? word : noun;
  return short.length >= 4 && long.startsWith(short);
}

/** The entity's text with its figure replaced, written the way it was (digits or words). */
function withCount(text: string, from: number, to: number): string | undefined {
  const digits = new RegExp(`(?<![0-9])${from}(?![0-9])`);
  if (digits.test(text)) return text.replace(digits, String(to));
  const word = numberInWords(from);
  const replacement = numberInWords(to);
  if (!word || !replacement) return undefined;
  const re = new RegExp(`\\b${word}\\b`, 'i');
  if (!re.test(text)) return undefined;
  return text.replace(re, (m) => (m[0] === m[0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement));
}
