import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, runCli, type RunResult } from './harness';
import { assertSilent, right, runStop, testRun, wrong } from './hookHarness';
import { say, session, user } from '../shared/code/claudeSession';

/**
 * `groundcheck hook --shadow` driven as the agent drives the hook (the stop
 * event's JSON on standard input, the session on disk), and `groundcheck
 * hook summary` over the log it writes.
 */

let dir: string;
let cache: string;
let file: string;

function write(lines: object[], path = file): void {
  writeFileSync(path, `${session(lines)}\n`);
}

function stop(args: string[], event: Record<string, unknown> = {}): RunResult {
  return runStop({ dir, cache, file }, args, event);
}

function defaultLog(): string {
  return join(cache, 'groundcheck', 'hook-shadow.jsonl');
}

function entries(path = defaultLog()): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

describe('groundcheck hook --shadow and hook summary', function () {
  this.timeout(60000);
  before(async () => {
    await buildCli();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-shadow-'));
    cache = join(dir, 'cache');
    file = join(dir, 'session.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('never answers the agent, and logs what it would have blocked: when, which session, turn and finding, and the evidence', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    assertSilent(stop(['--mode', 'block', '--shadow']));
    const [entry] = entries();
    assert.match(entry.time as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(
      { ...entry, time: undefined, turn: typeof entry.turn },
      {
        time: undefined,
        session: 'sess-1',
        event: 'Stop',
        transcript: file,
        turn: 'string',
        turnLine: 1,
        mode: 'block',
        action: 'block',
        findings: [
          {
            value: '31 tests',
            verdict: 'contradicted',
            rule: 'test-counts',
            says: '12 tests',
            evidence: 'Bash result of `npm test`, session line 3',
            detail: 'the latest test run (`npm test`) reported 12 passed',
          },
        ],
      },
    );
  });

  it('logs each stop as the hook would have answered it: clean, report, a repeat the guard lets through; its guard state is apart from a real hook', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    assertSilent(stop(['--mode', 'block', '--shadow']));
    // The same finding at the next stop of the turn: blocked once already, so it would go to the user.
    assertSilent(stop(['--mode', 'block', '--shadow']));
    lines.push(user('Run them again.'), ...testRun(), right());
    write(lines);
    assertSilent(stop(['--mode', 'block', '--shadow']));
    lines.push(user('And once more.'), wrong());
    write(lines);
    assertSilent(stop(['--shadow']));
    assert.deepEqual(
      entries().map((e) => [e.action, e.turnLine, (e.findings as object[]).length]),
      [
        ['block', 1, 1],
        ['repeated', 1, 1],
        ['clean', 5, 0],
        ['report', 9, 1],
      ],
    );
    // The shadow's blocks are not a real hook's: block mode on the same session still blocks the finding.
    assert.equal(JSON.parse(stop(['--mode', 'block']).stdout).decision, 'block');
  });

  it("logs a sub-agent's stop with its agent id", () => {
    const agentFile = join(dir, 'agent-a1.jsonl');
    write(
      [user('Run the test suite and report.'), ...testRun(), wrong()].map((l) => ({ ...l, isSidechain: true, agentId: 'a1' })),
      agentFile,
    );
    write([user('Delegate the tests.'), say('I will ask a sub-agent.')]);
    assertSilent(stop(['--mode', 'block', '--shadow'], { hook_event_name: 'SubagentStop', agent_id: 'a1', agent_transcript_path: agentFile }));
    const [entry] = entries();
    assert.equal(entry.agent, 'a1');
    assert.equal(entry.event, 'SubagentStop');
    assert.equal(entry.transcript, agentFile);
    assert.equal(entry.action, 'block');
  });

  it('logs a stop it could not check, still failing open with one line on stderr', () => {
    const r = stop(['--mode', 'block', '--shadow'], { transcript_path: join(dir, 'gone.jsonl') });
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^groundcheck hook: cannot read the session .*gone\.jsonl: no such file; the stop goes through unchecked\n$/);
    const [entry] = entries();
    assert.equal(entry.action, 'unchecked');
    assert.match(entry.error as string, /no such file/);
  });

  it('fails open when the log cannot be written: exit 0, nothing for the agent, one line on stderr', () => {
    write([user('Run the tests.'), ...testRun(), wrong()]);
    writeFileSync(join(dir, 'not-a-folder'), '');
    const r = stop(['--mode', 'block', '--shadow', '--shadow-log', join(dir, 'not-a-folder', 'log.jsonl')]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^groundcheck hook: cannot write the shadow log .*not-a-folder\/log\.jsonl: .*(ENOTDIR|EEXIST).*; the stop goes through\n$/);
  });

  it('keeps the log under its cap by renaming it to .1, and the summary reads both', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    assertSilent(stop(['--shadow']));
    // Room for three and a half entries like this one.
    const cap = (statSync(defaultLog()).size * 3.5) / (1024 * 1024);
    rmSync(defaultLog());
    for (let i = 0; i < 5; i++) {
      lines.push(user(`Again, ${i}.`), wrong());
      write(lines);
      assertSilent(stop(['--shadow', '--shadow-max-mb', String(cap)]));
    }
    const capBytes = cap * 1024 * 1024;
    assert.ok(existsSync(`${defaultLog()}.1`));
    assert.ok(statSync(defaultLog()).size <= capBytes);
    assert.ok(statSync(`${defaultLog()}.1`).size <= capBytes);
    const logged = entries(`${defaultLog()}.1`).length + entries().length;
    assert.equal(logged, 5, 'one rotation: nothing dropped yet');
    const summary = JSON.parse(runCli(['hook', 'summary', '--json'], { env: { XDG_CACHE_HOME: cache } }).stdout);
    assert.equal(summary.total.stops, 5);
    assert.equal(summary.total.wouldReport, 5);
  });

  it('summary: per session stops, would block, would report and top rules, as a table or JSON; a bad line is named and passed over', () => {
    const lines: object[] = [user('Run the tests.'), ...testRun(), wrong()];
    write(lines);
    stop(['--mode', 'block', '--shadow']);
    stop(['--mode', 'block', '--shadow']);
    lines.push(user('Again.'), ...testRun(), right());
    write(lines);
    stop(['--mode', 'block', '--shadow']);
    stop(['--mode', 'block', '--shadow'], { session_id: 'sess-2' });
    const log = defaultLog();
    writeFileSync(log, `${readFileSync(log, 'utf8')}{"session": "sess-3", "action": "exploded"}\n{"session": "sess-3", "act`);
    const json = runCli(['hook', 'summary', '--json', log]);
    assert.equal(json.code, 0);
    const summary = JSON.parse(json.stdout);
    assert.deepEqual(
      summary.sessions.map((s: Record<string, unknown>) => [s.session, s.stops, s.wouldBlock, s.wouldReport, s.unchecked, s.rules]),
      [
        ['sess-1', 3, 1, 1, 0, [{ rule: 'test-counts', findings: 2 }]],
        ['sess-2', 1, 0, 0, 0, []],
      ],
    );
    assert.deepEqual(summary.total, { stops: 4, wouldBlock: 1, wouldReport: 1, unchecked: 0, rules: [{ rule: 'test-counts', findings: 2 }] });
    assert.equal(
      json.stderr,
      `groundcheck: ${log}:5: not a shadow log entry: "action" is not one of clean, block, report, repeated, capped, unchecked\ngroundcheck: ${log}:6: not a shadow log entry: not JSON (a line cut short?)\n`,
    );
    const text = runCli(['hook', 'summary', log]);
    assert.equal(
      text.stdout,
      [
        'session         agent  stops  would block  would report  unchecked  top rules',
        'sess-1                     3            1             1          0  test-counts 2',
        'sess-2                     1            0             0          0',
        'all 2 sessions             4            1             1          0  test-counts 2',
        '',
      ].join('\n'),
    );
  });

  it('summary without a log says where it looked and exits 2', () => {
    const r = runCli(['hook', 'summary'], { env: { XDG_CACHE_HOME: cache } });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, `groundcheck: no shadow log at ${defaultLog()}; \`groundcheck hook --shadow\` writes one\n`);
  });
});
