/**
 * `npm run fuzz [-- --runs N --seed S]`: the hostile-input fuzz run at full
 * length. Prints how many inputs were checked, how long it took, the slowest
 * input and the peak memory; exits 1 with fast-check's counterexample (seed
 * and path to replay it) when an input throws, runs too long, or reports a
 * range outside the raw text.
 */
import { runFuzz } from './parserFuzz';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const seed = arg('seed', 20261126);
const runs = arg('runs', 3000);
const stats = runFuzz({ seed, runs, perInputMs: arg('per-input-ms', 3000) });
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
console.log(`fuzz: ${stats.inputs} inputs (seed ${seed}) in ${(stats.ms / 1000).toFixed(1)} s, slowest ${stats.slowestMs.toFixed(0)} ms (${stats.slowestInput}), peak RSS ${mb(stats.peakRssBytes)}`);
console.log(
  `  claimed by: ${Object.entries(stats.formats)
    .sort((a, b) => b[1] - a[1])
    .map(([f, n]) => `${f} ${n}`)
    .join(', ')}`,
);
