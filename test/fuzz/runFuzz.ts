/**
 * The fuzz loop shared by `npm run fuzz` and the short slice in the tests:
 * runs each property on generated inputs under fast-check (seeded, so a
 * failure can be replayed, and shrunk to a small input), timing each input.
 */
import fc from 'fast-check';
import { classifierInputs } from './classifierInputs';
import { fuzzInputs } from './mutations';
import { classifierProperty, transcriptProperty } from './properties';
import { loadSeeds } from './seeds';

/** An input that takes longer than this is reported as a hang. */
export const SLOW_MS = 2000;

export interface FuzzReport {
  target: string;
  runs: number;
  millis: number;
  slowestMillis: number;
  /** fast-check's report of the first failure (shrunk), if any. */
  failure?: string;
}

function timed<T>(prop: (x: T) => string | undefined, stats: { slowest: number }): (x: T) => void {
  return (x) => {
    const t0 = performance.now();
    const bad = prop(x);
    const dt = performance.now() - t0;
    if (dt > stats.slowest) stats.slowest = dt;
    if (bad) throw new Error(bad);
    if (dt > SLOW_MS) throw new Error(`took ${dt.toFixed(0)} ms`);
  };
}

function run<T>(target: string, arb: fc.Arbitrary<T>, prop: (x: T) => string | undefined, runs: number, seed: number): FuzzReport {
  const stats = { slowest: 0 };
  const t0 = performance.now();
  const details = fc.check(fc.property(arb, timed(prop, stats)), { numRuns: runs, seed, endOnFailure: false });
  return {
    target,
    runs: details.numRuns,
    millis: performance.now() - t0,
    slowestMillis: stats.slowest,
    failure: details.failed ? failureReport(details) : undefined,
  };
}

export function fuzzTranscripts(runs: number, seed: number): FuzzReport {
  return run('transcripts: every format parser, detection and check', fuzzInputs(loadSeeds()), transcriptProperty, runs, seed);
}

export function fuzzClassifier(runs: number, seed: number): FuzzReport {
  return run('classifier: spec and refined profiles', classifierInputs, (x) => classifierProperty(x.output, x.context), runs, seed);
}

/** What broke, the shrunk input (cut to a readable length), and how to replay it. */
function failureReport<T>(details: fc.RunDetails<T>): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const input = JSON.stringify((details.counterexample as unknown[] | null)?.[0]);
  const shown = input.length > 3000 ? `${input.slice(0, 3000)}… (${input.length} characters)` : input;
  return `${error}\n  input: ${shown}\n  replay: seed ${details.seed}, path "${details.counterexamplePath}"`;
}
