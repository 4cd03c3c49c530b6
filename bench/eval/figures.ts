/** Turns summed scores into the figures the eval prints and writes as JSON. */
import { ENTITY_TYPES, type EntityType } from '../../shared/classifier/types';
import type { ProfileScores } from './evaluate';
import { alwaysFlag, charPrf, type Prf, prf, ratio, type RecordScore } from './metrics';
import { TASK_TYPES, type TaskType } from './ragtruth';

export interface TypeFigures {
  flagged: number;
  inGold: number;
  precision: number;
}

export interface ScopeFigures {
  responses: number;
  /** Responses with at least one gold span. */
  positives: number;
  response: Prf & { tp: number; fp: number; fn: number; tn: number };
  /** Flagging every response, on the same records. */
  alwaysFlag: Prf;
  entity: TypeFigures;
  goldSpans: { total: number; hit: number; hitRate: number };
  chars: Prf & { predicted: number; gold: number; overlap: number };
  perType: Partial<Record<EntityType, TypeFigures>>;
  /** Refined profile: not-found entities with a reason, and those overlapping a gold span. */
  reasons: RecordScore['reasons'];
}

export interface EvalFigures {
  profile: string;
  overall: ScopeFigures;
  perTask: Record<TaskType, ScopeFigures>;
  classifyMs: number;
}

export function figuresOf(scores: ProfileScores): EvalFigures {
  return {
    profile: scores.profile,
    overall: scopeFigures(scores.overall, scores.counts.all),
    perTask: Object.fromEntries(TASK_TYPES.map((t) => [t, scopeFigures(scores.perTask[t], scores.counts[t])])) as Record<TaskType, ScopeFigures>,
    classifyMs: scores.classifyMs,
  };
}

function scopeFigures(s: RecordScore, responses: number): ScopeFigures {
  const perType: ScopeFigures['perType'] = {};
  for (const type of ENTITY_TYPES) {
    const t = s.perType[type];
    if (t) perType[type] = { ...t, precision: ratio(t.inGold, t.flagged) };
  }
  return {
    responses,
    positives: s.response.tp + s.response.fn,
    response: { ...s.response, ...prf(s.response) },
    alwaysFlag: alwaysFlag(s),
    entity: { ...s.entities, precision: ratio(s.entities.inGold, s.entities.flagged) },
    goldSpans: { ...s.goldSpans, hitRate: ratio(s.goldSpans.hit, s.goldSpans.total) },
    chars: { ...s.chars, ...charPrf(s) },
    perType,
    reasons: { ...s.reasons },
  };
}
