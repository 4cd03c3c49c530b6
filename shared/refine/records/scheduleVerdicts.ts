/**
 * Applies the per-day opening-hours check (scheduleSlots.ts) to the clock
 * times of an output: a time contradicted for a day its clause names makes
 * the entity contradicted, found elsewhere in the context or not.
 */
import type { Entity, ExtractedEntity } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import { sentenceIndexAt, type OutputSentence } from '../claims';
import { findClockTimes, isClockEntity } from '../clockTimes';
import type { ContextLookup } from '../../lookup/contextLookup';
import { clauseAround, daysInClause, scheduleContradiction, scheduleOf } from './scheduleSlots';

export function markScheduleContradictions(
  output: string,
  sentences: readonly OutputSentence[],
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
): void {
  let schedule: ReturnType<typeof scheduleOf> | undefined;
  entities.forEach((entity, i) => {
    if (!isClockEntity(extracted[i])) return;
    schedule ??= scheduleOf(index, find);
    if (schedule.size === 0) return;
    for (const occ of entity.occurrences) {
      const sentence = sentenceHolding(sentences, occ[0], occ[1]);
      if (!sentence) continue;
      const text = output.slice(sentence.span[0], sentence.span[1]);
      const local: [number, number] = [occ[0] - sentence.span[0], occ[1] - sentence.span[0]];
      const clause = clauseAround(text, local[0], local[1]);
      const clauseStart = text.lastIndexOf(clause, local[0]);
      const times = findClockTimes(clause);
      const k = times.findIndex((t) => t.span[0] + clauseStart === local[0] && t.span[1] + clauseStart === local[1]);
      if (k < 0) continue;
      const time = times[k];
      // In `from 8am to 2pm` the first time opens the range and the second closes it.
      const role = k % 2 === 0 ? 'open' : 'close';
      const written = output.slice(occ[0], occ[1]);
      const contradiction = scheduleContradiction(written, time.hour * 60 + time.minute, role, daysInClause(clause), schedule);
      if (contradiction) {
        entity.found = false;
        entity.status = 'contradicted';
        entity.contradiction = contradiction;
        return;
      }
    }
  });
}

/** The sentence containing `[start, end)`. */
function sentenceHolding(sentences: readonly OutputSentence[], start: number, end: number): OutputSentence | undefined {
  const k = sentenceIndexAt(sentences, start);
  return k !== undefined && end <= sentences[k].span[1] ? sentences[k] : undefined;
}
