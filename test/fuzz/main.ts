/**
 * `npm run fuzz [-- --runs N --seed S --shape NAME --path P --large --jobs J --heap MB]`:
 * a long seeded fuzz run over every parser, detection, the transcript check,
 * the classifier and `groundcheck check` on hostile shapes (default one
 * million inputs: 55% damaged fixtures, 15% classifier text, 30% shapes).
 * Chunks run in worker threads with a capped heap, so an input that runs
 * away with memory is reported, not fatal. Prints per target and per shape
 * the inputs, time, slowest input, most memory one input added, failures
 * per property broken and the first failure of each with its replay; exits
 * 1 on a failure.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ChunkTask, PROGRESS_BYTES, PROGRESS_RECIPE_AT } from './fuzzChunk';
import { MEMORY_BASE_MB, SLOW_MS, timeBoundMs } from './inputBounds';
import { emptyTally, type FuzzReport, type ShapeFailure, shapeFailureReport, type ShapesReport, type ShapeTally } from './runFuzz';
import { SHAPES } from './shapes';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

function text(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const runs = arg('runs', 1_000_000);
const seed = arg('seed', 20261126);
const shape = text('shape');
const largeOnly = process.argv.includes('--large');
const startPath = arg('path', 0);
const jobs = Math.max(1, Math.min(arg('jobs', 1), cpus().length));
/** The worker's heap cap: far above any input's memory bound, below what would hurt the machine. */
const heapMb = arg('heap', 3072);
if (shape !== undefined && !SHAPES.some((s) => s.name === shape)) {
  console.error(`no shape named "${shape}"; shapes: ${SHAPES.map((s) => `"${s.name}"`).join(', ')}`);
  process.exit(2);
}

console.log(
  `fuzzing with seed ${seed}, ${runs.toLocaleString('en')} inputs${shape ? ` of "${shape}"` : ''}${largeOnly ? ', large ones only' : ''}, ${jobs} worker${jobs > 1 ? 's' : ''} of at most ${heapMb} MB heap; ` +
    `an input may take ${SLOW_MS} ms plus 1 s per MB and add ${MEMORY_BASE_MB} MB plus 48 bytes per character`,
);

type Target = ChunkTask['target'];
const CHUNK: Record<Target, number> = { transcripts: 20_000, classifier: 20_000, shapes: 10_000 };
const shares: [Target, number][] =
  shape || largeOnly
    ? [['shapes', 1]]
    : [
        ['transcripts', 0.55],
        ['classifier', 0.15],
        ['shapes', 0.3],
      ];

interface Chunk {
  target: Target;
  runs: number;
  seed: number;
  path: number;
}
const lists: Chunk[][] = shares.map(([target, share]) => {
  const list: Chunk[] = [];
  const total = Math.round(runs * share);
  for (let done = 0, chunk = 0; done < total; chunk++) {
    const n = Math.min(CHUNK[target], total - done);
    // Each chunk has its own seed derived from the run's; a replay names the chunk's seed.
    list.push({ target, runs: n, seed: seed + chunk, path: target === 'shapes' && chunk === 0 ? startPath : 0 });
    done += n;
  }
  return list;
});
// Targets interleaved by how far through each one is, so a run cut short has sampled them all.
const queue: Chunk[] = lists
  .flatMap((list) => list.map((c, i) => ({ c, at: i / list.length })))
  .sort((a, b) => a.at - b.at)
  .map(({ c }) => c);

const totals = new Map<Target, FuzzReport>();
const shapes: Record<string, ShapeTally> = {};
const firstFailures: string[] = [];
const shapeFailures = new Map<string, ShapeFailure>();
const stopped = new Set<Target>();
let inputs = 0;
let millis = 0;
const t0 = performance.now();

function addShapes(r: ShapesReport): void {
  for (const [name, t] of Object.entries(r.shapes)) {
    const s = (shapes[name] ??= emptyTally());
    s.inputs += t.inputs;
    s.large += t.large;
    s.millis += t.millis;
    s.slowestMillis = Math.max(s.slowestMillis, t.slowestMillis);
    s.peakGrowth = Math.max(s.peakGrowth, t.peakGrowth);
    s.failures += t.failures;
    for (const [p, n] of Object.entries(t.byProperty)) s.byProperty[p] = (s.byProperty[p] ?? 0) + n;
    for (const [property, f] of Object.entries(t.firsts)) if (!shapeFailures.has(`${name}: ${property}`)) shapeFailures.set(`${name}: ${property}`, f);
  }
}

const targetFailures = new Map<Target, number>();

/** Counts a damaged-file or classifier chunk; a failure is counted and the chunk goes on after the failing input. */
function addTarget(c: Chunk, r: FuzzReport): void {
  const total = totals.get(c.target);
  totals.set(
    c.target,
    total
      ? {
          ...total,
          runs: total.runs + r.runs,
          millis: total.millis + r.millis,
          slowestMillis: Math.max(total.slowestMillis, r.slowestMillis),
          failure: total.failure ?? r.failure,
        }
      : r,
  );
  if (r.failure === undefined || r.failedAt === undefined) return;
  const n = (targetFailures.get(c.target) ?? 0) + 1;
  targetFailures.set(c.target, n);
  // The first failure of each target is printed whole; later ones are counted (their seeds replay them).
  if (n === 1) firstFailures.push(`seed ${c.seed}: ${r.failure}`);
  const left = c.runs - (r.failedAt - c.path + 1);
  if (left > 0) queue.unshift({ ...c, runs: left, path: r.failedAt + 1 });
}

/**
 * An input still running after this long (wall time) is given up on: its
 * worker is stopped and the chunk resumes after it. Generous, because the
 * bound itself is on CPU time and a busy machine stretches wall time; this
 * only keeps one hang from holding up the run.
 */
function giveUpMs(size: number): number {
  return Math.max(30_000, 10 * timeBoundMs(size));
}

/** Records a shape input that killed or hung its worker, so the run goes on after it. */
function lostInput(c: Chunk, progress: SharedArrayBuffer, property: string, why: string): void {
  const cells = new Int32Array(progress, 0, 4);
  const at = cells[0];
  let recipe: ShapeFailure['recipe'];
  try {
    recipe = JSON.parse(new TextDecoder().decode(new Uint8Array(progress, PROGRESS_RECIPE_AT, cells[3]))) as ShapeFailure['recipe'];
  } catch {
    recipe = { large: largeOnly, unreadable: true };
  }
  const name = SHAPES[cells[1]]?.name ?? 'unknown shape';
  const s = (shapes[name] ??= emptyTally());
  s.inputs++;
  if (recipe.large) s.large++;
  s.failures++;
  s.byProperty[property] = (s.byProperty[property] ?? 0) + 1;
  if (!shapeFailures.has(`${name}: ${property}`)) {
    shapeFailures.set(`${name}: ${property}`, {
      shape: name,
      property,
      detail: `${why} (${cells[2].toLocaleString('en')} characters)`,
      recipe,
      seed: c.seed,
      path: at,
    });
  }
  // The inputs before it were handed over as they went (see onFlush).
  inputs++;
  const left = c.runs - (at - c.path + 1);
  if (left > 0) queue.unshift({ ...c, runs: left, path: at + 1 });
}

/** Runs one chunk in a capped worker; a shapes chunk whose worker dies or hangs is resumed after the input to blame. */
function runChunk(c: Chunk): Promise<void> {
  return new Promise((resolve) => {
    const progress = new SharedArrayBuffer(PROGRESS_BYTES);
    const cells = new Int32Array(progress, 0, 4);
    cells[0] = c.path - 1;
    cells[1] = -1;
    let watched = cells[0];
    let since = performance.now();
    const task: ChunkTask = { target: c.target, runs: c.runs, seed: c.seed, path: c.path, only: shape ? [shape] : undefined, largeOnly, progress };
    // The worker loads the TypeScript sources through tsx's require hook, as the tests do.
    const boot = `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'fuzzWorker.ts'))});`;
    const worker = new Worker(boot, { eval: true, workerData: task, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let settled = false;
    const watch = setInterval(() => {
      const at = Atomics.load(cells, 0);
      if (at !== watched) {
        watched = at;
        since = performance.now();
        return;
      }
      const waited = performance.now() - since;
      if (c.target !== 'shapes' || at < c.path || settled || waited < giveUpMs(cells[2])) return;
      settled = true;
      lostInput(c, progress, 'time bound', `no answer after ${(waited / 1000).toFixed(0)} s; given up`);
      void worker.terminate();
    }, 250);
    worker.on('message', (m: { partial?: ShapesReport; report?: FuzzReport | ShapesReport }) => {
      if (settled) return;
      const r = (m.partial ?? m.report)!;
      if (m.report) settled = true;
      inputs += r.runs;
      millis += r.millis;
      if (c.target === 'shapes') addShapes(r as ShapesReport);
      else addTarget(c, r as FuzzReport);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      const why = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `the worker ran out of its ${heapMb} MB heap` : `the worker died: ${err.message}`;
      if (c.target !== 'shapes' || cells[0] < c.path) {
        stopped.add(c.target);
        firstFailures.push(`seed ${c.seed}, ${c.target}: ${why}`);
        return;
      }
      lostInput(c, progress, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory bound' : 'no parser throws', why);
    });
    worker.on('exit', () => {
      clearInterval(watch);
      if (!settled) {
        stopped.add(c.target);
        firstFailures.push(`seed ${c.seed}, ${c.target}: the worker exited without a report`);
      }
      resolve();
    });
  });
}

async function lane(): Promise<void> {
  for (let c = queue.shift(); c; c = queue.shift()) {
    if (stopped.has(c.target) && c.target !== 'shapes') continue;
    await runChunk(c);
    const failures = Object.values(shapes).reduce((n, s) => n + s.failures, 0);
    process.stdout.write(
      `  ${inputs.toLocaleString('en')} of ${runs.toLocaleString('en')} inputs, ${((performance.now() - t0) / 1000).toFixed(0)} s, ${failures} shape failures\r`,
    );
  }
}

/** The tables, the first failures and the totals; `interrupted` when a signal cut the run short. */
function summarize(interrupted: boolean): never {
  process.stdout.write('\n');
  const wall = (performance.now() - t0) / 1000;
  const row = (name: string, n: number, ms: number, slowest: number, extra: string) =>
    `${name.padEnd(54)} ${n.toLocaleString('en').padStart(9)} ${(ms / 1000).toFixed(1).padStart(8)} s ${n ? ((ms / n) * 1000).toFixed(0).padStart(8) : '-'.padStart(8)} µs ${slowest.toFixed(0).padStart(7)} ms${extra}`;
  console.log(`\n${'target'.padEnd(54)} ${'inputs'.padStart(9)} ${'CPU'.padStart(10)} ${'per input'.padStart(11)} ${'slowest'.padStart(10)}`);
  for (const [target, r] of totals) {
    const n = targetFailures.get(target) ?? 0;
    console.log(row(r.target, r.runs, r.millis, r.slowestMillis, n > 0 ? `  ${n} failure${n > 1 ? 's' : ''}` : ''));
  }
  if (Object.keys(shapes).length > 0) {
    console.log(
      `\n${'shape'.padEnd(54)} ${'inputs'.padStart(9)} ${'CPU'.padStart(10)} ${'per input'.padStart(11)} ${'slowest'.padStart(10)} ${'large'.padStart(6)} ${'most memory'.padStart(12)} failures`,
    );
    for (const s of SHAPES) {
      const t = shapes[s.name];
      if (!t) continue;
      const by = Object.entries(t.byProperty)
        .map(([p, n]) => `${n} ${p}`)
        .join(', ');
      console.log(
        row(
          s.name,
          t.inputs,
          t.millis,
          t.slowestMillis,
          ` ${String(t.large).padStart(6)} ${`${(t.peakGrowth / 1024 / 1024).toFixed(0)} MB`.padStart(12)} ${t.failures}${by ? ` (${by})` : ''}`,
        ),
      );
    }
  }
  for (const f of firstFailures) console.log(`\n${f}`);
  const order = (f: ShapeFailure) => SHAPES.findIndex((s) => s.name === f.shape);
  for (const f of [...shapeFailures.values()].sort((a, b) => order(a) - order(b) || a.property.localeCompare(b.property)))
    console.log(`\n${shapeFailureReport(f)}`);
  const failed = firstFailures.length > 0 || shapeFailures.size > 0;
  console.log(
    `\n${interrupted ? `interrupted after ${inputs.toLocaleString('en')} of ${runs.toLocaleString('en')}` : inputs.toLocaleString('en')} inputs in ${wall.toFixed(1)} s (${(millis / 1000).toFixed(1)} s checking); peak memory (RSS of the process) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; ${failed ? 'FAILED' : 'no failure'}`,
  );
  process.exit(failed || interrupted ? 1 : 0);
}

// A long run stopped by Ctrl-C or `timeout` still says what it found.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => summarize(true));

void Promise.all(Array.from({ length: jobs }, lane)).then(() => summarize(false));
