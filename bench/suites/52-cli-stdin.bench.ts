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
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BenchSuite } from '../run';
import { RagRows } from '../generators/ragRows';
import { buildCli } from '../../test/cli/harness';

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

const suite: BenchSuite = {
  title: 'check - : 100,000 RAG rows through standard input',
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
  },
};

export default suite;
