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
 *   new lines.
 * p50 and p95 over the last STOPS turns of each file, in this process
 * (CPU time: the machine's load does not count); and whether the kept check's findings equal the cold ones at
 * every stop. Then `groundcheck hook` itself on the 20 MB file, a process
 * per stop as the agent runs it, without and with `--warm` (the kept
 * sessions live in a process of their own between stops), next to the
 * time the CLI takes to start at all.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { defaultSettings } from '../../cli/check/checkSettings';
import { HeldSessions } from '../../cli/hook/heldSessions';
import { turnFindings, type TurnFindings } from '../../cli/hook/turnFindings';
import { buildCli } from '../../test/cli/harness';
import type { BenchSuite } from '../run';
import { collectGarbage } from '../collectGarbage';
import { noteFigure, type Shape } from '../goals';
import { generateClaudeSession } from '../generators/claudeSession';

const STOPS = 20;
/** Stops run through the CLI: a process each. */
const CLI_STOPS = 8;
/** Cold checks per file: each reads the whole file, so a few say enough. */
const COLD_RUNS = 5;

const SHAPES: { name: Shape; generate(size: number): string }[] = [
  { name: 'varied', generate: (size) => generateClaudeSession({ targetSize: size, outputs: Math.round((2_000 * size) / 20_000_000) }).raw },
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
    const rows: string[] = ['| shape | size | turns checked | outputs in a turn (median) | cold p50 | cold p95 | kept p50 | kept p95 | new lines only | kept = cold |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
    try {
      for (const shape of SHAPES) {
        for (const size of [2_000_000, 20_000_000]) {
          const raw = shape.generate(size);
          const lines = raw.split('\n').slice(0, -1).map((l) => `${l}\n`);
          const ends = turnEnds(lines).slice(-STOPS);
          const file = join(dir, `${shape.name}-${size}.jsonl`);
          writeFileSync(file, lines.slice(0, ends[0] - 1).join(''));
          const held = new HeldSessions();
          // The stop before: the session is read, indexed and kept.
          turnFindings(file, false, setup, { waitMs: 0 }, held.load);
          let written = ends[0] - 1;
          const kept: number[] = [];
          const cold: number[] = [];
          const outputs: number[] = [];
          let equal = true;
          let appended = 0;
          ends.forEach((end, k) => {
            appendFileSync(file, lines.slice(written, end).join(''));
            written = end;
            collectGarbage();
            const t0 = cpuMs();
            const fromKept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
            kept.push(cpuMs() - t0);
            if (held.lastLoad === 'appended') appended++;
            outputs.push(fromKept.outputs);
            // The cold check at the first stops only (each reads the whole file), compared at every stop.
            const t1 = cpuMs();
            const fresh: TurnFindings = turnFindings(file, false, setup);
            if (k < COLD_RUNS) cold.push(cpuMs() - t1);
            if (!isDeepStrictEqual(fromKept, fresh)) equal = false;
          });
          rows.push(
            `| ${shape.name} | ${(raw.length / 1e6).toFixed(0)} MB | ${ends.length} | ${percentile(outputs, 50)} | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 95))} | ${ms(percentile(kept, 50))} | ${ms(percentile(kept, 95))} | ${appended}/${ends.length} | ${equal ? 'yes' : 'NO'} |`,
          );
          if (size === 20_000_000) {
            noteFigure('hookTurnKept', shape.name, percentile(kept, 95));
            cli.push(...(await throughCli(dir, lines, turnEnds(lines).slice(-CLI_STOPS))));
          }
          rmSync(file);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(rows.join('\n'));
    console.log(`\n${cli.join('\n')}`);
    console.log(`\ncold: the first ${COLD_RUNS} stops of each file; kept: every stop, the session kept since the one before. "new lines only": stops that parsed only the new lines (the others read the file whole: a rewind the new lines make, say). "kept = cold": the findings were the cold check's at every stop.`);
  },
};

/** `groundcheck hook` as the agent runs it, a process per stop: wall time per stop, without and with `--warm`. */
async function throughCli(dir: string, lines: readonly string[], ends: readonly number[]): Promise<string[]> {
  const bundle = await buildCli();
  const file = join(dir, 'cli-session.jsonl');
  const cache = join(dir, 'cache');
  const stop = (args: string[]): number => {
    const input = JSON.stringify({ session_id: 'bench', transcript_path: file, cwd: dir, hook_event_name: 'Stop', stop_hook_active: false });
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bundle, 'hook', ...args], { input, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
    if (r.status !== 0 || r.stderr !== '') throw new Error(`groundcheck hook: ${r.stderr}`);
    return performance.now() - t0;
  };
  const started = (): number => {
    const t0 = performance.now();
    spawnSync(process.execPath, [bundle, '--version']);
    return performance.now() - t0;
  };
  writeFileSync(file, lines.slice(0, ends[0]).join(''));
  // The first stop starts the server and reads the session in it; the stops after it are the ones measured.
  stop(['--warm']);
  const cold: number[] = [];
  const warm: number[] = [];
  const start: number[] = [];
  let written = ends[0];
  for (const end of ends.slice(1)) {
    appendFileSync(file, lines.slice(written, end).join(''));
    written = end;
    warm.push(stop(['--warm']));
    cold.push(stop([]));
    start.push(started());
  }
  // Removing the cache folder ends the server.
  rmSync(cache, { recursive: true, force: true });
  rmSync(file);
  return [
    `\`groundcheck hook\` on the 20 MB session, a process per stop (${ends.length - 1} stops, wall time):`,
    '',
    '| | p50 | p95 |',
    '| --- | --- | --- |',
    `| \`groundcheck --version\` (starting the CLI) | ${ms(percentile(start, 50))} | ${ms(percentile(start, 95))} |`,
    `| \`groundcheck hook\` | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 95))} |`,
    `| \`groundcheck hook --warm\` | ${ms(percentile(warm, 50))} | ${ms(percentile(warm, 95))} |`,
  ];
}

export default suite;
