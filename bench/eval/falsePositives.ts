/**
 * False positives for analysis: unverified entities none of whose
 * occurrences overlaps a gold span, one JSON line each, with the words
 * around them in the response so a reader can classify the miss.
 */
import type { RecordOutcome } from './evaluate';
import { overlaps } from './metrics';
import { goldSpans } from './ragtruth';

const WINDOW = 80;

export interface FalsePositive {
  profile: string;
  id: string;
  task: string;
  type: string;
  text: string;
  range: [number, number];
  /** The response around the entity, the entity in ⟦ ⟧. */
  window: string;
}

export function falsePositivesOf(outcome: RecordOutcome, profile: string): FalsePositive[] {
  const { record, prediction } = outcome;
  const gold = goldSpans(record);
  const out: FalsePositive[] = [];
  for (const e of prediction.unverified) {
    if (e.occurrences.some((o) => gold.some((g) => overlaps(o, g)))) continue;
    const [s, end] = e.occurrences[0];
    const before = record.output.slice(Math.max(0, s - WINDOW), s);
    const after = record.output.slice(end, end + WINDOW);
    out.push({
      profile,
      id: record.id,
      task: record.task_type,
      type: e.type,
      text: e.text,
      range: [s, end],
      window: `${before}⟦${record.output.slice(s, end)}⟧${after}`.replace(/\s+/g, ' '),
    });
  }
  return out;
}
