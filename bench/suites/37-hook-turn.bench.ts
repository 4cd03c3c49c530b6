/**
 * The stop hook's check of the turn that just ended, on generated Claude
 * Code sessions of 2 and 20 MB (the varied shape: a prompt every 25 tool
 * calls, so a turn has 25 answers to check; the repetitive shape is one
 * turn from end to end and has no stops to speak of): the session file is
 * written up to the end of a turn, as the agent leaves it when it stops,
 * and the turn is checked
 * - cold: the file read, parsed and indexed afresh, as at the first stop;
 * - kept: from the session kept since the previous stop (cli/hook/heldSessions.ts),
 *   which reads the file, compares it with what it kept and parses only the
 *   new lines: the whole turn is read and checked at the stop (the lookup
 *   index's rebuilds are left until after it, as the warm process leaves them);
 * - ahead: kept, and read ahead while the agent writes the turn, as the
 *   `--warm` process does every second: the turn's lines are written a few
 *   at a time with a read-ahead after each few, the turn's last line (its
 *   final answer) is written, and the stop is measured. The read-aheads'
 *   CPU time is shown apart: it is spent while the agent works.
 * p50 and p95 over the last STOPS turns of each file, in this process
 * (CPU time: the machine's load does not count); each next to a full
 * `groundcheck check` of the same file (its last stop) in the same process,
 * as a ratio; and whether the kept and ahead checks' findings equal the
 * cold ones at every stop. Then `groundcheck hook` itself on the 20 MB file, a process
 * per stop as the agent runs it, without and with `--warm` (the kept
 * sessions live in a process of their own between stops, which reads each
 * turn ahead while it is written), next to the time the CLI takes to start
 * at all, with V8's code cache of the bundle (as bin/ starts it) and without.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { checkFile } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { readTarget } from '../../cli/check/checkTarget';
import { fileCheckOptions } from '../../cli/check/fileCheckSetup';
import { HeldSessions } from '../../cli/hook/heldSessions';
import { READ_AHEAD_MS } from '../../cli/hook/warmServer';
import { turnFindings, type TurnFindings } from '../../cli/hook/turnFindings';
import { buildCli, cachedLauncher } from '../../test/cli/harness';
import type { BenchSuite } from '../run';
import { collectGarbage } from '../collectGarbage';
import { noteFigure, type Shape } from '../goals';
import { generateClaudeSession } from '../generators/claudeSession';
import { generateRepetitiveSession } from '../generators/repetitiveSession';

const STOPS = 20;
/** Stops run through the CLI: a process each. */
const CLI_STOPS = 8;
/** Cold checks per file: each reads the whole file, so a few say enough. */
const COLD_RUNS = 5;
/** Full checks of the whole file: the baseline the hook's figures are divided by. */
const FULL_RUNS = 2;
/** Lines the agent writes between two read-aheads. */
const LINES_PER_READ_AHEAD = 3;

const SHAPES: { name: Shape; generate(size: number): string }[] = [
  { name: 'varied', generate: (size) => generateClaudeSession({ targetSize: size, outputs: Math.round((2_000 * size) / 20_000_000) }).raw },
  // The same file read again and again, a prompt every 12 tool calls: a turn of 25 answers, as in the varied shape.
  { name: 'repetitive', generate: (size) => generateRepetitiveSession({ targetSize: size, promptEvery: 12 }).raw },
];

const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (x: number): string => `${x.toFixed(1)} ms`;
/** CPU time of this process: on a shared machine, what the check costs rather than how long it waited for a core. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Line counts at which a turn has just ended: after an assistant's text, before a prompt a person typed (or the file's end). */
function turnEnds(lines: readonly string[]): number[] {
  const ends: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].includes('"type":"text"') || !lines[i].includes('"role":"assistant"')) continue;
    const next = lines[i + 1];
    if (next === undefined || (next.includes('"type":"user"') && !next.includes('"tool_result"'))) ends.push(i + 1);
  }
  return ends;
}

const suite: BenchSuite = {
  title: 'The stop hook: the last turn of a 2 MB and a 20 MB Claude Code session, cold and kept between stops',
  async run() {
    const setup = { settings: defaultSettings() };
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-hook-bench-'));
    const cli: string[] = [];
    const growth: string[] = [];
    const rows: string[] = [
      '| shape | size | turns checked | outputs in a turn (median) | full check (p50) | cold p50 / p95 | kept p50 / p95 | ahead p50 / p95 | read-ahead CPU per turn (median) | new lines only (kept, ahead) | kept = ahead = cold |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    try {
      for (const shape of SHAPES) {
        const bySize: { full: number; kept: number; ahead: number }[] = [];
        for (const size of [2_000_000, 20_000_000]) {
          const raw = shape.generate(size);
          const lines = raw
            .split('\n')
            .slice(0, -1)
            .map((l) => `${l}\n`);
          const ends = turnEnds(lines).slice(-STOPS);
          const file = join(dir, `${shape.name}-${size}.jsonl`);
          const aheadFile = join(dir, `${shape.name}-${size}-ahead.jsonl`);
          writeFileSync(file, lines.slice(0, ends[0] - 1).join(''));
          writeFileSync(aheadFile, lines.slice(0, ends[0] - 1).join(''));
          const held = new HeldSessions();
          const ahead = new HeldSessions();
          // The stop before: the session is read, indexed and kept.
          turnFindings(file, false, setup, { waitMs: 0 }, held.load);
          turnFindings(aheadFile, false, setup, { waitMs: 0 }, ahead.load);
          let written = ends[0] - 1;
          const kept: number[] = [];
          const early: number[] = [];
          const readAhead: number[] = [];
          const cold: number[] = [];
          const outputs: number[] = [];
          let equal = true;
          let appended = 0;
          let appendedAhead = 0;
          ends.forEach((end, k) => {
            appendFileSync(file, lines.slice(written, end).join(''));
            // The agent writes the turn line by line; the warm process reads what is there every so often.
            let spent = 0;
            for (let at = written; at < end - 1; at += LINES_PER_READ_AHEAD) {
              appendFileSync(aheadFile, lines.slice(at, Math.min(at + LINES_PER_READ_AHEAD, end - 1)).join(''));
              const t = cpuMs();
              ahead.readAhead();
              spent += cpuMs() - t;
            }
            readAhead.push(spent);
            appendFileSync(aheadFile, lines[end - 1]);
            written = end;
            collectGarbage();
            const t0 = cpuMs();
            const fromKept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
            kept.push(cpuMs() - t0);
            if (held.lastLoad === 'appended') appended++;
            // As the warm process does once the stop is answered.
            held.settle();
            collectGarbage();
            const t2 = cpuMs();
            const fromAhead = turnFindings(aheadFile, false, setup, { waitMs: 0 }, ahead.load);
            early.push(cpuMs() - t2);
            if (ahead.lastLoad === 'appended') appendedAhead++;
            ahead.settle();
            outputs.push(fromKept.outputs);
            // The cold check at the first stops only (each reads the whole file), compared at every stop.
            const t1 = cpuMs();
            const fresh: TurnFindings = turnFindings(file, false, setup);
            if (k < COLD_RUNS) cold.push(cpuMs() - t1);
            if (!isDeepStrictEqual(fromKept, fresh) || !isDeepStrictEqual(fromAhead, fresh)) equal = false;
          });
          const full = fullCheck(file);
          const p50 = percentile(full, 50);
          const vs = (xs: number[]) =>
            `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))} (${ratio(percentile(xs, 50), p50)} / ${ratio(percentile(xs, 95), p50)})`;
          rows.push(
            `| ${shape.name} | ${(raw.length / 1e6).toFixed(0)} MB | ${ends.length} | ${percentile(outputs, 50)} | ${ms(p50)} | ${vs(cold)} | ${vs(kept)} | ${vs(early)} | ${ms(percentile(readAhead, 50))} | ${appended}/${ends.length}, ${appendedAhead}/${ends.length} | ${equal ? 'yes' : 'NO'} |`,
          );
          bySize.push({ full: p50, kept: percentile(kept, 95), ahead: percentile(early, 95) });
          if (size === 20_000_000) {
            noteFigure('hookTurnKept', shape.name, percentile(kept, 95));
            noteFigure('hookTurnAhead', shape.name, percentile(early, 95));
            // One shape's stops through the CLI say what starting a process costs; the other would say it again.
            if (shape === SHAPES[0]) cli.push(...(await throughCli(dir, lines, turnEnds(lines).slice(-CLI_STOPS))));
          }
          rmSync(file);
          rmSync(aheadFile);
        }
        const [small, large] = bySize;
        growth.push(
          `${shape.name} 20 MB / 2 MB: full check ${(large.full / small.full).toFixed(2)}×, kept p95 ${(large.kept / small.kept).toFixed(2)}×, ahead p95 ${(large.ahead / small.ahead).toFixed(2)}× (10× is linear in the file; a last-turn check should not grow with it)`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(rows.join('\n'));
    console.log(`\n${growth.join('\n')}`);
    console.log(`\n${cli.join('\n')}`);
    const [l1, l5, l15] = loadavg();
    console.log(
      `\nCPU time of this process. full check: \`groundcheck check\` of the whole file at its last stop, in this process (${FULL_RUNS} runs); in brackets, each figure over the full check's p50. cold: the first ${COLD_RUNS} stops of each file; kept: every stop, the session kept since the one before, the whole turn read at the stop (index rebuilds after it, not counted); ahead: every stop, the session read ahead every ${LINES_PER_READ_AHEAD} lines while the turn was written, the turn's last line read at the stop (the read-aheads' CPU time apart). "new lines only": stops that parsed only the new lines (the others read the file whole). "kept = ahead = cold": the findings were the cold check's at every stop. Load average at the end: ${l1.toFixed(1)}, ${l5.toFixed(1)}, ${l15.toFixed(1)} (${cpus().length} cores).`,
    );
  },
};

/** `groundcheck check` of the whole file in this process, CPU time per run. */
function fullCheck(file: string): number[] {
  const options = fileCheckOptions({ settings: defaultSettings(), ledger: false });
  const runs: number[] = [];
  for (let k = 0; k < FULL_RUNS; k++) {
    collectGarbage();
    const t0 = cpuMs();
    const read = readTarget({ path: file, shown: file, explicit: true }, options);
    if (!('input' in read)) throw new Error(`${file} was not read`);
    checkFile(read.input, options);
    runs.push(cpuMs() - t0);
  }
  return runs;
}

const ratio = (x: number, base: number): string => `${((100 * x) / base).toFixed(1)} %`;

/** `groundcheck hook` as the agent runs it, a process per stop: wall time per stop, without and with `--warm`. */
async function throughCli(dir: string, lines: readonly string[], ends: readonly number[]): Promise<string[]> {
  const bundle = await buildCli();
  const file = join(dir, 'cli-session.jsonl');
  const cache = join(dir, 'cache');
  // As the installed command runs: bin/'s loader, with V8's code cache in a temp dir of the bench's own.
  const launcher = cachedLauncher(dir, bundle);
  const cacheHome = join(dir, 'tmp');
  mkdirSync(cacheHome);
  const stop = (args: string[]): number => {
    const input = JSON.stringify({ session_id: 'bench', transcript_path: file, cwd: dir, hook_event_name: 'Stop', stop_hook_active: false });
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [launcher, 'hook', ...args], {
      input,
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cache, TMPDIR: cacheHome },
    });
    if (r.status !== 0 || r.stderr !== '') throw new Error(`groundcheck hook: ${r.stderr}`);
    return performance.now() - t0;
  };
  const started = (env: Record<string, string> = {}): number => {
    const t0 = performance.now();
    spawnSync(process.execPath, [launcher, '--help'], { env: { ...process.env, TMPDIR: cacheHome, ...env } });
    return performance.now() - t0;
  };
  // The first start writes the cache.
  started();
  writeFileSync(file, lines.slice(0, ends[0]).join(''));
  // The first stop starts the server and reads the session in it; the stops after it are the ones measured.
  stop(['--warm']);
  const cold: number[] = [];
  const warm: number[] = [];
  const start: number[] = [];
  const uncached: number[] = [];
  let written = ends[0];
  for (const end of ends.slice(1)) {
    // The turn as the agent writes it: its lines, time for the warm process to read them ahead, then its final answer.
    appendFileSync(file, lines.slice(written, end - 1).join(''));
    await new Promise((done) => setTimeout(done, READ_AHEAD_MS + 500));
    appendFileSync(file, lines[end - 1]);
    written = end;
    warm.push(stop(['--warm']));
    cold.push(stop([]));
    start.push(started());
    uncached.push(started({ NODE_DISABLE_COMPILE_CACHE: '1' }));
  }
  // Removing the cache folder ends the server.
  rmSync(cache, { recursive: true, force: true });
  rmSync(file);
  rmSync(launcher);
  rmSync(cacheHome, { recursive: true, force: true });
  const startRatio = percentile(start, 50) / percentile(uncached, 50);
  return [
    `\`groundcheck hook\` on the 20 MB session, a process per stop (${ends.length - 1} stops, wall time):`,
    '',
    '| | p50 | p95 |',
    '| --- | --- | --- |',
    `| \`groundcheck --help\` (starting the CLI) | ${ms(percentile(start, 50))} | ${ms(percentile(start, 95))} |`,
    `| the same without the code cache (\`NODE_DISABLE_COMPILE_CACHE=1\`) | ${ms(percentile(uncached, 50))} | ${ms(percentile(uncached, 95))} |`,
    `| \`groundcheck hook\` | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 95))} |`,
    `| \`groundcheck hook --warm\` | ${ms(percentile(warm, 50))} | ${ms(percentile(warm, 95))} |`,
    '',
    `Starting with the code cache takes ${startRatio.toFixed(2)}× the time without it (p50).`,
  ];
}

export default suite;
