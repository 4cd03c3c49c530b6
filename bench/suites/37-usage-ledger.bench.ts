/**
 * What the token ledger adds to `groundcheck check` on generated Claude
 * Code sessions (the varied 20 MB one, and the repetitive shape at 10 and
 * 20 MB for how it grows): the file checked in this process as the CLI checks
 * it (text report settings), without budgets and with a token and a cost
 * budget set (so every response's usage is read, summed and priced, from the
 * lines the parser reads anyway). The two runs alternate, best of five each,
 * after one untimed pass, so the machine's load weighs on both alike; the
 * ratio is taken of CPU time (this process's), which other work on a shared
 * machine sways less than wall time (printed too). The goal is under 5% more.
 */
import { loadavg } from 'node:os';
import { checkFile, type FileCheckOptions } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import { budgetCrossings } from '../../shared/usage/budget';
import { usageOfLines } from '../../shared/usage/readUsage';
import { readJsonLines } from '../../shared/transcript/json/jsonLines';
import type { BenchSuite } from '../run';
import { collectGarbage } from '../collectGarbage';
import { noteFigure } from '../goals';
import { generateClaudeSession } from '../generators/claudeSession';
import { generateRepetitiveSession } from '../generators/repetitiveSession';

const PATH = '/home/dev/.claude/projects/-home-dev-shop-billing/session.jsonl';
const ROUNDS = 5;

function timeCheck(raw: string, options: FileCheckOptions): { ms: number; cpuMs: number; budgetFindings: number } {
  collectGarbage();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const report = checkFile({ file: 'session.jsonl', absPath: PATH, raw }, options);
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - t0;
  if (report.parseErrors.length > 0 || report.notTranscript) throw new Error('the generated session did not parse');
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, budgetFindings: report.budget?.length ?? 0 };
}

/** Sessions timed: the varied 20 MB one the goal is read on, and the repetitive shape at two sizes for how the overhead grows. */
const SESSIONS: { shape: 'varied' | 'repetitive'; size: number; raw(): string }[] = [
  { shape: 'varied', size: 20_000_000, raw: () => generateClaudeSession({ targetSize: 20_000_000 }).raw },
  { shape: 'repetitive', size: 10_000_000, raw: () => generateRepetitiveSession({ targetSize: 10_000_000, usage: true }).raw },
  { shape: 'repetitive', size: 20_000_000, raw: () => generateRepetitiveSession({ targetSize: 20_000_000, usage: true }).raw },
];

const without: FileCheckOptions = { settings: defaultSettings(), ledger: false };
// Limits the session crosses, so the findings are made and located too.
const withLedger: FileCheckOptions = {
  ...without,
  budget: { limits: { tokens: { soft: 10_000, hard: 100_000 }, cost: { soft: 0.01, hard: 0.1 } }, prices: DEFAULT_PRICES },
};

/** Best CPU and wall times of checks without and with the ledger, alternating, and the ledger's own work apart. */
function measure(raw: string): { without: { ms: number; cpuMs: number }; with: { ms: number; cpuMs: number }; findings: number; ledgerMs: number } {
  timeCheck(raw, without);
  timeCheck(raw, withLedger);
  const best = { without: { ms: Infinity, cpuMs: Infinity }, with: { ms: Infinity, cpuMs: Infinity } };
  let findings = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const wo = timeCheck(raw, without);
    const w = timeCheck(raw, withLedger);
    best.without = { ms: Math.min(best.without.ms, wo.ms), cpuMs: Math.min(best.without.cpuMs, wo.cpuMs) };
    best.with = { ms: Math.min(best.with.ms, w.ms), cpuMs: Math.min(best.with.cpuMs, w.cpuMs) };
    findings = w.budgetFindings;
  }
  // The ledger's own work, apart: reading the calls from lines already parsed, summing and pricing them.
  const lines = readJsonLines(raw, []);
  let ledgerMs = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    const calls = usageOfLines('claude-code', lines)?.calls ?? [];
    budgetCrossings(calls, withLedger.budget!.limits, DEFAULT_PRICES);
    ledgerMs = Math.min(ledgerMs, performance.now() - t0);
  }
  return { ...best, findings, ledgerMs };
}

const suite: BenchSuite = {
  title: 'Token ledger overhead on `groundcheck check` (varied 20 MB; repetitive 10 and 20 MB)',
  run() {
    const withCpu: Partial<Record<number, number>> = {};
    for (const session of SESSIONS) {
      const raw = session.raw();
      const m = measure(raw);
      const ratio = m.with.cpuMs / m.without.cpuMs;
      if (session.shape === 'varied') noteFigure('ledger20', 'varied', ratio);
      else withCpu[session.size] = m.with.cpuMs;
      console.log(
        `${session.shape} ${(raw.length / 1e6).toFixed(1)} MB; best of ${ROUNDS}, alternating; load average ${loadavg()[0].toFixed(2)}\n` +
          `  check without budgets: ${m.without.cpuMs.toFixed(0)} ms CPU, ${m.without.ms.toFixed(0)} ms wall\n` +
          `  check with token and cost budgets (the ledger): ${m.with.cpuMs.toFixed(0)} ms CPU, ${m.with.ms.toFixed(0)} ms wall, ${m.findings} budget findings\n` +
          `  the ledger's own work on the parsed lines: ${m.ledgerMs.toFixed(1)} ms (${((100 * m.ledgerMs) / m.without.cpuMs).toFixed(2)}% of the check's CPU time)\n` +
          `  with / without, CPU time: ${ratio.toFixed(3)}x (${((ratio - 1) * 100).toFixed(1)}% overhead; goal under 5%); wall time: ${(m.with.ms / m.without.ms).toFixed(3)}x`,
      );
    }
    const [small, large] = [withCpu[10_000_000], withCpu[20_000_000]];
    if (small && large) console.log(`repetitive 20 MB / 10 MB, check with the ledger, CPU: ${(large / small).toFixed(2)}× (2.00× is linear)`);
  },
};

export default suite;
