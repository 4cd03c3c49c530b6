/**
 * Findings on the real sessions per side of the blind split and per rule:
 * how many findings, how many of them the hand labels call wrong, per
 * session and as precision, dev and test side by side. A rule tuned on dev
 * that does not hold on test shows here as a precision gap.
 */
import { isFlaggedNow, type Label, type MissedError } from './labels';
import type { SessionFinding } from './sessionFindings';
import type { Split } from './split';

interface Tally {
  findings: number;
  labelled: number;
  right: number;
}

const empty = (): Tally => ({ findings: 0, labelled: 0, right: 0 });

/** Gap in precision between the sides above which the rules fit dev and not sessions at large. */
const OVERFIT_GAP = 0.1;

export class RuleFigures {
  private readonly sessions: Record<Split, number> = { dev: 0, test: 0 };
  private readonly sides: Record<Split, Tally> = { dev: empty(), test: empty() };
  private readonly rules = new Map<string, Record<Split, Tally>>();
  private readonly missed: Record<Split, { noticed: number; flagged: number }> = { dev: { noticed: 0, flagged: 0 }, test: { noticed: 0, flagged: 0 } };

  /** Real errors a labeller noticed without a finding, and whether a finding covers them now. */
  addMissed(split: Split, missed: readonly MissedError[], findings: readonly SessionFinding[]): void {
    for (const m of missed) {
      this.missed[split].noticed++;
      if (isFlaggedNow(m, findings)) this.missed[split].flagged++;
    }
  }

  /** One session's findings (all of them, or the labelled sample) with their labels. */
  add(split: Split, findings: readonly SessionFinding[], labels: ReadonlyMap<string, Label>): void {
    this.sessions[split]++;
    for (const f of findings) {
      let perRule = this.rules.get(f.rule);
      if (!perRule) this.rules.set(f.rule, (perRule = { dev: empty(), test: empty() }));
      for (const t of [this.sides[split], perRule[split]]) {
        t.findings++;
        const l = labels.get(f.key);
        if (!l) continue;
        t.labelled++;
        if (l.label) t.right++;
      }
    }
  }

  format(): string[] {
    const side = (s: Split) => {
      const t = this.sides[s];
      const wrong = t.labelled - t.right;
      return [
        String(this.sessions[s]),
        String(t.findings),
        perSession(t.findings, this.sessions[s]),
        `${wrong}/${t.labelled}`,
        perSession(wrong, this.sessions[s]),
        precision(t),
      ];
    };
    const head = ['', 'sessions', 'findings', 'per session', 'wrong/labelled', 'wrong per session', 'precision'];
    const out = table(head, [
      ['dev', ...side('dev')],
      ['test', ...side('test')],
    ]);
    const gap = Math.abs(ratio(this.sides.dev) - ratio(this.sides.test));
    if (this.sides.dev.labelled > 0 && this.sides.test.labelled > 0 && gap > OVERFIT_GAP) {
      out.push(
        `precision differs by ${gap.toFixed(3)} between dev and test: above ${OVERFIT_GAP}, the rules fit dev and do not hold on sessions they were not tuned on`,
      );
    }
    const rows = [...this.rules.entries()]
      .sort((a, b) => b[1].dev.findings + b[1].test.findings - (a[1].dev.findings + a[1].test.findings))
      .map(([rule, t]) => [
        rule,
        String(t.dev.findings),
        `${t.dev.right}/${t.dev.labelled}`,
        precision(t.dev),
        String(t.test.findings),
        `${t.test.right}/${t.test.labelled}`,
        precision(t.test),
      ]);
    const m = this.missed;
    if (m.dev.noticed + m.test.noticed > 0) {
      out.push(
        '',
        `real errors noticed by hand that had no finding when labelled: dev ${m.dev.noticed} (${m.dev.flagged} flagged now), test ${m.test.noticed} (${m.test.flagged} flagged now)`,
      );
    }
    out.push('', 'per rule (the rule that decided each finding):', '');
    out.push(...table(['rule', 'dev findings', 'right/labelled', 'precision', 'test findings', 'right/labelled', 'precision'], rows));
    return out;
  }
}

function ratio(t: Tally): number {
  return t.labelled === 0 ? 0 : t.right / t.labelled;
}

function precision(t: Tally): string {
  return t.labelled === 0 ? '-' : ratio(t).toFixed(3);
}

function perSession(n: number, sessions: number): string {
  return sessions === 0 ? '-' : (n / sessions).toFixed(2);
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)];
}
