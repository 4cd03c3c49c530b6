/**
 * What the hook's end-to-end tests share: a session whose test run passed 12
 * and an answer that says 31 or 12, and a stop run as the agent runs the
 * hook (the event's JSON on standard input, in the project's folder, with a
 * cache folder of its own).
 */
import { strict as assert } from 'node:assert';
import { runCli, type RunResult } from './harness';
import { call, result, say } from '../shared/code/claudeSession';

// Fresh lines each time: lines of one API response share a message id, and the reader takes a repeated one as the same response.
let calls = 0;
export const testRun = () => {
  const id = `t${calls++}`;
  return [call(id, 'Bash', { command: 'npm test' }), result(id, '  12 passing (40ms)\n')];
};
export const wrong = () => say('All 31 tests pass now.');
export const right = () => say('All 12 tests pass now.');

export interface HookScene {
  dir: string;
  cache: string;
  file: string;
}

/** `groundcheck hook ARGS` for a Stop of session `sess-1`, or with `input` as the raw standard input. */
export function runStop(scene: HookScene, args: string[], event: Record<string, unknown> = {}, input?: string): RunResult {
  const body =
    input ?? JSON.stringify({ session_id: 'sess-1', transcript_path: scene.file, cwd: scene.dir, hook_event_name: 'Stop', stop_hook_active: false, ...event });
  return runCli(['hook', ...args], { input: body, cwd: scene.dir, env: { XDG_CACHE_HOME: scene.cache }, timeout: 30000 });
}

/** Lets the stop through with nothing to say: not by failing open. */
export function assertSilent(r: RunResult): void {
  assert.deepEqual({ code: r.code, stdout: r.stdout, stderr: r.stderr }, { code: 0, stdout: '', stderr: '' });
}
