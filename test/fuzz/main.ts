/**
 * `npm run fuzz [-- --runs N --seed S]`: a long seeded fuzz run over every
 * parser, detection, the transcript check and the classifier (default one
 * million inputs, four in five of them transcripts). Prints per target the
 * inputs run, the time, the slowest input, the process's peak memory, and
 * the first failure shrunk to a small input; exits 1 on a failure.
 */
import { fuzzClassifier, fuzzTranscripts, SLOW_MS, type FuzzReport } from './runFuzz';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const runs = arg('runs', 1_000_000);
const seed = arg('seed', 20261126);
console.log(`fuzzing with seed ${seed}, ${runs.toLocaleString('en')} inputs; an input slower than ${SLOW_MS} ms counts as a hang`);

// Chunks, so progress shows on a long run; each chunk has its own seed derived from the run's.
const CHUNK = 50_000;
const reports: FuzzReport[] = [];
let failed = false;
for (const [share, fuzz] of [[0.8, fuzzTranscripts], [0.2, fuzzClassifier]] as const) {
  let total: FuzzReport | undefined;
  const target = Math.round(runs * share);
  for (let done = 0, chunk = 0; done < target && !failed; chunk++) {
    const n = Math.min(CHUNK, target - done);
    const r = fuzz(n, seed + chunk);
    total = total
      ? { ...total, runs: total.runs + r.runs, millis: total.millis + r.millis, slowestMillis: Math.max(total.slowestMillis, r.slowestMillis), failure: r.failure }
      : r;
    done += r.runs;
    if (r.failure) {
      failed = true;
      console.log(`seed ${seed + chunk}: ${r.failure}`);
    }
    process.stdout.write(`  ${total.target}: ${done.toLocaleString('en')} of ${target.toLocaleString('en')}\r`);
  }
  if (total) reports.push(total);
  process.stdout.write('\n');
}

const peakMb = process.resourceUsage().maxRSS / 1024;
console.log('\ntarget                                                   inputs       time   per input   slowest');
for (const r of reports) {
  console.log(
    `${r.target.padEnd(52)} ${r.runs.toLocaleString('en').padStart(10)} ${(r.millis / 1000).toFixed(1).padStart(9)} s ${((r.millis / r.runs) * 1000).toFixed(0).padStart(8)} µs ${r.slowestMillis.toFixed(0).padStart(6)} ms`,
  );
}
const all = reports.reduce((n, r) => n + r.runs, 0);
console.log(`\n${all.toLocaleString('en')} inputs in ${(reports.reduce((t, r) => t + r.millis, 0) / 1000).toFixed(1)} s; peak memory (RSS) ${peakMb.toFixed(0)} MB; ${failed ? 'FAILED' : 'no failure'}`);
process.exit(failed ? 1 : 0);
