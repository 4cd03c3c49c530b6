/**
 * What the token ledger adds to `groundcheck check` on the generated 20 MB
 * Claude Code session: the file checked in this process as the CLI checks
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

const suite: BenchSuite = {
  title: 'Token ledger overhead on `groundcheck check` (20 MB session)',
  run() {
    const { raw } = generateClaudeSession({ targetSize: 20_000_000 });
    const without: FileCheckOptions = { settings: defaultSettings(), ledger: false };
    // Limits the session crosses, so the findings are made and located too.
    const withLedger: FileCheckOptions = {
      ...without,
      budget: { limits: { tokens: { soft: 10_000, hard: 100_000 }, cost: { soft: 0.01, hard: 0.1 } }, prices: DEFAULT_PRICES },
    };
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
    const ratio = best.with.cpuMs / best.without.cpuMs;
    noteFigure('ledger20', 'varied', ratio);
    console.log(`${(raw.length / 1e6).toFixed(1)} MB; best of ${ROUNDS}, alternating; load average ${loadavg()[0].toFixed(2)}`);
    console.log(`check without budgets: ${best.without.cpuMs.toFixed(0)} ms CPU, ${best.without.ms.toFixed(0)} ms wall`);
    console.log(
      `check with token and cost budgets (the ledger): ${best.with.cpuMs.toFixed(0)} ms CPU, ${best.with.ms.toFixed(0)} ms wall, ${findings} budget findings`,
    );
    console.log(
      `the ledger's own work on the parsed lines: ${ledgerMs.toFixed(1)} ms (${((100 * ledgerMs) / best.without.cpuMs).toFixed(2)}% of the check's CPU time)`,
    );
    console.log(
      `with / without, CPU time: ${ratio.toFixed(3)}x (${((ratio - 1) * 100).toFixed(1)}% overhead; goal under 5%); wall time: ${(best.with.ms / best.without.ms).toFixed(3)}x`,
    );
  },
};

export default suite;
