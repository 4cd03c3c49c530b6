/**
 * The detection metrics, as pure functions over ranges and counts, so they
 * can be checked on hand-made cases: precision/recall/F1, the overlap of
 * predicted and gold character ranges, and per-record scoring against the
 * gold hallucination spans of RAGTruth.
 */
import type { EntityType, Range } from '../../shared/classifier/types';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1; a ratio with nothing to divide by is 0. */
export function prf(c: Counts): Prf {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

/** Half-open ranges share at least one character. */
export function overlaps(a: Range, b: Range): boolean {
  return a[0] < b[1] && b[0] < a[1];
}

/** The union of ranges as sorted, disjoint, non-empty ranges (touching ranges merge). */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter((r) => r[1] > r[0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function coveredLength(merged: readonly Range[]): number {
  let n = 0;
  for (const [s, e] of merged) n += e - s;
  return n;
}

/** Characters in both unions; both inputs must be merged (sorted, disjoint). */
export function intersectionLength(a: readonly Range[], b: readonly Range[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i][0], b[j][0]);
    const e = Math.min(a[i][1], b[j][1]);
    if (e > s) n += e - s;
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return n;
}

/** One unverified entity of a response: its type and every occurrence in the response. */
export interface FlaggedEntity {
  type: EntityType;
  text: string;
  occurrences: Range[];
  /** Why it is not found: plain `unverified`, or the refined profile's `contradicted`/`misattributed`. */
  status?: 'unverified' | 'contradicted' | 'misattributed';
}

export interface RecordPrediction {
  /** PARTIAL or UNGROUNDED. */
  flagged: boolean;
  unverified: FlaggedEntity[];
}

/** What one response contributes to the totals. */
export interface RecordScore {
  response: Counts & { tn: number };
  /** Unverified entities, and those with an occurrence overlapping a gold span. */
  entities: { flagged: number; inGold: number };
  perType: Partial<Record<EntityType, { flagged: number; inGold: number }>>;
  goldSpans: { total: number; hit: number };
  chars: { predicted: number; gold: number; overlap: number };
  /** Flagged entities the refined profile gave a reason, and how many of them overlap a gold span. */
  reasons: { contradicted: number; contradictedInGold: number; misattributed: number; misattributedInGold: number };
}

export function scoreRecord(pred: RecordPrediction, gold: readonly Range[]): RecordScore {
  const positive = gold.length > 0;
  const response = {
    tp: pred.flagged && positive ? 1 : 0,
    fp: pred.flagged && !positive ? 1 : 0,
    fn: !pred.flagged && positive ? 1 : 0,
    tn: !pred.flagged && !positive ? 1 : 0,
  };
  const perType: RecordScore['perType'] = {};
  const reasons = { contradicted: 0, contradictedInGold: 0, misattributed: 0, misattributedInGold: 0 };
  let inGold = 0;
  for (const e of pred.unverified) {
    const hit = e.occurrences.some((o) => gold.some((g) => overlaps(o, g)));
    if (hit) inGold++;
    if (e.status === 'contradicted' || e.status === 'misattributed') {
      reasons[e.status]++;
      if (hit) reasons[`${e.status}InGold`]++;
    }
    const t = (perType[e.type] ??= { flagged: 0, inGold: 0 });
    t.flagged++;
    if (hit) t.inGold++;
  }
  const predictedRanges = pred.unverified.flatMap((e) => e.occurrences);
  const hitSpans = gold.filter((g) => predictedRanges.some((o) => overlaps(o, g))).length;
  const predictedChars = mergeRanges(predictedRanges);
  const goldChars = mergeRanges(gold);
  return {
    response,
    entities: { flagged: pred.unverified.length, inGold },
    perType,
    goldSpans: { total: gold.length, hit: hitSpans },
    chars: {
      predicted: coveredLength(predictedChars),
      gold: coveredLength(goldChars),
      overlap: intersectionLength(predictedChars, goldChars),
    },
    reasons,
  };
}

export function emptyScore(): RecordScore {
  return {
    response: { tp: 0, fp: 0, fn: 0, tn: 0 },
    entities: { flagged: 0, inGold: 0 },
    perType: {},
    goldSpans: { total: 0, hit: 0 },
    chars: { predicted: 0, gold: 0, overlap: 0 },
    reasons: { contradicted: 0, contradictedInGold: 0, misattributed: 0, misattributedInGold: 0 },
  };
}

/** Adds `b` into `a` (micro-averaging: figures are computed from the summed counts). */
export function addScore(a: RecordScore, b: RecordScore): RecordScore {
  a.response.tp += b.response.tp;
  a.response.fp += b.response.fp;
  a.response.fn += b.response.fn;
  a.response.tn += b.response.tn;
  a.entities.flagged += b.entities.flagged;
  a.entities.inGold += b.entities.inGold;
  for (const [type, t] of Object.entries(b.perType) as Array<[EntityType, { flagged: number; inGold: number }]>) {
    const into = (a.perType[type] ??= { flagged: 0, inGold: 0 });
    into.flagged += t.flagged;
    into.inGold += t.inGold;
  }
  a.goldSpans.total += b.goldSpans.total;
  a.goldSpans.hit += b.goldSpans.hit;
  a.chars.predicted += b.chars.predicted;
  a.chars.gold += b.chars.gold;
  a.chars.overlap += b.chars.overlap;
  for (const k of Object.keys(a.reasons) as Array<keyof RecordScore['reasons']>) a.reasons[k] += b.reasons[k];
  return a;
}

/** Character-level P/R/F1: predicted characters against gold characters. */
export function charPrf(s: RecordScore): Prf {
  return prf({ tp: s.chars.overlap, fp: s.chars.predicted - s.chars.overlap, fn: s.chars.gold - s.chars.overlap });
}

/** Flagging every response: precision is the share of responses with a gold span, recall 1. */
export function alwaysFlag(s: RecordScore): Prf {
  const positives = s.response.tp + s.response.fn;
  const negatives = s.response.fp + s.response.tn;
  return prf({ tp: positives, fp: negatives, fn: 0 });
}
