/** Plain-text tables of eval figures: one profile in full, or several side by side. */
import { ENTITY_TYPES } from '../../shared/classifier/types';
import type { EvalFigures, ScopeFigures } from './figures';
import { TASK_TYPES } from './ragtruth';
import { ALWAYS_FLAG_TEST_F1, REFERENCE_POINTS } from './references';

const SCOPES = ['all', ...TASK_TYPES] as const;
type Scope = (typeof SCOPES)[number];

function scopeOf(f: EvalFigures, scope: Scope): ScopeFigures {
  return scope === 'all' ? f.overall : f.perTask[scope];
}

const n3 = (x: number) => x.toFixed(3);
const row = (cells: Array<string | number>, widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('') + '\n';

export function profileReport(f: EvalFigures): string {
  let out = '';
  out += 'Response level (flagged = PARTIAL or UNGROUNDED; positive = at least one gold span)\n';
  const w1 = [10, 10, 10, 8, 8, 8, 18, 18];
  out += row(['task', 'responses', 'positive', 'P', 'R', 'F1', 'always-flag dev', 'always-flag test'], w1);
  for (const s of SCOPES) {
    const x = scopeOf(f, s);
    out += row(
      [s, x.responses, x.positives, n3(x.response.precision), n3(x.response.recall), n3(x.response.f1), n3(x.alwaysFlag.f1), n3(ALWAYS_FLAG_TEST_F1[s])],
      w1,
    );
  }
  out += '\nEntity level (an unverified entity counts when one of its occurrences overlaps a gold span)\n';
  const w2 = [10, 12, 10, 16, 12, 8, 10];
  out += row(['task', 'unverified', 'in gold', 'flag precision', 'gold spans', 'hit', 'hit rate'], w2);
  for (const s of SCOPES) {
    const x = scopeOf(f, s);
    out += row([s, x.entity.flagged, x.entity.inGold, n3(x.entity.precision), x.goldSpans.total, x.goldSpans.hit, n3(x.goldSpans.hitRate)], w2);
  }
  out += '\nCharacter level (union of unverified entity spans against gold span characters)\n';
  const w3 = [10, 11, 9, 9, 8, 8, 8];
  out += row(['task', 'predicted', 'gold', 'overlap', 'P', 'R', 'F1'], w3);
  for (const s of SCOPES) {
    const x = scopeOf(f, s).chars;
    out += row([s, x.predicted, x.gold, x.overlap, n3(x.precision), n3(x.recall), n3(x.f1)], w3);
  }
  out += '\nReasons (refined profile: flagged entities whose context gives another value, or that their cited source lacks)\n';
  const w5 = [10, 14, 10, 15, 10];
  out += row(['task', 'contradicted', 'in gold', 'misattributed', 'in gold'], w5);
  for (const s of SCOPES) {
    const r = scopeOf(f, s).reasons;
    out += row([s, r.contradicted, r.contradictedInGold, r.misattributed, r.misattributedInGold], w5);
  }
  out += '\nPer entity type (flagged = unverified entities; precision = share overlapping a gold span)\n';
  const w4 = [15, ...SCOPES.flatMap(() => [12, 7])];
  out += row(['type', ...SCOPES.flatMap((s) => [`${s} n`, 'P'])], w4);
  for (const type of ENTITY_TYPES) {
    const cells = SCOPES.flatMap((s) => {
      const t = scopeOf(f, s).perType[type];
      return t ? [t.flagged, n3(t.precision)] : [0, '-'];
    });
    out += row([type, ...cells], w4);
  }
  return out;
}

/** Key figures of several profiles in adjacent columns. */
export function compareReport(all: readonly EvalFigures[]): string {
  const widths = [28, ...all.map(() => 12)];
  let out = row(['figure', ...all.map((f) => f.profile)], widths);
  const line = (label: string, pick: (f: EvalFigures) => string) => (out += row([label, ...all.map(pick)], widths));
  for (const s of SCOPES) {
    line(`response F1 ${s}`, (f) => n3(scopeOf(f, s).response.f1));
    line(`response P / R ${s}`, (f) => `${n3(scopeOf(f, s).response.precision)}/${n3(scopeOf(f, s).response.recall)}`.slice(0, 11));
  }
  line('unverified entities', (f) => String(f.overall.entity.flagged));
  line('flag precision', (f) => n3(f.overall.entity.precision));
  line('gold-span hit rate', (f) => n3(f.overall.goldSpans.hitRate));
  line('character F1', (f) => n3(f.overall.chars.f1));
  line('contradicted (in gold)', (f) => `${f.overall.reasons.contradicted} (${f.overall.reasons.contradictedInGold})`);
  line('misattributed (in gold)', (f) => `${f.overall.reasons.misattributed} (${f.overall.reasons.misattributedInGold})`);
  return out;
}

export function referenceReport(): string {
  let out = 'Reference points (RAGTruth test split; ours are on the dev sample of its train split)\n';
  for (const r of REFERENCE_POINTS) {
    out += `  ${(r.level === 'span' ? 'span-level F1 ' : 'response F1   ') + r.f1.toFixed(3)}  ${r.name}${r.deterministic ? ' (deterministic)' : ''}\n`;
  }
  const a = ALWAYS_FLAG_TEST_F1;
  out += `  always-flag per task on test: QA ${a.QA.toFixed(3)}, Summary ${a.Summary.toFixed(3)}, Data2txt ${a.Data2txt.toFixed(3)}\n`;
  return out;
}
