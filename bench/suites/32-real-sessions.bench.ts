/**
 * Checking the real sessions of bench/sessions/corpus (restored by `npm run
 * sessions:corpus`; none is committed), in this process, as `groundcheck
 * check` checks a file with its default settings and a text report.
 *
 * The generated sessions of the scaling suite have the shapes we thought
 * of; these are the shapes agents wrote. Per file: the check's time and, as
 * the baseline measured in the same run, its read floor (reading the file
 * and parsing the JSON it holds: each line of a .jsonl, the whole of a
 * .json; reading alone for Markdown and text). Printed: throughput per
 * format, the check as a multiple of the floor, the files slowest per MB,
 * and how the check grows within real sessions: the largest JSON Lines
 * sessions checked whole and cut after half their lines (a
 * check that costs per output in proportion to the context before it grows
 * four-fold where the session doubles; linear is time in step with size).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { readTarget } from '../../cli/check/checkTarget';
import { fileCheckOptions } from '../../cli/check/fileCheckSetup';
import type { BenchSuite } from '../run';
import { collectGarbage } from '../collectGarbage';

const SESSIONS = join(__dirname, '../sessions');
const CORPUS = join(SESSIONS, 'corpus');

interface Source {
  file: string;
  kind: string;
}

interface Timed {
  file: string;
  kind: string;
  bytes: number;
  checkMs: number;
  floorMs: number;
}

/** Files checked once before any is timed, so the first ones timed do not pay for compiling the checker. */
const WARM_FILES = 40;
/** The largest JSON Lines sessions whose growth is measured, and the runs of each (the least is kept). */
const GROWTH_FILES = 6;
const GROWTH_RUNS = 3;

const options = fileCheckOptions({ settings: defaultSettings(), ledger: false });

/** The check of one file as the CLI makes it (read, parse, index, every output laid out for the report): its time and outputs. */
function check(path: string): { ms: number; outputs: number } {
  const t0 = performance.now();
  const read = readTarget({ path, shown: path, explicit: true }, options);
  const outputs = 'input' in read ? checkFile(read.input, options).outputs.length : 0;
  return { ms: performance.now() - t0, outputs };
}

/** Reading the file and parsing the JSON it holds, and nothing else: the least a check of it costs. */
function readFloor(path: string): number {
  const t0 = performance.now();
  const raw = readFileSync(path, 'utf8');
  if (path.endsWith('.jsonl')) {
    for (const line of raw.split('\n')) if (line.trim() !== '') tryParse(line);
  } else if (path.endsWith('.json')) tryParse(raw);
  return performance.now() - t0;
}

function tryParse(text: string): void {
  try {
    JSON.parse(text);
  } catch {
    // A line the check reports as a parse error costs the floor its attempt too.
  }
}

const perMB = (ms: number, bytes: number): string => `${((ms * 1e6) / bytes).toFixed(0)} ms/MB`;
const times = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(1)}×` : '–');

function sum(rows: readonly Timed[], pick: (r: Timed) => number): number {
  return rows.reduce((n, r) => n + pick(r), 0);
}

/** The least time of `runs` checks of the file (each from a collected heap), and its outputs. */
function leastOf(runs: number, path: string): { ms: number; outputs: number } {
  let least = { ms: Infinity, outputs: 0 };
  for (let k = 0; k < runs; k++) {
    collectGarbage();
    const run = check(path);
    if (run.ms < least.ms) least = run;
  }
  return least;
}

/** The first half of `raw`'s lines: a session cut halfway through its records (a byte count would cut one image-sized line). */
function headHalf(raw: string): string {
  let lines = 0;
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) lines++;
  let cut = -1;
  for (let k = 0; k < lines >> 1; k++) cut = raw.indexOf('\n', cut + 1);
  return raw.slice(0, cut + 1);
}

const suite: BenchSuite = {
  title: 'Real sessions: every restored corpus session, throughput, the slowest, and growth within the largest',
  run() {
    const sources: Source[] = JSON.parse(readFileSync(join(SESSIONS, 'SOURCES.json'), 'utf8'));
    const restored = sources.filter((s) => existsSync(join(CORPUS, s.file)));
    if (restored.length === 0) {
      console.log('No real session is restored here (`npm run sessions:corpus` restores them): nothing measured.');
      return;
    }
    for (const s of restored.slice(0, WARM_FILES)) check(join(CORPUS, s.file));
    const rows: Timed[] = restored.map((s) => {
      const path = join(CORPUS, s.file);
      return { file: s.file, kind: s.kind, bytes: statSync(path).size, floorMs: readFloor(path), checkMs: check(path).ms };
    });
    const bytes = sum(rows, (r) => r.bytes);
    const checkMs = sum(rows, (r) => r.checkMs);
    const floorMs = sum(rows, (r) => r.floorMs);
    console.log(
      `${rows.length} of ${sources.length} sessions restored, ${(bytes / 1e6).toFixed(0)} MB: checked in ${(checkMs / 1000).toFixed(1)} s ` +
        `(${perMB(checkMs, bytes)}, ${times(checkMs, floorMs)} the read floor of ${(floorMs / 1000).toFixed(1)} s)`,
    );
    console.log('');
    console.log('| format | sessions | MB | check | × the read floor |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    const kinds = [...new Set(rows.map((r) => r.kind))].sort();
    for (const kind of kinds) {
      const of = rows.filter((r) => r.kind === kind);
      const b = sum(of, (r) => r.bytes);
      console.log(
        `| ${kind} | ${of.length} | ${(b / 1e6).toFixed(1)} | ${perMB(
          sum(of, (r) => r.checkMs),
          b,
        )} | ${times(
          sum(of, (r) => r.checkMs),
          sum(of, (r) => r.floorMs),
        )} |`,
      );
    }
    console.log('');
    const slowest = [...rows].sort((a, b) => b.checkMs - a.checkMs).slice(0, 5);
    console.log(`slowest: ${slowest.map((r) => `${r.file} ${(r.checkMs / 1000).toFixed(2)} s (${(r.bytes / 1e6).toFixed(1)} MB)`).join(', ')}`);
    const large = rows.filter((r) => r.bytes >= 500_000);
    const slowestPerMB = [...large].sort((a, b) => b.checkMs / b.bytes - a.checkMs / a.bytes).slice(0, 5);
    console.log(
      `slowest per MB of the ${large.length} sessions of 0.5 MB or more: ${slowestPerMB.map((r) => `${r.file} ${perMB(r.checkMs, r.bytes)}`).join(', ')}`,
    );

    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-real-'));
    try {
      const largest = rows
        .filter((r) => r.file.endsWith('.jsonl'))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, GROWTH_FILES);
      console.log('');
      console.log(
        `Growth within the ${largest.length} largest JSON Lines sessions: the first half of each one's lines and the whole, least of ${GROWTH_RUNS} runs.`,
      );
      console.log('');
      console.log('| session | half | whole | bytes ratio | outputs ratio | time ratio |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
      const ratios: number[] = [];
      for (const r of largest) {
        const whole = join(CORPUS, r.file);
        const head = headHalf(readFileSync(whole, 'utf8'));
        const half = join(dir, r.file);
        writeFileSync(half, head);
        const { ms: halfMs, outputs: halfOutputs } = leastOf(GROWTH_RUNS, half);
        const { ms: wholeMs, outputs: wholeOutputs } = leastOf(GROWTH_RUNS, whole);
        const sizeRatio = r.bytes / statSync(half).size;
        const outputsRatio = wholeOutputs / Math.max(1, halfOutputs);
        // Linear is time in step with whichever grew more: the bytes to read, or the outputs to check.
        ratios.push(wholeMs / halfMs / Math.max(sizeRatio, outputsRatio));
        console.log(
          `| ${r.file} (${r.kind}) | ${halfMs.toFixed(0)} ms | ${wholeMs.toFixed(0)} ms | ${sizeRatio.toFixed(2)}× | ${outputsRatio.toFixed(2)}× | ${(wholeMs / halfMs).toFixed(2)}× |`,
        );
      }
      if (ratios.length > 0) {
        console.log('');
        console.log(
          `Time ratio over the larger of the bytes and outputs ratios: ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)} (1.00 is linear; a check quadratic in the session would be near 2).`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
