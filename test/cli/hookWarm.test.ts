import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '../../cli/check/checkSettings';
import { turnFindings } from '../../cli/hook/turnFindings';
import { askWarm } from '../../cli/hook/warmClient';
import { READ_AHEAD_MS, serveWarm, type WarmRequest } from '../../cli/hook/warmServer';
import { buildCli, runCli, type RunResult } from './harness';
import { call, longReadOpening, result, say, sessionLines, user } from '../shared/code/claudeSession';

/**
 * `groundcheck hook --warm`: a process keeps the session indexed between
 * stops and answers each stop from the lines added since the last; its
 * answers are the ones the hook gives on its own.
 */

let n = 0;
function turn(prompt: string, passing: number, claimed: number): object[] {
  const id = `w${n++}`;
  return [user(prompt), call(id, 'Bash', { command: 'npm test' }), result(id, `  ${passing} passing (40ms)\n`), say(`All ${claimed} tests pass now.`)];
}
const lines = sessionLines;
const all = lines([...longReadOpening(), ...turn('Run the tests.', 12, 31), ...turn('Again.', 12, 12), ...turn('More.', 9, 19)]);

function waitFor(what: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  return new Promise((done) => {
    const tick = () => (what() ? done(true) : Date.now() > until ? done(false) : setTimeout(tick, 50));
    tick();
  });
}

/** Processes whose command line names `text` (Linux: /proc). */
function processesNaming(text: string): number[] {
  if (process.platform !== 'linux') return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

describe('groundcheck hook --warm', function () {
  this.timeout(60000);
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-warm-'));
    file = join(dir, 'session.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers each stop from the new lines alone, as a check of the whole file answers, and ends when its socket is gone', async () => {
    const socket = join(dir, 'warm.sock');
    const served = serveWarm(socket, 60000);
    assert.ok(await waitFor(() => existsSync(socket), 5000));
    const setup = { settings: defaultSettings() };
    const request: WarmRequest = { sessionPath: file, path: file, subAgent: false, setup };
    const reads: string[] = [];
    for (const end of [8, 12, 16]) {
      writeFileSync(file, all.slice(0, end).join(''));
      const reply = await askWarm(socket, request);
      assert.ok(typeof reply === 'object' && 'findings' in reply, JSON.stringify(reply));
      assert.deepEqual(reply.findings, turnFindings(file, false, setup));
      reads.push(reply.read ?? '');
    }
    assert.deepEqual(reads, ['fresh', 'appended', 'appended']);
    // Rewritten in place: read whole again.
    writeFileSync(file, all.slice(0, 16).join('').replace('  9 passing', '  8 passing'));
    const rewritten = await askWarm(socket, request);
    assert.ok(typeof rewritten === 'object' && 'findings' in rewritten);
    assert.equal(rewritten.read, 'fresh');
    assert.deepEqual(rewritten.findings, turnFindings(file, false, setup));
    unlinkSync(socket);
    await served;
  });

  it('reads the lines the agent writes between stops before the next stop asks', async () => {
    const socket = join(dir, 'warm.sock');
    const served = serveWarm(socket, 60000);
    assert.ok(await waitFor(() => existsSync(socket), 5000));
    const setup = { settings: defaultSettings() };
    const request: WarmRequest = { sessionPath: file, path: file, subAgent: false, setup };
    writeFileSync(file, all.slice(0, 8).join(''));
    const first = await askWarm(socket, request);
    assert.ok(typeof first === 'object' && 'findings' in first);
    writeFileSync(file, all.join(''));
    // Time for a read ahead or two: the stop then finds every line read and the turn checked.
    await new Promise((done) => setTimeout(done, READ_AHEAD_MS * 2.5));
    const reply = await askWarm(socket, request);
    assert.ok(typeof reply === 'object' && 'findings' in reply, JSON.stringify(reply));
    assert.equal(reply.read, 'same');
    assert.deepEqual(reply.findings, turnFindings(file, false, setup));
    assert.equal(reply.findings.findings.length, 1);
    unlinkSync(socket);
    await served;
  });

  it('says why a request is not one, and which session it cannot check', async () => {
    const socket = join(dir, 'warm.sock');
    const served = serveWarm(socket, 60000);
    assert.ok(await waitFor(() => existsSync(socket), 5000));
    const missing = await askWarm(socket, { sessionPath: file, path: file, subAgent: false, setup: { settings: defaultSettings() } });
    assert.deepEqual(missing, { uncheckable: `cannot read the session ${file}: no such file` });
    const bad = await askWarm(socket, { sessionPath: file, path: 'relative.jsonl', subAgent: false, setup: { settings: defaultSettings() } });
    assert.ok(typeof bad === 'object' && 'error' in bad && /absolute path/.test(bad.error));
    unlinkSync(socket);
    await served;
  });

  describe('run as the agent runs it', () => {
    before(async () => {
      await buildCli();
    });

    const stop = (args: string[], cache: string): RunResult =>
      runCli(['hook', ...args], {
        input: JSON.stringify({ session_id: 'warm-1', transcript_path: file, cwd: dir, hook_event_name: 'Stop', stop_hook_active: false }),
        cwd: dir,
        env: { XDG_CACHE_HOME: cache },
        timeout: 30000,
      });

    it('replies at every stop as the hook does without it, and the process it starts ends when its folder is gone', async () => {
      const cache = join(dir, 'cache');
      const warmDir = join(cache, 'groundcheck', 'warm');
      writeFileSync(file, all.slice(0, 8).join(''));
      const first = stop(['--warm'], cache);
      assert.deepEqual(first, stop([], join(dir, 'other-cache')));
      assert.match(first.stdout, /'31 tests': the session says '12 tests'/);
      assert.ok(await waitFor(() => existsSync(warmDir) && readdirSync(warmDir).some((f) => f.endsWith('.sock')), 10000), 'no server started');
      const socket = join(warmDir, readdirSync(warmDir).find((f) => f.endsWith('.sock'))!);
      for (const end of [12, 16]) {
        appendFileSync(file, all.slice(end - 4, end).join(''));
        assert.deepEqual(stop(['--warm'], cache), stop([], join(dir, 'other-cache')));
      }
      assert.ok(processesNaming(socket).length <= 1);
      rmSync(cache, { recursive: true, force: true });
      assert.ok(await waitFor(() => processesNaming(socket).length === 0, 10000), 'the server outlived its socket');
    });
  });
});
