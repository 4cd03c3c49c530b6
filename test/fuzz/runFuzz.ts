/**
 * The fuzz loop shared by `npm run fuzz` and the short slice in the tests:
 * runs each property on generated inputs under fast-check (seeded, so a
 * failure can be replayed, and shrunk to a small input), timing each input;
 * and the hostile shapes, each input held to a time and a memory bound.
 */
import fc from 'fast-check';
import { classifierInputs } from './classifierInputs';
import { fuzzInputs } from './mutations';
import { heapInUse, mb, memoryBoundBytes, SLOW_MS, threadCpuMs, timeBoundMs } from './inputBounds';
import { classifierProperty, transcriptProperty } from './properties';
import { loadSeeds } from './seeds';
import { type Broken, CONTROL, shapeProperty, type UserTime } from './shapeProperties';
import { buildCase, shapeCases } from './shapes';
import type { ShapeCase } from './shapes/shapeInput';

export { SLOW_MS };

export interface FuzzReport {
  target: string;
  runs: number;
  millis: number;
  slowestMillis: number;
  /** fast-check's report of the first failure (shrunk), if any. */
  failure?: string;
  /** Which input of the seed's sequence failed: the run can go on after it. */
  failedAt?: number;
}

function timed<T>(prop: (x: T) => string | undefined, stats: { slowest: number }): (x: T) => void {
  return (x) => {
    const t0 = performance.now();
    const cpu0 = threadCpuMs();
    const bad = prop(x);
    const cpu1 = threadCpuMs();
    const dt = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : performance.now() - t0;
    if (dt > stats.slowest) stats.slowest = dt;
    if (bad) throw new Error(bad);
    if (dt > SLOW_MS) throw new Error(`took ${dt.toFixed(0)} ms`);
  };
}

function run<T>(target: string, arb: fc.Arbitrary<T>, prop: (x: T) => string | undefined, runs: number, seed: number, path: number): FuzzReport {
  const stats = { slowest: 0 };
  const t0 = performance.now();
  const details = fc.check(fc.property(arb, timed(prop, stats)), { numRuns: runs, seed, path: path > 0 ? String(path) : undefined, endOnFailure: false });
  return {
    target,
    runs: details.numRuns,
    millis: performance.now() - t0,
    slowestMillis: stats.slowest,
    failure: details.failed ? failureReport(details) : undefined,
    // The path's first step is the failing input's place in the sequence; the rest is its shrinking.
    failedAt: details.failed ? Number(details.counterexamplePath!.split(':')[0]) : undefined,
  };
}

/** `path`: start at this input of the seed's sequence (to go on after a failure). */
export function fuzzTranscripts(runs: number, seed: number, path = 0): FuzzReport {
  return run('transcripts: every format parser, detection and check', fuzzInputs(loadSeeds()), transcriptProperty, runs, seed, path);
}

export function fuzzClassifier(runs: number, seed: number, path = 0): FuzzReport {
  return run('classifier: spec and refined profiles', classifierInputs, (x) => classifierProperty(x.output, x.context), runs, seed, path);
}

/** What broke, the shrunk input (cut to a readable length), and how to replay it. */
function failureReport<T>(details: fc.RunDetails<T>): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const input = JSON.stringify((details.counterexample as unknown[] | null)?.[0]);
  const shown = input.length > 3000 ? `${input.slice(0, 3000)}… (${input.length} characters)` : input;
  return `${error}\n  input: ${shown}\n  replay: seed ${details.seed}, path "${details.counterexamplePath}"`;
}

export interface ShapeFailure {
  shape: string;
  property: string;
  detail: string;
  recipe: ShapeCase['recipe'];
  /** Replays it: `npm run fuzz -- --shape NAME --seed SEED --path PATH --runs 1`. */
  seed: number;
  path: number;
}

export interface ShapeTally {
  inputs: number;
  large: number;
  millis: number;
  slowestMillis: number;
  /** Most heap and external memory one input added. */
  peakGrowth: number;
  failures: number;
  /** Inputs that broke each property (an input may break several). */
  byProperty: Record<string, number>;
  /** The first input to break each property. */
  firsts: Record<string, ShapeFailure>;
}

export interface ShapesReport {
  runs: number;
  millis: number;
  shapes: Record<string, ShapeTally>;
}

export interface ShapeRunOptions {
  /** Only these shapes (by name). */
  only?: readonly string[];
  /** Only the megabyte-sized recipes. */
  largeOnly?: boolean;
  /** Start at this input of the seed's sequence (a replay, or a resumption after a crash). */
  path?: number;
  /** Told before each input is checked, so a crash or a hang can be pinned on it. */
  onInput?: (index: number, c: ShapeCase, size: number) => void;
  /**
   * Handed the tallies so far (which then start again) at least every second
   * and before each input of 100,000 characters or more: what was counted
   * survives a worker that a later input kills.
   */
  onFlush?: (report: ShapesReport) => void;
}

export function emptyTally(): ShapeTally {
  return { inputs: 0, large: 0, millis: 0, slowestMillis: 0, peakGrowth: 0, failures: 0, byProperty: {}, firsts: {} };
}

/**
 * Hostile shapes, every input checked and tallied by shape: a failure does
 * not stop the run (fast-check is only the seeded generator here), so a run
 * counts failures per shape and property and keeps the first of each.
 */
export function fuzzShapes(runs: number, seed: number, options: ShapeRunOptions = {}): ShapesReport {
  let shapes: Record<string, ShapeTally> = {};
  const start = options.path ?? 0;
  let index = start;
  let flushed = start;
  let t0 = performance.now();
  const flush = () => {
    options.onFlush?.({ runs: index - flushed, millis: performance.now() - t0, shapes });
    shapes = {};
    flushed = index;
    t0 = performance.now();
  };
  const property = (c: ShapeCase) => {
    const file = buildCase(c);
    const size = file.bytes?.length ?? file.raw.length;
    if (options.onFlush && (size >= 100_000 || performance.now() - t0 > 1000)) flush();
    const at = index++;
    const tally = (shapes[c.shape] ??= emptyTally());
    options.onInput?.(at, c, size);
    const heap0 = heapInUse();
    const cpu0 = threadCpuMs();
    const t1 = performance.now();
    const broken: Broken[] = [];
    const user: UserTime = {};
    try {
      broken.push(...shapeProperty(file, user));
    } catch (err) {
      broken.push({ property: 'no parser throws', detail: `threw ${err instanceof Error ? err.stack : String(err)}` });
    }
    const wall = performance.now() - t1;
    const cpu1 = threadCpuMs();
    const dt = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : wall;
    const grew = heapInUse() - heap0;
    tally.inputs++;
    if (c.recipe.large) tally.large++;
    tally.millis += dt;
    tally.slowestMillis = Math.max(tally.slowestMillis, dt);
    tally.peakGrowth = Math.max(tally.peakGrowth, grew);
    // The bounds are judged apart from the other properties: a slow input that also prints an escape counts under both.
    // Time is what the user waits for; the fuzzer's own second look at the ranges is not charged to it.
    const waited = user.millis ?? dt;
    if (waited > timeBoundMs(size)) {
      broken.push({
        property: 'time bound',
        detail: `${file.config ? 'reading the config' : 'groundcheck check'} took ${waited.toFixed(0)} ms of CPU (${dt.toFixed(0)} ms with the fuzzer's own checks, ${wall.toFixed(0)} ms wall), bound ${timeBoundMs(size).toFixed(0)} ms for ${size.toLocaleString('en')} characters`,
      });
    }
    if (grew > memoryBoundBytes(size))
      broken.push({
        property: 'memory bound',
        detail: `heap grew ${mb(grew)}, bound ${mb(memoryBoundBytes(size))} for ${size.toLocaleString('en')} characters`,
      });
    if (broken.length > 0) tally.failures++;
    for (const b of broken) {
      tally.byProperty[b.property] = (tally.byProperty[b.property] ?? 0) + 1;
      tally.firsts[b.property] ??= { shape: c.shape, ...b, recipe: c.recipe, seed, path: at };
    }
  };
  fc.check(fc.property(shapeCases(options.only, options.largeOnly), property), { numRuns: runs, seed, path: start > 0 ? String(start) : undefined });
  return { runs: index - flushed, millis: performance.now() - t0, shapes };
}

/**
 * The shape, the property broken and how, the recipe and the replay; the
 * hostile characters a detail quotes are shown as escapes, not sent to the terminal.
 */
export function shapeFailureReport(f: ShapeFailure): string {
  const recipe = JSON.stringify(f.recipe);
  const text = `[${f.shape}] ${f.property}: ${f.detail}\n  recipe: ${recipe.length > 600 ? `${recipe.slice(0, 600)}…` : recipe}\n  replay: npm run fuzz -- --shape "${f.shape}" --seed ${f.seed} --path ${f.path} --runs 1${f.recipe.large ? ' --large' : ''}`;
  return text.replace(new RegExp(CONTROL.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
