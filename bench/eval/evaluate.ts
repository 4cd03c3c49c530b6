/**
 * Runs one profile over RAGTruth records and sums the scores overall and per
 * task. Each response is checked against what its model was shown: the
 * query and the source material, as two context parts (so no match spans
 * the seam between them). Summary and Data2txt queries carry the task
 * instruction, QA queries the question itself, which the answer may quote.
 */
import { classifyAgainst } from '../../shared/pipeline/classify';
import type { ClassifyResult } from '../../shared/classifier/types';
import { ContextIndex } from '../../shared/lookup/contextIndex';
import { MarkupAwareIndex } from '../../shared/refine/markup/markupIndex';
import { addScore, emptyScore, type RecordPrediction, type RecordScore, scoreRecord } from './metrics';
import type { EvalProfile } from './profiles';
import { goldSpans, type RagTruthRecord, TASK_TYPES, type TaskType } from './ragtruth';

export interface ProfileScores {
  profile: string;
  overall: RecordScore;
  perTask: Record<TaskType, RecordScore>;
  /** Responses per task, and overall. */
  counts: Record<TaskType | 'all', number>;
  /** Wall time of classification alone, for context. */
  classifyMs: number;
}

export interface RecordOutcome {
  record: RagTruthRecord;
  result: ClassifyResult;
  prediction: RecordPrediction;
}

export function classifyRecord(record: RagTruthRecord, profile: EvalProfile): RecordOutcome {
  const parts = [record.query ?? '', record.context];
  // The refined profile reads contexts through their markup, as classify() does for it.
  const index = profile.options.profile === 'refined' ? MarkupAwareIndex.build(parts) : ContextIndex.build(parts);
  const result = classifyAgainst(record.output, index, profile.options);
  const prediction: RecordPrediction = {
    flagged: result.flagForReview,
    unverified: result.entities
      // Contradicted and misattributed entities are not-found too, with a reason.
      .filter((e) => e.status === 'unverified' || e.status === 'contradicted' || e.status === 'misattributed')
      .map((e) => ({ type: e.type, text: e.text, occurrences: e.occurrences, status: e.status as 'unverified' | 'contradicted' | 'misattributed' })),
  };
  return { record, result, prediction };
}

export function evaluate(records: readonly RagTruthRecord[], profile: EvalProfile, onOutcome?: (o: RecordOutcome) => void): ProfileScores {
  const perTask = Object.fromEntries(TASK_TYPES.map((t) => [t, emptyScore()])) as Record<TaskType, RecordScore>;
  const counts = { QA: 0, Summary: 0, Data2txt: 0, all: 0 };
  const overall = emptyScore();
  let classifyMs = 0;
  for (const record of records) {
    const t0 = performance.now();
    const outcome = classifyRecord(record, profile);
    classifyMs += performance.now() - t0;
    const score = scoreRecord(outcome.prediction, goldSpans(record));
    addScore(overall, score);
    if (perTask[record.task_type]) {
      addScore(perTask[record.task_type], score);
      counts[record.task_type]++;
    }
    counts.all++;
    onOutcome?.(outcome);
  }
  return { profile: profile.name, overall, perTask, counts, classifyMs };
}
