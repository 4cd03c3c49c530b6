/**
 * How checking a Claude Code session grows with its length, for two shapes
 * side by side: the varied session (new facts in every tool result) and the
 * repetitive one real long sessions look like (the same files and log lines
 * again and again, thousands of short turns), plus its pathological variant
 * (one file read on every turn, one name hundreds of thousands of times),
 * and short turns with a finding in every answer.
 *
 * At 10, 20 and 40 MB: parse + index + check in this process (with the
 * CLI's default settings), and
 * `groundcheck check` as a child process with the text and the JSON report
 * (wall time, peak RSS, report size). Checking should be linear in the file:
 * the 40 MB / 20 MB ratio is printed for each figure (2.0 is linear).
 *
 * Beside each file, its parse floor: a child process that reads the file
 * and `JSON.parse`s every line, and nothing else (wall and CPU time, peak
 * RSS). `groundcheck check`'s time is printed as a multiple of it, and its
 * peak memory (and the floor's) as a multiple of the file's size. Before
 * any file, each CLI's start alone (`--version`): the memory every run holds
 * before it reads a byte, against which a goal in multiples of the file is
 * read. For the varied and the
 * repetitive session at 20 and 40 MB, the check in this process is also
 * taken apart stage by stage: parsing, building the index (the index-build
 * floor: no output can be checked before it), checking the outputs one at a
 * time as the CLI does; with what each stage leaves held (heap and buffers
 * after a full collection), beside the file's text as one string.
 *
 * With GROUNDCHECK_BENCH_BASE set to another checkout of groundcheck (built
 * with `npm run build`), every figure is measured for it too, on the same
 * files in the same run, and printed as `before`: a before/after table that
 * the machine's load at the time affects alike.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import * as checkSettings from '../../cli/check/checkSettings';
import * as checking from '../../shared/check/checkTranscript';
import * as detect from '../../shared/transcript/detect';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { buildCli } from '../../test/cli/harness';
import type { BenchSuite } from '../run';
import { noteFigure } from '../goals';
import { collectGarbage } from '../collectGarbage';
import { generateClaudeSession } from '../generators/claudeSession';
import { generateRepetitiveSession } from '../generators/repetitiveSession';
import { generateShortTurnsSession } from '../generators/shortTurnsSession';

const SIZES_MB = [10, 20, 40];
const PATH = '/home/dev/.claude/projects/-home-dev-shop-billing/session.jsonl';

interface Shape {
  name: string;
  generate(targetSize: number): { raw: string; outputs: number };
  /** Whether the CLI runs too (the pathological shape is measured in process only, to keep the suite short). */
  cli: boolean;
  /** Whether the base checkout runs it too (not where it took minutes: its figures say nothing new). */
  base?: false;
}

const SHAPES: Shape[] = [
  { name: 'varied', cli: true, generate: (t) => generateClaudeSession({ targetSize: t, outputs: Math.round((2_000 * t) / 20_000_000) }) },
  { name: 'repetitive', cli: true, generate: (t) => generateRepetitiveSession({ targetSize: t }) },
  { name: 'pathological', cli: false, generate: (t) => generateRepetitiveSession({ targetSize: t, pathological: true }) },
  // A finding in every output, no escape in the file: work per finding shows here (d0eb88b read on to the file's end per finding).
  { name: 'findings', cli: true, base: false, generate: (t) => generateShortTurnsSession({ targetSize: t }) },
];

/** One version of groundcheck: its in-process check and its CLI bundle. */
interface Version {
  name: string;
  check(raw: string): void;
  cli: string;
}

function versionOf(name: string, modules: { checkSettings: typeof checkSettings; checking: typeof checking; detect: typeof detect }, cli: string): Version {
  const options = modules.checkSettings.classifyOptionsOf(modules.checkSettings.defaultSettings());
  return {
    name,
    cli,
    check(raw) {
      const parsed = modules.detect.parseTranscript({ raw, path: PATH });
      if (modules.detect.isNotTranscript(parsed)) throw new Error(`generated session not recognised: ${parsed.reason}`);
      modules.checking.checkTranscript(parsed, options);
    },
  };
}

/** The version in GROUNDCHECK_BENCH_BASE, loaded from its sources (tsx compiles them) and its built CLI. */
function baseVersion(): Version | undefined {
  const root = process.env.GROUNDCHECK_BENCH_BASE;
  if (!root) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports */
  return versionOf(
    'before',
    {
      checkSettings: require(join(root, 'cli/check/checkSettings')),
      checking: require(join(root, 'shared/check/checkTranscript')),
      detect: require(join(root, 'shared/transcript/detect')),
    },
    join(root, 'dist/cli.js'),
  );
  /* eslint-enable @typescript-eslint/no-require-imports */
}

interface Row {
  outputs: number;
  inProcessMs: number;
  inProcessCpuMs: number;
  text?: CliRun;
  json?: CliRun;
}

/** Wall time, CPU time and peak RSS of one child process, as /usr/bin/time reports them. */
interface Timed {
  seconds: number;
  /** User + system CPU seconds: what the run costs whatever else the machine is doing. */
  cpuSeconds: number;
  peakMB: number;
}

interface CliRun extends Timed {
  reportMB: number;
}

/** Runs `node ARGS` under /usr/bin/time, stdout to `stdout` ('ignore' or a file descriptor); `what` names it in the error if it fails. */
function timedNode(args: readonly string[], stdout: 'ignore' | number, what: string): Timed | undefined {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', process.execPath, ...args], { stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8' });
  if (run.error) return undefined;
  const [seconds, kb, user, system] = (run.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (![seconds, kb, user, system].every(Number.isFinite)) throw new Error(`${what} failed: ${run.stderr.slice(-500)}`);
  return { seconds, cpuSeconds: user + system, peakMB: kb / 1024 };
}

/** One `groundcheck check` run. */
function runCli(cli: string, file: string, format: 'text' | 'json', dir: string): CliRun | undefined {
  const reportPath = join(dir, `report.${format}`);
  const fd = openSync(reportPath, 'w');
  try {
    const run = timedNode([cli, 'check', '--jobs', '1', '--format', format, file], fd, 'groundcheck check');
    return run && { ...run, reportMB: statSync(reportPath).size / 1e6 };
  } finally {
    closeSync(fd);
  }
}

/** Reads a file and parses each of its lines, in a child process of its own: the least any check of the file costs. */
const FLOOR_SCRIPT = `
const raw = require('node:fs').readFileSync(process.argv[1], 'utf8');
for (const line of raw.split('\\n')) if (line.trim() !== '') JSON.parse(line);
`;

function parseFloor(file: string): Timed {
  const run = timedNode(['-e', FLOOR_SCRIPT, file], 'ignore', 'the parse floor');
  if (!run) throw new Error('the parse floor could not be run');
  return run;
}

/** A CLI's start alone (`--version`), a process of its own: the time and memory every run pays before it reads a byte. */
function startOf(cli: string): Timed {
  const run = timedNode([cli, '--version'], 'ignore', 'groundcheck --version');
  if (!run) throw new Error('groundcheck --version could not be run');
  return run;
}

function timeInProcess(version: Version, raw: string): { wall: number; cpu: number } {
  // Each version starts from a collected heap: neither pays for the garbage the other left.
  collectGarbage();
  const start = performance.now();
  const cpu = process.cpuUsage();
  version.check(raw);
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/** The sizes and shapes whose check is taken apart stage by stage. */
const STAGE_SIZES_MB = [20, 40];
const STAGE_SHAPES = new Set(['varied', 'repetitive']);

/** Time and what is held after a full collection, per stage of an in-process check of the code under test. */
interface Stages {
  parseMs: number;
  indexMs: number;
  checkMs: number;
  /** Heap and buffers each stage added, in MB. */
  transcriptMB: number;
  indexMB: number;
  checkedMB: number;
}

/**
 * Heap and buffers held, in MB, after a full collection. V8 frees an
 * ArrayBuffer's memory on a task of its own after the collection that found
 * it dead (the index's tables are such buffers), so the figure is read once
 * that task has had time to run. (`external` counts the buffers too.)
 */
async function heldMB(): Promise<number> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, BUFFERS_FREED_MS));
  collectGarbage();
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 1e6;
}

/** Time given to V8 to free the buffers a collection found dead. */
const BUFFERS_FREED_MS = 200;

/**
 * Parse, index, then every output checked and let go (as the CLI's reports
 * do), each timed, and what each leaves held. The outputs' own options are
 * the CLI's defaults.
 */
async function stagesOf(raw: string): Promise<Stages> {
  const options = checkSettings.classifyOptionsOf(checkSettings.defaultSettings());
  const start = await heldMB();
  let t = performance.now();
  const parsed = detect.parseTranscript({ raw, path: PATH });
  if (detect.isNotTranscript(parsed)) throw new Error(`generated session not recognised: ${parsed.reason}`);
  const parseMs = performance.now() - t;
  const afterParse = await heldMB();
  t = performance.now();
  const index = TranscriptIndex.build(parsed);
  const indexMs = performance.now() - t;
  const afterIndex = await heldMB();
  t = performance.now();
  let outputs = 0;
  // Each check is let go as soon as it is made, as the CLI's reports let it go once laid out.
  for (const _check of checking.outputChecks(index, options)) outputs++;
  const checkMs = performance.now() - t;
  const afterCheck = await heldMB();
  // Read after the last figure, so the transcript and the index are still held when it is taken.
  if (outputs !== index.transcript.segments.filter((x) => x.isOutput).length) throw new Error('an output was not checked');
  return {
    parseMs,
    indexMs,
    checkMs,
    transcriptMB: afterParse - start,
    indexMB: afterIndex - afterParse,
    checkedMB: afterCheck - afterIndex,
  };
}

/** What V8 holds for the file's text as one string: two bytes a character once any is past Latin-1. */
function textMB(raw: string): number {
  return (raw.length * (/[^\u0000-\u00ff]/.test(raw) ? 2 : 1)) / 1e6;
}

/** The figures of the code under test that the goals for large sessions name (see bench/goals.ts). */
function noteGoals(shape: string, at20: Row | undefined, at40: Row | undefined, fileBytes: Map<number, number>): void {
  if (shape !== 'varied' && shape !== 'repetitive') return;
  if (!at20?.text || !at20.json || !at40?.text) return;
  noteFigure('textReport20', shape, at20.text.seconds);
  noteFigure('jsonReport20', shape, at20.json.seconds);
  noteFigure('jsonSize20', shape, (at20.json.reportMB * 1e6) / fileBytes.get(20)!);
  noteFigure('growth40', shape, at40.text.seconds / at20.text.seconds);
  noteFigure('peak40', shape, (at40.text.peakMB * 1024 * 1024) / fileBytes.get(40)!);
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const growth = (a: number | undefined, b: number | undefined): string => (a && b ? `${(b / a).toFixed(2)}×` : '–');

const suite: BenchSuite = {
  title: 'Session scaling: varied vs repetitive Claude Code sessions at 10, 20, 40 MB',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-scaling-'));
    try {
      const versions = [baseVersion(), versionOf('after', { checkSettings, checking, detect }, await buildCli())].filter((v) => v !== undefined);
      const warm = generateRepetitiveSession({ targetSize: 1_000_000 }).raw;
      for (const v of versions) timeInProcess(v, warm); // warm the JIT
      const label = (v: Version): string => (versions.length > 1 ? ` ${v.name.padEnd(6)}` : '');
      for (const v of versions) {
        const start = startOf(v.cli);
        console.log(
          `groundcheck${label(v)} start alone (--version, a process of its own): ${start.seconds.toFixed(2)} s (cpu ${start.cpuSeconds.toFixed(2)} s), ` +
            `peak ${start.peakMB.toFixed(0)} MB (${((start.peakMB * 1024 * 1024) / 20e6).toFixed(1)}× a 20 MB file, ${((start.peakMB * 1024 * 1024) / 40e6).toFixed(1)}× a 40 MB one)`,
        );
      }
      const versionsOf = (shape: Shape): Version[] => versions.filter((v) => shape.base !== false || v.name !== 'before');
      for (const shape of SHAPES) {
        const rows = new Map<string, Row>();
        const fileBytes = new Map<number, number>();
        for (const mb of SIZES_MB) {
          const session = shape.generate(mb * 1_000_000);
          const file = join(dir, `${shape.name}-${mb}.jsonl`);
          writeFileSync(file, session.raw);
          fileBytes.set(mb, statSync(file).size);
          const floor = shape.cli ? parseFloor(file) : undefined;
          if (floor) {
            console.log(
              `${shape.name.padEnd(12)} ${String(mb).padStart(2)} MB parse floor (read + JSON.parse of every line, a process of its own): ` +
                `${floor.seconds.toFixed(2)} s (cpu ${floor.cpuSeconds.toFixed(2)} s), peak ${floor.peakMB.toFixed(0)} MB (${((floor.peakMB * 1024 * 1024) / fileBytes.get(mb)!).toFixed(1)}× the file)`,
            );
          }
          for (const v of versionsOf(shape)) {
            const time = timeInProcess(v, session.raw);
            const row: Row = { outputs: session.outputs, inProcessMs: time.wall, inProcessCpuMs: time.cpu };
            if (shape.cli) {
              row.text = runCli(v.cli, file, 'text', dir);
              row.json = runCli(v.cli, file, 'json', dir);
            }
            rows.set(`${v.name} ${mb}`, row);
            const bytes = fileBytes.get(mb)!;
            const ofFloor = (r: CliRun): string =>
              floor
                ? `, ${(r.seconds / floor.seconds).toFixed(1)}× the floor (cpu ${(r.cpuSeconds / floor.cpuSeconds).toFixed(1)}×), peak ${((r.peakMB * 1024 * 1024) / bytes).toFixed(1)}× the file`
                : '';
            const cliText = (r: CliRun | undefined, name: string): string =>
              r
                ? ` | CLI ${name} ${r.seconds.toFixed(2)} s (cpu ${r.cpuSeconds.toFixed(2)} s), peak ${r.peakMB.toFixed(0)} MB, report ${r.reportMB.toFixed(1)} MB${ofFloor(r)}`
                : '';
            console.log(
              `${shape.name.padEnd(12)}${label(v)} ${String(mb).padStart(2)} MB, ${String(session.outputs).padStart(5)} outputs: ` +
                `in process ${secs(row.inProcessMs)} (cpu ${secs(row.inProcessCpuMs)})${cliText(row.text, 'text')}${cliText(row.json, 'json')}`,
            );
          }
          if (STAGE_SHAPES.has(shape.name) && STAGE_SIZES_MB.includes(mb)) {
            const st = await stagesOf(session.raw);
            const ofParseFloor = (ms: number): string => (floor ? ` (${(ms / 1000 / floor.seconds).toFixed(1)}× the parse floor)` : '');
            const mbOf = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(0)} MB`;
            console.log(
              `${shape.name.padEnd(12)} ${String(mb).padStart(2)} MB, in process by stage: parse ${secs(st.parseMs)}${ofParseFloor(st.parseMs)}, ` +
                `index build ${secs(st.indexMs)}${ofParseFloor(st.indexMs)}, the outputs ${secs(st.checkMs)}; ` +
                `held: the file's text ${textMB(session.raw).toFixed(0)} MB as one string, the transcript ${mbOf(st.transcriptMB)}, ` +
                `the index and session facts ${mbOf(st.indexMB)}, after every output ${mbOf(st.checkedMB)}`,
            );
          }
          rmSync(file);
        }
        for (const v of versionsOf(shape)) {
          const a = rows.get(`${v.name} 20`)!;
          const b = rows.get(`${v.name} 40`)!;
          console.log(
            `${shape.name.padEnd(12)}${label(v)} 40 MB / 20 MB: in process ${growth(a.inProcessMs, b.inProcessMs)} (cpu ${growth(a.inProcessCpuMs, b.inProcessCpuMs)})` +
              (shape.cli
                ? `, CLI text ${growth(a.text?.seconds, b.text?.seconds)} (cpu ${growth(a.text?.cpuSeconds, b.text?.cpuSeconds)}, peak ${growth(a.text?.peakMB, b.text?.peakMB)})` +
                  `, CLI json ${growth(a.json?.seconds, b.json?.seconds)} (cpu ${growth(a.json?.cpuSeconds, b.json?.cpuSeconds)}, peak ${growth(a.json?.peakMB, b.json?.peakMB)})`
                : '') +
              ' (2.00× is linear)',
          );
        }
        noteGoals(shape.name, rows.get('after 20'), rows.get('after 40'), fileBytes);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
