/**
 * How much V8's old generation grows per step of a loop, measured in a fresh
 * Node process: in a heap that earlier tests filled, or whose collection they
 * started, young collections promote differently, so the figure would be the
 * suite's, not the loop's. `module` exports `name`, a step `(i) => void`; it
 * is run `warm` times, then a full collection, then `steps` times counted.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '../..');

export function oldGenerationGrowthPerStep(module: string, name: string, warm: number, steps: number): number {
  const script = `
    const { getHeapSpaceStatistics } = require('node:v8');
    const step = require(${JSON.stringify(module)})[${JSON.stringify(name)}];
    const oldBytes = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
    for (let i = 0; i < ${warm}; i++) step(i);
    gc();
    let grown = 0;
    let last = oldBytes();
    for (let i = 0; i < ${steps}; i++) {
      step(${warm} + i);
      const now = oldBytes();
      // A full collection in between shrinks it: only growth counts.
      if (now > last) grown += now - last;
      last = now;
    }
    process.stdout.write(String(grown / ${steps}));
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '-r', 'tsx/cjs', '-e', script], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`the measuring process failed (${r.status}): ${r.stderr}`);
  return Number(r.stdout);
}
