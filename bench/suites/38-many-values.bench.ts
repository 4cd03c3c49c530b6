/**
 * Size that sits in one place: one Claude Code turn naming 10,000 and 20,000
 * values, and a chat exported as one 44 MB line of JSON whose answer has
 * 30,000 findings. Each file is checked in this process (parse + index +
 * check) and by `groundcheck check` as a child process with the text report
 * (wall time, CPU time, peak RSS of the child, findings reported). Work done
 * per value over the whole output, or per finding over the whole line, shows
 * as the 20,000 / 10,000 ratio rising above 2.00 and as the 44 MB line taking
 * seconds per thousand findings.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { classifyOptionsOf, defaultSettings } from '../../cli/check/checkSettings';
import { checkTranscript } from '../../shared/check/checkTranscript';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { buildCli } from '../../test/cli/harness';
import type { BenchSuite } from '../run';
import { noteFigure } from '../goals';
import { collectGarbage } from '../collectGarbage';
import { generateManyValuesTurn, generateOneLineChat } from '../generators/manyValues';

const USAGE_PRELOAD = resolve(__dirname, '../childUsage.cjs');
const SESSION_PATH = '/home/dev/.claude/projects/-home-dev-ops/session.jsonl';

interface CliRun {
  seconds: number;
  cpuSeconds: number;
  peakMB: number;
  /** `… not in context` lines in the text report. */
  findings: number;
}

/** One `groundcheck check --jobs 1` run, its report written to a file; the preload reports the child's own usage. */
function runCli(cli: string, file: string, dir: string): CliRun {
  const usagePath = join(dir, 'usage.json');
  const reportPath = join(dir, 'report.txt');
  rmSync(usagePath, { force: true });
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--require', USAGE_PRELOAD, cli, 'check', '--jobs', '1', '--format', 'text', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GROUNDCHECK_BENCH_USAGE: usagePath },
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const seconds = (performance.now() - start) / 1000;
  if (run.error || (run.status !== 0 && run.status !== 1)) throw new Error(`groundcheck check failed (${run.status}): ${run.error ?? run.stderr.slice(-500)}`);
  writeFileSync(reportPath, run.stdout);
  const usage = JSON.parse(readFileSync(usagePath, 'utf8')) as { maxRssKB: number; userMicros: number; systemMicros: number };
  const findings = run.stdout.split('\n').filter((l) => l.includes(' not in context [')).length;
  return { seconds, cpuSeconds: (usage.userMicros + usage.systemMicros) / 1e6, peakMB: usage.maxRssKB / 1024, findings };
}

/** Parse + index + check in this process, with the CLI's default settings; wall and CPU seconds. */
function inProcess(raw: string, path: string): { seconds: number; cpuSeconds: number } {
  collectGarbage();
  const options = classifyOptionsOf(defaultSettings());
  const start = performance.now();
  const cpu = process.cpuUsage();
  const parsed = parseTranscript({ raw, path });
  if (isNotTranscript(parsed)) throw new Error(`generated file not recognised: ${parsed.reason}`);
  checkTranscript(parsed, options);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const cliText = (r: CliRun): string =>
  `CLI text ${r.seconds.toFixed(2)} s (cpu ${r.cpuSeconds.toFixed(2)} s), peak ${r.peakMB.toFixed(0)} MB, ${r.findings.toLocaleString('en')} findings reported`;

const suite: BenchSuite = {
  title: 'Size in one place: one turn naming 10,000 and 20,000 values, one 44 MB line with 30,000 findings',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-one-place-'));
    try {
      const cli = await buildCli();
      inProcess(generateManyValuesTurn(1_000).raw, SESSION_PATH); // warm the JIT
      const turns = new Map<number, { here: ReturnType<typeof inProcess>; cli: CliRun }>();
      for (const values of [10_000, 20_000]) {
        const { raw } = generateManyValuesTurn(values);
        const file = join(dir, `turn-${values}.jsonl`);
        writeFileSync(file, raw);
        const row = { here: inProcess(raw, SESSION_PATH), cli: runCli(cli, file, dir) };
        turns.set(values, row);
        console.log(
          `one turn, ${values.toLocaleString('en')} values (${(raw.length / 1e6).toFixed(1)} MB): in process ${row.here.seconds.toFixed(2)} s (cpu ${row.here.cpuSeconds.toFixed(2)} s) | ${cliText(row.cli)}`,
        );
      }
      const [a, b] = [turns.get(10_000)!, turns.get(20_000)!];
      const ratio = (x: number, y: number): string => `${(y / x).toFixed(2)}×`;
      console.log(
        `one turn, 20,000 / 10,000 values: in process ${ratio(a.here.seconds, b.here.seconds)} (cpu ${ratio(a.here.cpuSeconds, b.here.cpuSeconds)})` +
          `, CLI ${ratio(a.cli.seconds, b.cli.seconds)} (cpu ${ratio(a.cli.cpuSeconds, b.cli.cpuSeconds)}, peak ${ratio(a.cli.peakMB, b.cli.peakMB)}) (2.00× is linear)`,
      );
      noteFigure('manyValues20k', 'one place', b.cli.seconds);
      noteFigure('manyValuesGrowth', 'one place', b.cli.seconds / a.cli.seconds);

      const line = generateOneLineChat(44_000_000, 30_000);
      const file = join(dir, 'chat.json');
      writeFileSync(file, line.raw);
      const here = inProcess(line.raw, file);
      const run = runCli(cli, file, dir);
      console.log(
        `one ${(line.raw.length / 1e6).toFixed(0)} MB line, ${line.findings.toLocaleString('en')} findings: in process ${here.seconds.toFixed(2)} s (cpu ${here.cpuSeconds.toFixed(2)} s) | ${cliText(run)}` +
          ` | peak / file ${((run.peakMB * 1024 * 1024) / line.raw.length).toFixed(2)}×`,
      );
      noteFigure('longLine30k', 'one place', run.seconds);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
