/**
 * A many-entry zip bomb through `groundcheck check`: an Inspect `.eval` of
 * well under 1 MB whose entries each inflate to just under 1 MB (about
 * 480 MB in all): with honest headers, with headers that understate every
 * entry, and with those cut off before the central directory, so that no
 * size is declared anywhere and only the count of inflated bytes holds it. Each archive is generated here with fflate, checked
 * by the CLI as a child process, and its wall time and peak memory (maximum
 * resident set, worker threads included) are printed against the goals: the
 * archive is refused, in at most 2 s and 400 MB.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSuite } from '../run';
import { manyEntryBomb, MANY_ENTRY_BOMB } from '../generators/evalZipBomb';
import { buildCli } from '../../test/cli/harness';

const GOAL_SECONDS = 2;
const GOAL_MB = 400;
/** A run that has not ended by then has failed the goal many times over. */
const TIMEOUT_MS = 120_000;

interface Outcome {
  code: number | null;
  seconds: number;
  peakMb: number;
  refusal?: string;
}

/** Wall time and peak memory of `groundcheck check FILE`, from /usr/bin/time. */
function checkOnce(cli: string, file: string): Outcome {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, 'check', file], { encoding: 'utf8', timeout: TIMEOUT_MS });
  const lines = run.stderr.trim().split('\n');
  const [seconds, kb] = (lines.pop() ?? '').split(' ').map(Number);
  const refusal = /Zip archive refused: (.*)$/m.exec(run.stderr)?.[1];
  return { code: run.status, seconds, peakMb: kb / 1024, ...(refusal ? { refusal } : {}) };
}

/** The archive up to its central directory, as a log cut off while being written ends: no sizes are declared anywhere. */
function withoutDirectory(zip: Uint8Array): Uint8Array {
  return zip.subarray(0, Buffer.from(zip.buffer, zip.byteOffset, zip.length).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
}

const suite: BenchSuite = {
  title: 'A many-entry zip bomb through groundcheck check',
  async run() {
    const cli = await buildCli();
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-bench-zip-'));
    try {
      const cases = [
        { name: 'honest headers', bytes: manyEntryBomb() },
        { name: 'headers declaring 100 bytes per entry', bytes: manyEntryBomb({ ...MANY_ENTRY_BOMB, declaredBytes: 100 }) },
        { name: 'the same, cut off before its directory', bytes: withoutDirectory(manyEntryBomb({ ...MANY_ENTRY_BOMB, declaredBytes: 100 })) },
      ];
      const inflated = (MANY_ENTRY_BOMB.entries * MANY_ENTRY_BOMB.entryBytes) / 1024 / 1024;
      console.log(
        `${MANY_ENTRY_BOMB.entries} entries of ${(MANY_ENTRY_BOMB.entryBytes / 1024).toFixed(0)} KB each, ${inflated.toFixed(0)} MB inflated in all\n`,
      );
      console.log('| archive | size | exit | refused | wall time | peak memory | goals (refused, ≤ 2 s, ≤ 400 MB) |');
      console.log('| --- | --- | --- | --- | --- | --- | --- |');
      for (const c of cases) {
        const file = join(dir, 'bomb.eval');
        writeFileSync(file, c.bytes);
        const o = checkOnce(cli, file);
        const gaps = [
          ...(o.refusal ? [] : ['not refused']),
          ...(o.seconds <= GOAL_SECONDS ? [] : [`${(o.seconds / GOAL_SECONDS).toFixed(1)}× the time`]),
          ...(o.peakMb <= GOAL_MB ? [] : [`${(o.peakMb / GOAL_MB).toFixed(1)}× the memory`]),
        ];
        console.log(
          `| ${c.name} | ${(c.bytes.length / 1024).toFixed(0)} KB | ${o.code} | ${o.refusal ?? 'no'} | ${o.seconds.toFixed(2)} s | ${o.peakMb.toFixed(0)} MB | ${gaps.length === 0 ? 'met' : `gap: ${gaps.join(', ')}`} |`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
