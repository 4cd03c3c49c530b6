import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildCli, REPO, type RunResult } from './harness';
import { assertSilent, right, runStop, testRun, wrong } from './hookHarness';
import { call, numbered, result, say, session, user } from '../shared/code/claudeSession';

/**
 * `groundcheck hook` run as Claude Code runs a Stop hook: the event's JSON on
 * standard input, the session file on disk growing between stops, the
 * reply on standard output, exit 0 whatever happens.
 */

/** What Claude Code logs when a Stop hook blocks: the reason, as a user line it marks as not typed by anyone. */
const feedback = (reason: string) => ({
  type: 'user',
  isMeta: true,
  message: { role: 'user', content: `Stop hook feedback:\n[groundcheck hook --mode block]: ${reason}` },
});

let dir: string;
let cache: string;
let file: string;

function write(lines: object[]): void {
  writeFileSync(file, `${session(lines)}\n`);
}

function stop(args: string[], event: Record<string, unknown> = {}, input?: string): RunResult {
  return runStop({ dir, cache, file }, args, event, input);
}

function reply(r: RunResult): Record<string, unknown> | undefined {
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() === '' ? undefined : JSON.parse(r.stdout);
}

/** Fails open: exit 0, nothing for the agent, one line saying why on stderr. */
function assertFailsOpen(r: RunResult, why: RegExp): void {
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, why);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
}

describe('groundcheck hook (Stop and SubagentStop)', function () {
  this.timeout(60000);
  before(async () => {
    await buildCli();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-hook-'));
    cache = join(dir, 'cache');
    file = join(dir, 'session.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('blocks a turn whose test count differs from the latest run, naming the value, what the run said and where', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    const out = reply(stop(['--mode', 'block']));
    assert.equal(out?.decision, 'block');
    const reason = out?.reason as string;
    const line = reason.split('\n').find((l) => l.includes("'31 tests'"));
    assert.ok(line, reason);
    assert.match(line!, /the session says '12 tests'/);
    assert.match(line!, /Bash result of `npm test`, session line 3/);
  });

  it('with --block-on, sends the agent back only for the listed rules or verdicts and tells the user the rest', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    const other = reply(stop(['--mode', 'block', '--block-on', 'absent-names,unverified']));
    assert.equal(other?.decision, undefined);
    assert.match(other?.systemMessage as string, /'31 tests'/);
    assert.equal(reply(stop(['--mode', 'block', '--block-on', 'contradicted']))?.decision, 'block');
    write([user('Run the tests again.'), ...testRun(), say('All 32 tests pass now.')]);
    assert.equal(reply(stop(['--mode', 'block', '--block-on', 'test-counts']))?.decision, 'block');
    assertFailsOpen(stop(['--mode', 'block', '--block-on', 'contradicted,nonsense']), /'nonsense' is neither a rule/);
  });

  it("reads the project's CLAUDE.md at the session's working directory: a name it gives is no finding", () => {
    // absent-names is off in an agent's turn unless the config turns it on.
    writeFileSync(join(dir, 'groundcheck.config.json'), '{ "rules": { "absent-names": "on" } }');
    const inProject = (line: object) => ({ ...line, cwd: dir });
    write([user('How is the ledger settled?'), say('The ledger is settled by `reconcileLedger()`.')].map(inProject));
    const without = reply(stop([]));
    assert.match(without?.systemMessage as string, /reconcileLedger/);
    writeFileSync(join(dir, 'CLAUDE.md'), '# Ledger\n\nAlways settle through `reconcileLedger()` in src/ledger.ts.\n');
    assertSilent(stop([]));
  });

  it('blocks a line past the end of a file the agent read, saying how long the file is', () => {
    write([
      user('Where is the port set?'),
      call('r1', 'Read', { file_path: '/w/app/server.ts' }),
      result('r1', numbered(["import express from 'express';", 'const app = express();', 'app.listen(3000);'])),
      say('The port is set at `server.ts:42`.'),
    ]);
    const out = reply(stop(['--mode', 'block']));
    assert.equal(out?.decision, 'block');
    assert.match(out?.reason as string, /'`server\.ts:42`': nothing in the session supports it; server\.ts has 3 lines; line 42 was past its end/);
  });

  it('lets a clean turn through silently', () => {
    write([user('Run the tests.'), ...testRun(), right()]);
    assertSilent(stop(['--mode', 'block']));
  });

  it("applies the project's ignore rules and config", () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    mkdirSync(join(dir, '.groundcheck'));
    writeFileSync(join(dir, '.groundcheck', 'ignore.json'), JSON.stringify({ version: 1, occurrences: [], values: [], types: ['number'] }));
    assertSilent(stop(['--mode', 'block']));
    writeFileSync(join(dir, 'groundcheck.config.json'), '{ "ignore": false }');
    assert.equal(reply(stop(['--mode', 'block']))?.decision, 'block');
    writeFileSync(join(dir, 'groundcheck.config.json'), '{ "ignore": false, "rules": { "test-counts": "off" } }');
    assertSilent(stop(['--mode', 'block']));
  });

  it('does not take a plan or a question for a claim', () => {
    write([user('Run the tests.'), ...testRun(), say("12 pass. I'll add 31 tests for the parser next. Should I aim for 40 tests in total?")]);
    assertSilent(stop(['--mode', 'block']));
  });

  it('in report mode tells the user and never blocks, however often the finding comes back', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    for (const active of [false, true, false]) {
      const out = reply(stop([], { stop_hook_active: active }));
      assert.equal(out?.decision, undefined);
      assert.match(out?.systemMessage as string, /'31 tests': the session says '12 tests'/);
    }
  });

  it('blocks a finding once: sent back, the same answer again goes through with a note to the user', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    const first = reply(stop(['--mode', 'block']));
    assert.equal(first?.decision, 'block');
    // The agent answers the feedback with the same text: the hook is asked again, as if for the first time (stop_hook_active false).
    lines.push(feedback(first!.reason as string), say('All 31 tests pass now.'));
    write(lines);
    const again = reply(stop(['--mode', 'block']));
    assert.equal(again?.decision, undefined);
    assert.match(again?.systemMessage as string, /already sent back once for these; not blocking again/);
    assert.match(again?.systemMessage as string, /'31 tests'/);
  });

  it('does not block again in a turn already sent back when stop_hook_active is set, even on a new finding', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    const first = reply(stop(['--mode', 'block']));
    assert.equal(first?.decision, 'block');
    lines.push(feedback(first!.reason as string), say('Sorry: all 29 tests pass now.'));
    write(lines);
    const capped = reply(stop(['--mode', 'block'], { stop_hook_active: true }));
    assert.equal(capped?.decision, undefined);
    assert.match(capped?.systemMessage as string, /this turn was already sent back once; not blocking again/);
    assert.match(capped?.systemMessage as string, /'29 tests'/);
    assert.doesNotMatch(capped?.systemMessage as string, /'31 tests'/, 'the answer before the feedback was checked at the stop before');
    // --max-blocks 2 lets the second, new finding through to the agent.
    rmSync(cache, { recursive: true, force: true });
    write(lines.slice(0, 4));
    assert.equal(reply(stop(['--mode', 'block', '--max-blocks', '2']))?.decision, 'block');
    write(lines);
    const second = reply(stop(['--mode', 'block', '--max-blocks', '2'], { stop_hook_active: true }));
    assert.equal(second?.decision, 'block');
    assert.match(second?.reason as string, /'29 tests'/);
  });

  it('never blocks on stop_hook_active with no blocks left, even without its own state', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    const out = reply(stop(['--mode', 'block'], { stop_hook_active: true }));
    assert.equal(out?.decision, undefined);
    assert.match(out?.systemMessage as string, /'31 tests'/);
    const off = reply(stop(['--mode', 'block', '--max-blocks', '0']));
    assert.equal(off?.decision, undefined);
    assert.match(off?.systemMessage as string, /blocking is off: --max-blocks 0\):\n- '31 tests'/);
  });

  it('forgets what it blocked after a clean turn', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    assert.equal(reply(stop(['--mode', 'block']))?.decision, 'block');
    // A new prompt, the same wrong answer: blocked on before, so it goes through.
    lines.push(user('Run them again.'), ...testRun(), wrong());
    write(lines);
    assert.equal(reply(stop(['--mode', 'block']))?.decision, undefined);
    lines.push(user('And once more.'), right());
    write(lines);
    assertSilent(stop(['--mode', 'block']));
    assert.deepEqual(readdirSync(join(cache, 'groundcheck', 'hooks')), [], 'a clean turn leaves no state');
    lines.push(user('Last time.'), wrong());
    write(lines);
    assert.equal(reply(stop(['--mode', 'block']))?.decision, 'block');
  });

  it("checks a sub-agent's own session file on SubagentStop", () => {
    const agentFile = join(dir, 'agent-a1.jsonl');
    const sidechain = (l: object) => ({ ...l, isSidechain: true, agentId: 'a1' });
    writeFileSync(agentFile, `${session([user('Run the test suite and report.'), ...testRun(), wrong()].map(sidechain))}\n`);
    write([user('Delegate the tests.'), say('I will ask a sub-agent.')]);
    const out = reply(
      stop(['--mode', 'block'], {
        hook_event_name: 'SubagentStop',
        agent_id: 'a1',
        agent_transcript_path: agentFile,
        last_assistant_message: 'All 31 tests pass now.',
      }),
    );
    assert.equal(out?.decision, 'block');
    assert.match(out?.reason as string, /'31 tests': the session says '12 tests'/);
    // The main agent's own stop is clean and blocks are counted apart.
    assertSilent(stop(['--mode', 'block']));
  });

  it('waits for the session file to hold the last answer the event names, as the agent may still be writing it', async () => {
    const lines: object[] = [user('Run the tests.'), ...testRun()];
    write(lines);
    // The event's copy may space the answer otherwise than the log does.
    const event = {
      session_id: 'sess-1',
      transcript_path: file,
      cwd: dir,
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: 'Ran them.\n\nAll 31 tests  pass now.\n',
    };
    const bundle = await buildCli();
    const child = spawn(process.execPath, [bundle, 'hook', '--mode', 'block'], { cwd: REPO, env: { ...process.env, XDG_CACHE_HOME: cache } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number>((r) => child.on('exit', (code) => r(code ?? -1)));
    child.stdin.end(JSON.stringify(event));
    await new Promise((r) => setTimeout(r, 400));
    lines.push(wrong());
    write(lines);
    assert.equal(await exited, 0);
    assert.equal(JSON.parse(out).decision, 'block');
    assert.match(JSON.parse(out).reason, /'31 tests'/);
  });

  describe('fails open: exit 0, no block, one line on stderr', () => {
    it('on standard input that is not JSON, or not a stop event', () => {
      write([user('Run the tests.'), ...testRun(), wrong()]);
      assertFailsOpen(stop(['--mode', 'block'], {}, '{"session_id": '), /standard input is not JSON/);
      assertFailsOpen(stop(['--mode', 'block'], {}, '[1, 2]'), /not a JSON object/);
      assertFailsOpen(stop(['--mode', 'block'], { hook_event_name: 'PreToolUse' }), /handles Stop and SubagentStop/);
      assertFailsOpen(stop(['--mode', 'block'], { transcript_path: 42 }), /transcript_path is missing/);
    });

    it('on a missing session, one that is not a transcript, one cut inside its last line, or one over the size limit', () => {
      assertFailsOpen(
        stop(['--mode', 'block'], { transcript_path: join(dir, 'gone.jsonl') }),
        /cannot read the session .*gone\.jsonl: no such file; the stop goes through unchecked$/m,
      );
      writeFileSync(file, 'just some notes\n');
      assertFailsOpen(stop(['--mode', 'block']), /not a transcript/);
      const whole = `${session([user('Run the tests.'), ...testRun(), wrong(), user('Thanks.'), say('You are welcome; 31 tests.')])}`;
      writeFileSync(file, whole.slice(0, whole.length - 20));
      assertFailsOpen(stop(['--mode', 'block', '--wait-ms', '200']), /session\.jsonl:6: .* after 200 ms/);
      write([user('Run the tests.'), ...testRun(), wrong()]);
      writeFileSync(join(dir, 'groundcheck.config.json'), '{ "maxFileSizeMB": 0.0001 }');
      assertFailsOpen(stop(['--mode', 'block']), /larger than/);
    });

    it('on a bad flag or a bad project config', () => {
      write([user('Run the tests.'), ...testRun(), wrong()]);
      assertFailsOpen(stop(['--mode', 'loud']), /'loud' is invalid/);
      assertFailsOpen(stop(['--max-blocks', 'many']), /expected a whole number/);
      assertFailsOpen(stop(['--frobnicate']), /unknown option/);
      writeFileSync(join(dir, 'groundcheck.config.json'), '{ "profile": "fancy" }');
      assertFailsOpen(stop(['--mode', 'block']), /expected "refined", "spec" or a list of packs, got "fancy"/);
    });

    it('when the session file never holds the last answer the event names', () => {
      write([user('Run the tests.'), ...testRun(), wrong()]);
      const r = stop(['--mode', 'block', '--wait-ms', '300'], { last_assistant_message: 'Done: 31 tests pass.' });
      assertFailsOpen(r, /does not end with the agent's last answer \(last_assistant_message\) after 300 ms/);
    });

    it('on standard input larger than any hook event', () => {
      assertFailsOpen(stop(['--mode', 'block'], {}, ' '.repeat(2 * 1024 * 1024)), /larger than 1 MB/);
    });

    it('when its state cannot be written', () => {
      write([user('Run the tests.'), ...testRun(), wrong()]);
      writeFileSync(cache, 'a file where the cache folder should be');
      assertFailsOpen(stop(['--mode', 'block']), /ENOTDIR|EEXIST/);
    });

    it('on a state file that is not its own', () => {
      write([user('Run the tests.'), ...testRun(), wrong()]);
      assert.equal(reply(stop(['--mode', 'block']))?.decision, 'block');
      const folder = join(cache, 'groundcheck', 'hooks');
      for (const name of readdirSync(folder)) writeFileSync(join(folder, name), '{"turn": 3');
      // Unreadable state is no state: the finding is new again, and the hook still answers.
      assert.equal(reply(stop(['--mode', 'block']))?.decision, 'block');
    });
  });
});
