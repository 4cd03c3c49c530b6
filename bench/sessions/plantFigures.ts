/**
 * Plant recall by kind and by split: how many plants of each kind were
 * caught in the dev and the test sessions, what the missed ones were judged,
 * and how many values of each kind the final answers offered.
 */
import type { KindTally } from '../plants/generate';
import type { PlantOutcome } from '../plants/recall';
import { SPLITS, type Split } from './split';

/** Outcomes of the plants of one kind in one split. */
export type OutcomeCounts = Record<PlantOutcome, number>;

export interface KindRow {
  /** Per split. */
  outcomes: Record<Split, OutcomeCounts>;
  /** Per split, the plants in turns whose log records what the value could come from. */
  recorded: Record<Split, OutcomeCounts>;
  /** Per split, the plants that replaced a value the checker grounded (see `originalGrounded`). */
  supported: Record<Split, OutcomeCounts>;
  /** Candidate counts over all files (generated kinds only). */
  tally?: KindTally;
}

export class PlantFigures {
  readonly rows = new Map<string, KindRow>();

  /**
   * `recorded`: the turn's log holds what the value could come from (see `logOmitsSources`); `supported`: the checker
   * grounded the value replaced (see `originalGrounded`). Both unknown for hand-placed plants.
   */
  count(kind: string, split: Split, outcome: PlantOutcome, recorded?: boolean, supported?: boolean): void {
    const row = this.row(kind);
    row.outcomes[split][outcome]++;
    if (recorded) row.recorded[split][outcome]++;
    if (supported) row.supported[split][outcome]++;
  }

  addTally(kind: string, t: KindTally): void {
    const row = this.row(kind);
    const sum = row.tally ?? { found: 0, placeable: 0, planted: 0 };
    row.tally = { found: sum.found + t.found, placeable: sum.placeable + t.placeable, planted: sum.planted + t.planted };
  }

  private row(kind: string): KindRow {
    let row = this.rows.get(kind);
    if (!row) {
      row = emptyRow();
      this.rows.set(kind, row);
    }
    return row;
  }

  /** The table, generated kinds first (in `order`), then their total, then `hand`. */
  format(order: readonly string[]): string[] {
    const generated = order.filter((k) => this.rows.has(k));
    const total = emptyRow();
    for (const k of generated) {
      for (const s of SPLITS) {
        addCounts(total.outcomes[s], this.rows.get(k)!.outcomes[s]);
        addCounts(total.recorded[s], this.rows.get(k)!.recorded[s]);
        addCounts(total.supported[s], this.rows.get(k)!.supported[s]);
      }
    }
    const lines: [string, KindRow][] = generated.map((k) => [k, this.rows.get(k)!]);
    lines.push(['all generated', total]);
    if (this.rows.has('hand')) lines.push(['hand', this.rows.get('hand')!]);
    const head = [
      'kind',
      'dev caught',
      'test caught',
      'all caught',
      'dev where the log records sources',
      'test where it does',
      'dev where the original was grounded',
      'test where it was',
      'missed as: indeterminate',
      'grounded',
      'not extracted',
      'found',
      'placeable',
    ];
    const rows = lines.map(([kind, row]) => {
      const all = addCounts(addCounts(emptyCounts(), row.outcomes.dev), row.outcomes.test);
      return [
        kind,
        recall(row.outcomes.dev),
        recall(row.outcomes.test),
        recall(all),
        kind === 'hand' ? '' : recall(row.recorded.dev),
        kind === 'hand' ? '' : recall(row.recorded.test),
        kind === 'hand' ? '' : recall(row.supported.dev),
        kind === 'hand' ? '' : recall(row.supported.test),
        String(all.indeterminate),
        String(all.grounded),
        String(all['not-extracted']),
        row.tally ? String(row.tally.found) : '',
        row.tally ? String(row.tally.placeable) : '',
      ];
    });
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    return [line(head), ...rows.slice(0, generated.length).map(line), '', ...rows.slice(generated.length).map(line)];
  }
}

function emptyRow(): KindRow {
  return {
    outcomes: { dev: emptyCounts(), test: emptyCounts() },
    recorded: { dev: emptyCounts(), test: emptyCounts() },
    supported: { dev: emptyCounts(), test: emptyCounts() },
  };
}

function emptyCounts(): OutcomeCounts {
  return { caught: 0, indeterminate: 0, grounded: 0, 'not-extracted': 0 };
}

function addCounts(into: OutcomeCounts, from: OutcomeCounts): OutcomeCounts {
  for (const k of Object.keys(into) as PlantOutcome[]) into[k] += from[k];
  return into;
}

/** `caught/planted (pct%)`, or `-` for none planted. */
function recall(c: OutcomeCounts): string {
  const planted = c.caught + c.indeterminate + c.grounded + c['not-extracted'];
  return planted === 0 ? '-' : `${c.caught}/${planted} (${Math.round((100 * c.caught) / planted)}%)`;
}
