/**
 * The goals a large session is held to, and the figures the suites measured
 * for them on each generated shape, printed as one table after the suites
 * ran: each goal met, or the gap stated. Suites note only figures of the
 * code under test, not of a base checkout.
 */

type Unit = 's' | 'ms' | '×';

interface Goal {
  what: string;
  /** The figure must be at most this. */
  limit: number;
  unit: Unit;
}

const GOALS = {
  textReport20: { what: '`groundcheck check` 20 MB, text report', limit: 1, unit: 's' },
  growth40: { what: '`groundcheck check` 40 MB / 20 MB time (text report)', limit: 2.2, unit: '×' },
  peak40: { what: '`groundcheck check` 40 MB, peak memory / file size', limit: 3, unit: '×' },
  jsonReport20: { what: '`groundcheck check --format json` 20 MB', limit: 1.5, unit: 's' },
  jsonSize20: { what: 'JSON Lines report size / file size, 20 MB', limit: 1, unit: '×' },
  serverAll: { what: 'language server, open → all diagnostics, 20 MB', limit: 1.5, unit: 's' },
  serverFirst: { what: 'language server, open → first diagnostics, 20 MB', limit: 0.5, unit: 's' },
  hoverP95: { what: 'hover while the 20 MB file is checked, p95', limit: 50, unit: 'ms' },
  appendedTurn2MB: { what: 'a turn appended to a 2 MB session → its diagnostics (stdio, median)', limit: 50, unit: 'ms' },
  appendedTurn: { what: 'a turn appended to the 20 MB session → its diagnostics (stdio, median)', limit: 50, unit: 'ms' },
  manyValues20k: { what: '`groundcheck check`, one turn naming 20,000 values', limit: 2, unit: 's' },
  manyValuesGrowth: { what: '`groundcheck check`, one turn naming 20,000 / 10,000 values time', limit: 2.2, unit: '×' },
  ledger20: { what: '`groundcheck check` 20 MB with token and cost budgets / without (the token ledger)', limit: 1.05, unit: '×' },
  hookTurnKept: {
    what: 'stop hook, last turn of the 20 MB session kept since the last stop, the whole turn read at the stop, p95 (in process, CPU)',
    limit: 100,
    unit: 'ms',
  },
  hookTurnAhead: {
    what: 'stop hook `--warm`, last turn of the 20 MB session read ahead while the agent wrote it, p95 (in process, CPU)',
    limit: 100,
    unit: 'ms',
  },
  longLine30k: { what: '`groundcheck check`, one 44 MB line with 30,000 findings, text report', limit: 3, unit: 's' },
} satisfies Record<string, Goal>;

export type GoalId = keyof typeof GOALS;
/** Generated sessions, or a file whose size sits in one output or one line (bench/generators/manyValues.ts). */
export type Shape = 'varied' | 'repetitive' | 'one place';
const SHAPES: readonly Shape[] = ['varied', 'repetitive', 'one place'];

const figures = new Map<GoalId, Map<Shape, number>>();

export function noteFigure(goal: GoalId, shape: Shape, value: number): void {
  if (!figures.has(goal)) figures.set(goal, new Map());
  figures.get(goal)!.set(shape, value);
}

const show = (value: number, unit: Unit): string => (unit === '×' ? `${value.toFixed(2)}×` : unit === 's' ? `${value.toFixed(2)} s` : `${value.toFixed(1)} ms`);

/** The table of every goal some suite measured, as Markdown lines; none when no suite did. */
export function goalsTable(): string[] {
  if (figures.size === 0) return [];
  const cell = (goal: Goal, value: number | undefined): string => {
    if (value === undefined) return 'not measured';
    return value <= goal.limit ? `${show(value, goal.unit)}, met` : `${show(value, goal.unit)}, gap: ${(value / goal.limit).toFixed(1)}× the goal`;
  };
  // Only the shapes some goal was measured on get a column.
  const shapes = SHAPES.filter((shape) => [...figures.values()].some((measured) => measured.has(shape)));
  const lines = [`| | ${shapes.join(' | ')} | goal |`, `| --- | ${shapes.map(() => '---').join(' | ')} | --- |`];
  for (const [id, goal] of Object.entries(GOALS) as [GoalId, Goal][]) {
    const measured = figures.get(id);
    if (!measured) continue;
    lines.push(`| ${goal.what} | ${shapes.map((shape) => cell(goal, measured.get(shape))).join(' | ')} | ≤ ${show(goal.limit, goal.unit)} |`);
  }
  return lines;
}
