/**
 * Test counts in a fenced block that reports (a status report laid out in
 * a plain block, a summary copied from a run: "TESTS  669 passed", "Tests:
 * 668 passed | Modified: 94"), judged as the same count in prose is: a
 * plain block states its figures as facts, so the test runs that judge a
 * sentence's counts judge them too. Only lines that name tests are read: a
 * block also lays out what a program of the project prints ("Filtered :
 * 180 passed / 20 failed"), whose pass and fail figures count other
 * things. Only what those judgments contradict is added to the turn: a
 * figure they ground or leave alone in such a block was never a checked
 * claim, and stays out of the findings. A block of code, a command, a diff
 * or one the turn proposes is no report (see reportBlocks.ts).
 */
import type { Entity, ExtractedEntity, Range } from '../../classifier/types';
import type { OutputSentence } from '../../refine/claims';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { CodeSession } from './codeVerdicts';
import { countVerdicts } from './countClaims';
import { ReportBlocks } from './reportBlocks';

/** A figure and the word after it, the shape every count judgment reads. */
const FIGURE = /(?<![\w.,:/#$+\-])(\d{1,7}) [A-Za-z]/g;
/** A line that names tests: its figures may count them. */
const NAMES_TESTS = /\btests?\b/i;
/** Figures of one turn's report blocks read at most. */
const MAX_FIGURES = 100;

/** Contradicted counts standing in the turn's report blocks that no entity covers yet. */
export function reportBlockCounts(
  output: string,
  fences: readonly Range[],
  sentences: readonly OutputSentence[],
  entities: readonly Entity[],
  session: CodeSession | undefined,
  index: ContextLookup,
): Entity[] {
  if (!session || fences.length === 0) return [];
  const reports = new ReportBlocks(output, fences, sentences);
  const extracted: ExtractedEntity[] = [];
  const made: Entity[] = [];
  for (const [from, to] of reports.blocks) {
    const block = output.slice(from, to);
    if (listsRuns(block)) continue;
    for (const m of block.matchAll(FIGURE)) {
      if (made.length >= MAX_FIGURES) break;
      const span: Range = [from + m.index, from + m.index + m[1].length];
      if (
        !reports.holds(span[0], span[1]) ||
        !NAMES_TESTS.test(lineAt(output, span[0])) ||
        entities.some((e) => e.occurrences.some(([s, e2]) => s < span[1] && e2 > span[0]))
      )
        continue;
      extracted.push({ text: m[1], type: 'number', span, forms: [m[1]], occurrences: [span] });
      made.push({ text: m[1], normalized: m[1], type: 'number', found: false, status: 'unverified', locations: [], matches: [], span, occurrences: [span] });
    }
  }
  if (made.length === 0) return [];
  countVerdicts(output, extracted, made, session, index);
  return made.filter((e) => e.status === 'contradicted');
}

/** The first figure of a line, as `FIGURE` reads figures. */
const FIRST_FIGURE = new RegExp(FIGURE.source);
/** Lines naming tests, with figures that differ, from which a block is read as a table of runs. */
const RUN_TABLE_LINES = 3;

/**
 * Whether a block lays out several runs, a line each ("M1 … → 15 tests
 * red", "M2 … → 11 tests red", "M3 … → 3 tests red": mutations, branches,
 * commits): three or more lines that name tests with figures, not all the
 * same. No one run's summary judges such a block, so none of its lines is
 * compared with the latest run.
 */
function listsRuns(block: string): boolean {
  let lines = 0;
  const figures = new Set<string>();
  for (const line of block.split('\n')) {
    if (!NAMES_TESTS.test(line)) continue;
    const first = FIRST_FIGURE.exec(line);
    if (!first) continue;
    lines++;
    figures.add(first[1]);
  }
  return lines >= RUN_TABLE_LINES && figures.size > 1;
}

function lineAt(output: string, at: number): string {
  const end = output.indexOf('\n', at);
  return output.slice(output.lastIndexOf('\n', at - 1) + 1, end === -1 ? output.length : end);
}
