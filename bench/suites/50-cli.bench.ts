/**
 * Throughput of `groundcheck check` over RAG fixtures the size of RAGTruth's:
 * the 2,000 dev records written five times over as RAGAS JSON Lines (10,000
 * records in 8 files) in a temporary folder, checked in-process (the
 * baseline) and on 2 worker threads, with the text report and with the JSON
 * ledger. Prints records per second and the speed-up over the baseline; the
 * target is 2,000 records per second on a 2-core machine.
 *
 * With GROUNDCHECK_BENCH_BASE set to another checkout of groundcheck (built
 * with `npm run build`), both versions' CLIs also run as child processes on
 * the same files (`--jobs 1`, text and JSON Lines, alternating, best of
 * three) and the ratio of their throughputs is printed: a before/after
 * figure that the machine's load affects alike.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { BenchSuite } from '../run';
import { CHECK_WORKER_COMMAND } from '../../cli/check/poolWorker';
import { defaultSettings } from '../../cli/check/checkSettings';
import { JsonLinesReporter } from '../../cli/check/reporters/jsonl';
import type { Reporter } from '../../cli/check/reporters/reporter';
import { TextReporter } from '../../cli/check/reporters/text';
import { paletteFor } from '../../cli/check/reporters/colors';
import { runCheck } from '../../cli/check/runCheck';
import type { WorkerScript } from '../../cli/check/workerPool';
import { buildCli } from '../../test/cli/harness';

const REPO = resolve(__dirname, '../..');
const DEV = resolve(REPO, '../shared/data/ragtruth/dev.jsonl');
const COPIES = 5;
const FILES = 8;
const TARGET_PER_SECOND = 2000;

interface DevRecord {
  query: string;
  context: string;
  output: string;
}

/** The dev records as RAGAS rows (question, retrieved passage, response), COPIES times, split over FILES files. */
function writeFixtures(dir: string): number {
  const rows = readFileSync(DEV, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as DevRecord)
    .map((r) => JSON.stringify({ user_input: r.query, retrieved_contexts: [r.context], response: r.output }));
  const all: string[] = [];
  for (let c = 0; c < COPIES; c++) all.push(...rows);
  const per = Math.ceil(all.length / FILES);
  for (let f = 0; f < FILES; f++) writeFileSync(join(dir, `rag-${f}.jsonl`), all.slice(f * per, (f + 1) * per).join('\n') + '\n');
  return all.length;
}

/** The CLI bundle (built as the CLI tests build it), which worker threads run with the hidden worker command. */
async function buildWorkerScript(): Promise<WorkerScript> {
  return { path: await buildCli(), argv: [CHECK_WORKER_COMMAND] };
}

interface Timing {
  wallMs: number;
  /** CPU time of the whole process, worker threads included. */
  cpuMs: number;
  reportBytes: number;
}

async function timeRun(paths: string[], jobs: number, format: 'text' | 'json', script: WorkerScript): Promise<Timing> {
  let bytes = 0;
  const io = { out: (t: string) => void (bytes += t.length), err: () => undefined };
  const reporter: Reporter = format === 'json' ? new JsonLinesReporter(io) : new TextReporter(io, paletteFor({}));
  const setup = { settings: defaultSettings(), ledger: format === 'json' };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const code = await runCheck({ paths, setup, jobs, workerScript: script, reporter, err: () => undefined });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (code !== 0) throw new Error(`check exited ${code}`);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, reportBytes: bytes };
}

/** A fixed CPU-bound loop (integer hashing), the same work whichever thread runs it. */
const SPIN = `
  const { parentPort } = require('node:worker_threads');
  let h = 2166136261;
  for (let i = 0; i < 300000000; i++) h = Math.imul(h ^ i, 16777619);
  parentPort.postMessage(h);
`;

/**
 * What parallelism the machine gives right now: wall time of the loop on one
 * thread against two threads each running it. On an idle 2-core machine the
 * ratio is near 2; on a machine shared with other work it can be near 1, and
 * the check speed-up cannot beat it.
 */
async function machineSpeedUp(): Promise<number> {
  const spin = (n: number) => Promise.all(Array.from({ length: n }, () => new Promise((resolve) => new Worker(SPIN, { eval: true }).once('message', resolve))));
  const t0 = performance.now();
  await spin(1);
  const one = performance.now() - t0;
  const t1 = performance.now();
  await spin(2);
  const two = performance.now() - t1;
  return (2 * one) / two;
}

/** CPU seconds (user + system) of one `groundcheck check` child process over `paths`. */
function cliCpuSeconds(cli: string, paths: string[], format: 'text' | 'json'): number {
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, cli, 'check', '--jobs', '1', '--format', format, ...paths], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const [user, system] = (run.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (!Number.isFinite(user) || !Number.isFinite(system)) throw new Error(`groundcheck check failed: ${run.stderr.slice(-500)}`);
  return user + system;
}

/** Records per CPU-second of the base checkout's CLI and of this one's, best of three runs each, alternating. */
function compareWithBase(base: string, cli: string, paths: string[], records: number): void {
  for (const format of ['text', 'json'] as const) {
    const best = { before: Infinity, after: Infinity };
    for (let round = 0; round < 3; round++) {
      best.before = Math.min(best.before, cliCpuSeconds(join(base, 'dist/cli.js'), paths, format));
      best.after = Math.min(best.after, cliCpuSeconds(cli, paths, format));
    }
    const rate = (s: number) => Math.round(records / s);
    console.log(
      `${format.padEnd(5)} CLI --jobs 1, records per CPU-second: before ${rate(best.before)}, after ${rate(best.after)}` +
        ` | after/before ${(best.before / best.after).toFixed(2)}x`,
    );
  }
}

const suite: BenchSuite = {
  title: 'groundcheck check throughput (RAGTruth-sized records)',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-cli-'));
    try {
      const records = writeFixtures(dir);
      const script = await buildWorkerScript();
      const paths = [dir];
      console.log(`${records} records in ${FILES} files; ${availableParallelism()} CPUs; load average ${loadavg()[0].toFixed(2)}`);
      // One untimed pass warms the JIT and the file cache for every configuration alike.
      await timeRun(paths, 1, 'text', script);
      const rate = (ms: number) => Math.round(records / (ms / 1000));
      for (const format of ['text', 'json'] as const) {
        const one = await timeRun(paths, 1, format, script);
        const two = await timeRun(paths, 2, format, script);
        console.log(
          `${format.padEnd(5)} jobs 1: ${(one.wallMs / 1000).toFixed(2)} s wall, ${rate(one.wallMs)} records/s, ${rate(one.cpuMs)} records per CPU-second` +
            ` | jobs 2: ${(two.wallMs / 1000).toFixed(2)} s wall, ${rate(two.wallMs)} records/s, ${rate(two.cpuMs)} records per CPU-second` +
            ` | speed-up ${(one.wallMs / two.wallMs).toFixed(2)}x | report ${(two.reportBytes / 1e6).toFixed(1)} MB` +
            ` | target ${TARGET_PER_SECOND}/s wall ${rate(two.wallMs) >= TARGET_PER_SECOND ? 'met' : 'missed'}`,
        );
      }
      const base = process.env.GROUNDCHECK_BENCH_BASE;
      if (base) compareWithBase(base, script.path, paths, records);
      console.log(`machine parallel speed-up right now (same loop on 1 thread vs 2): ${(await machineSpeedUp()).toFixed(2)}x`);
      console.log(`load average after: ${loadavg()[0].toFixed(2)} (wall times on a shared machine rise with it; CPU-second rates do not)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
