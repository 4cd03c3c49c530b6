/**
 * `groundcheck check -` as a map step: 100,000 generated RAGAS rows piped
 * through the CLI (JSON Lines out), written as fast as the process takes
 * them. Prints rows per second and the process's peak resident memory when
 * its 10,000th, 50,000th and 100,000th result come out: a stream of rows is
 * checked row by row and dropped, so the peak must stay flat from 10,000 on.
 * Also the process's CPU time, whose rows per CPU-second a busy shared
 * machine sways less than rows per second of wall time.
 * Memory and CPU time are read from /proc (Linux), while the process still
 * waits for more.
 *
 * Then a session piped in: the repetitive generated Claude Code session at
 * 10 and 20 MB, `cat FILE | groundcheck check -` against `groundcheck check
 * FILE` in the same run (wall, CPU, peak of each child), with the 20 / 10 MB
 * growth of the piped check and whether both gave the same results (the
 * piped run's last record per output). A
 * session is kept whole while it streams in (later answers are checked
 * against everything before them), so the piped check is held to the file
 * check's cost, not to a flat peak.
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchSuite } from '../run';
import { RagRows } from '../generators/ragRows';
import { generateRepetitiveSession } from '../generators/repetitiveSession';
import { buildCli } from '../../test/cli/harness';

const USAGE_PRELOAD = resolve(__dirname, '../childUsage.cjs');
const SESSION_SIZES = [10_000_000, 20_000_000];

const ROWS = 100_000;
const SAMPLES = [10_000, 50_000, ROWS];
/** Peak memory at the last sample may exceed the first by this share and still count as flat (the heap settles in steps). */
const FLAT_SHARE = 0.1;

interface Sample {
  rows: number;
  ms: number;
  peakKB: number;
  rssKB: number;
  cpuSeconds: number;
}

/** Peak and current resident memory of a live process, in KB. */
function memoryOf(pid: number): { peakKB: number; rssKB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakKB: field('VmHWM'), rssKB: field('VmRSS') };
}

/** User and system CPU time of a live process so far, its threads included, in seconds. */
function cpuSecondsOf(pid: number): number {
  // The fields after the command name (which may hold spaces) in /proc/PID/stat; utime and stime are its 12th and 13th, in USER_HZ (100 a second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function pipeRows(cli: string): Promise<{ samples: Sample[]; code: number | null; bytes: number }> {
  const child = spawn(process.execPath, [cli, 'check', '-', '--format', 'json'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const t0 = performance.now();
  const samples: Sample[] = [];
  const rows = new RagRows(5);
  let written = 0;
  let bytes = 0;
  let results = 0;
  let allOut: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allOut = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
      results++;
      if (results === SAMPLES[samples.length]) {
        samples.push({ rows: results, ms: performance.now() - t0, ...memoryOf(child.pid!), cpuSeconds: cpuSecondsOf(child.pid!) });
        if (results === ROWS) allOut();
      }
    }
  });
  const write = () => {
    while (written < ROWS) {
      const line = rows.next();
      written++;
      bytes += line.length;
      if (!child.stdin.write(line)) return void child.stdin.once('drain', write);
    }
  };
  write();
  // The stream stays open until the last result is out, so the process is still there to be measured.
  await done;
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { samples, code, bytes };
}

interface SessionRun {
  seconds: number;
  cpuSeconds: number;
  peakMB: number;
  /** The JSON Lines results with the file name left out (`<stdin>` for the piped run). */
  results: string[];
}

/** One `groundcheck check --format json` of `file`: by its path, or piped into standard input as `cat` would. */
async function checkSession(cli: string, file: string, dir: string, piped: boolean): Promise<SessionRun> {
  const usagePath = join(dir, 'usage.json');
  rmSync(usagePath, { force: true });
  const start = performance.now();
  const child = spawn(process.execPath, ['--require', USAGE_PRELOAD, cli, 'check', '--format', 'json', piped ? '-' : file], {
    stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'inherit'],
    env: { ...process.env, GROUNDCHECK_BENCH_USAGE: usagePath },
  });
  if (piped) createReadStream(file).pipe(child.stdin!);
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (c: Buffer) => chunks.push(c));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const seconds = (performance.now() - start) / 1000;
  if (code !== 0 && code !== 1) throw new Error(`groundcheck check ${piped ? '-' : file} exited ${code}`);
  const usage = JSON.parse(readFileSync(usagePath, 'utf8')) as { maxRssKB: number; userMicros: number; systemMicros: number };
  const results = Buffer.concat(chunks)
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const { file: _file, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
  return { seconds, cpuSeconds: (usage.userMicros + usage.systemMicros) / 1e6, peakMB: usage.maxRssKB / 1024, results };
}

async function sessionThroughStdin(cli: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-stdin-session-'));
  try {
    console.log('');
    console.log('A repetitive Claude Code session through standard input, against the same file checked by path (JSON Lines report):');
    console.log('');
    console.log('| session | `check FILE` | `cat FILE \\| check -` | piped / file (wall, CPU) | same results |');
    console.log('| --- | --- | --- | --- | --- |');
    const piped: SessionRun[] = [];
    for (const size of SESSION_SIZES) {
      const file = join(dir, `session-${size}.jsonl`);
      const { raw } = generateRepetitiveSession({ targetSize: size });
      writeFileSync(file, raw);
      const byPath = await checkSession(cli, file, dir, false);
      const byPipe = await checkSession(cli, file, dir, true);
      piped.push(byPipe);
      // An output whose record later lines changed is told again: its last record is the one that counts.
      const lastPiped = new Map(byPipe.results.map((r) => [JSON.stringify((JSON.parse(r) as { range?: unknown }).range), r]));
      const same =
        lastPiped.size === byPath.results.length &&
        byPath.results.every((r) => lastPiped.get(JSON.stringify((JSON.parse(r) as { range?: unknown }).range)) === r);
      const shown = (r: SessionRun) => `${r.seconds.toFixed(2)} s (CPU ${r.cpuSeconds.toFixed(2)} s), peak ${r.peakMB.toFixed(0)} MB`;
      console.log(
        `| ${(raw.length / 1e6).toFixed(0)} MB, ${byPath.results.length} outputs | ${shown(byPath)} | ${shown(byPipe)} | ` +
          `${(byPipe.seconds / byPath.seconds).toFixed(2)}×, ${(byPipe.cpuSeconds / byPath.cpuSeconds).toFixed(2)}× | ${same ? 'yes' : 'NO'} |`,
      );
    }
    const [small, large] = piped;
    console.log('');
    console.log(
      `piped, 20 MB / 10 MB: ${(large.seconds / small.seconds).toFixed(2)}× wall, ${(large.cpuSeconds / small.cpuSeconds).toFixed(2)}× CPU, ${(large.peakMB / small.peakMB).toFixed(2)}× peak`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  title: 'check - : 100,000 RAG rows, and a session, through standard input',
  async run() {
    const cli = await buildCli();
    const { samples, code, bytes } = await pipeRows(cli);
    if (samples.length !== SAMPLES.length) throw new Error(`only ${samples.length} samples taken; the run exited ${code}`);
    const first = samples[0];
    const last = samples[samples.length - 1];
    const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
    console.log(`input: ${ROWS.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON Lines`);
    console.log('');
    console.log('| results out | elapsed | rows/s (whole run) | CPU time | peak RSS | RSS now |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const s of samples) {
      console.log(
        `| ${s.rows.toLocaleString('en')} | ${(s.ms / 1000).toFixed(1)} s | ${Math.round(s.rows / (s.ms / 1000))} | ${s.cpuSeconds.toFixed(1)} s | ${mb(s.peakKB)} | ${mb(s.rssKB)} |`,
      );
    }
    const steady = Math.round((last.rows - first.rows) / ((last.ms - first.ms) / 1000));
    const perCpu = Math.round((last.rows - first.rows) / (last.cpuSeconds - first.cpuSeconds));
    const growth = last.peakKB / first.peakKB - 1;
    console.log('');
    console.log(`rows/s from ${first.rows.toLocaleString('en')} to ${last.rows.toLocaleString('en')}: ${steady} (${perCpu} per CPU-second)`);
    console.log(
      `peak RSS from ${first.rows.toLocaleString('en')} to ${last.rows.toLocaleString('en')} rows: ${mb(first.peakKB)} → ${mb(last.peakKB)} ` +
        `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%): ${growth <= FLAT_SHARE ? 'flat' : `NOT flat (more than +${FLAT_SHARE * 100}%)`}`,
    );
    console.log(`exit code ${code}`);
    await sessionThroughStdin(cli);
  },
};

export default suite;
