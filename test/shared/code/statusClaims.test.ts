import type { CheckOptions } from '../../../shared/check/checkTranscript';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import type { Entity } from '../../../shared/classifier/types';
import { codexRolloutFormat } from '../../../shared/transcript/formats/codexRollout';
import { defaultSettings } from '../../../cli/check/checkSettings';
import { turnFindings } from '../../../cli/hook/turnFindings';
import { call, lastOutput as lastOutputByDefault, result, say, session, user } from './claudeSession';

// The rule does not flag in an agent's turn unless turned on; these tests are about what it says when it is.
const RULE_ON = { 'status-claims': 'on' } as const;
const lastOutput = (raw: string, options: CheckOptions = {}) => lastOutputByDefault(raw, { ...options, rules: { ...RULE_ON, ...options.rules } });

/**
 * Status claims of a coding agent ("All tests pass.", "The build succeeds.",
 * "Lint is clean.", "Created `x.ts`.") judged by the latest run after the
 * last edit, in sessions shaped as Claude Code and Codex write them.
 */

let n = 0;
const bash = (command: string, output: string, isError = false) => {
  const id = `s${n++}`;
  return [call(id, 'Bash', { command }), result(id, output, isError)];
};
const edit = (path: string) => {
  const id = `s${n++}`;
  return [call(id, 'Edit', { file_path: path, old_string: 'return null;', new_string: 'return parse(s);' }), result(id, `The file ${path} has been updated.`)];
};
const write = (path: string) => {
  const id = `s${n++}`;
  return [call(id, 'Write', { file_path: path, content: 'export const defaults = {};\n' }), result(id, `File created successfully at: ${path}`)];
};

function status(lines: object[]): Map<string, Entity> {
  const all = lastOutput(session(lines));
  return new Map([...all].filter(([, e]) => e.type === 'status'));
}

describe('status claims in a Claude Code session', () => {
  it('contradicts a pass claim with the failure the latest run after the last edit printed, or its non-zero exit', () => {
    const pytest = status([
      user('Fix it.'),
      ...edit('app/parse.py'),
      ...bash('pytest -q', '..F.\nFAILED tests/test_parse.py::test_iso - AssertionError\n1 failed, 3 passed in 0.12s\n', true),
      say('All tests pass now.'),
    ]);
    const e = pytest.get('All tests pass');
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.contradiction?.value, '1 failed');
    assert.match(e?.detail ?? '', /latest test run \(`pytest -q`\) printed '1 failed'/);
    const exit = status([
      user('Fix it.'),
      ...edit('src/a.ts'),
      ...bash('npm test', 'npm ERR! Test failed.  See above for more details.', true),
      say('The tests pass.'),
    ]);
    assert.equal(exit.get('The tests pass')?.status, 'contradicted');
    const tsc = status([
      user('Fix the types.'),
      ...edit('src/a.ts'),
      ...bash('npx tsc --noEmit', "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n", true),
      say('The build succeeds.'),
    ]);
    assert.equal(tsc.get('The build succeeds')?.contradiction?.value, 'error TS2322');
    const eslint = status([
      user('Lint it.'),
      ...edit('src/a.ts'),
      ...bash('npx eslint src', '/w/src/a.ts\n  3:7  error  no-unused-vars\n\n✖ 3 problems (3 errors, 0 warnings)\n', true),
      say('Lint is clean.'),
    ]);
    assert.equal(eslint.get('Lint is clean')?.status, 'contradicted');
  });

  it('grounds a pass claim on a passing run after the last edit, and leaves it unverified with no run since', () => {
    assert.equal(
      status([user('Fix it.'), ...edit('src/a.ts'), ...bash('npm test', '  12 passing (40ms)\n'), say('All tests pass.')]).get('All tests pass')?.status,
      'grounded',
    );
    const stale = status([user('Fix it.'), ...bash('npm test', '  12 passing (40ms)\n'), ...edit('src/a.ts'), say('All tests pass.')]).get('All tests pass');
    assert.equal(stale?.status, 'unverified');
    assert.match(stale?.detail ?? '', /no test run since the last edit \(Edit of src\/a\.ts\); the latest `npm test` ran before it/);
    const never = status([user('Fix it.'), ...edit('src/a.ts'), say('All tests pass.')]).get('All tests pass');
    assert.equal(never?.status, 'unverified');
    assert.match(never?.detail ?? '', /no test run since the last edit/);
    // A build run says nothing about the tests.
    assert.equal(
      status([user('Fix it.'), ...edit('src/a.ts'), ...bash('npm run build', 'built in 2.1s\n'), say('All tests pass.')]).get('All tests pass')?.status,
      'unverified',
    );
  });

  it('takes a command whose output counted tests for a test run, and a plan written with TodoWrite for no edit', () => {
    const todo = () => {
      const id = `s${n++}`;
      return [call(id, 'TodoWrite', { todos: [{ content: 'Run the tests', status: 'completed' }] }), result(id, 'Todos have been modified successfully.')];
    };
    assert.equal(
      status([
        user('Fix it.'),
        ...edit('lib/a.ex'),
        ...bash('./scripts/check.sh', 'Finished in 0.4 seconds\n15 passed in 0.41s\n'),
        say('All 15 tests pass.'),
      ]).get('All 15 tests pass')?.status,
      'grounded',
    );
    assert.equal(
      status([
        user('Fix it.'),
        ...edit('lib/a.ex'),
        ...bash('mix test', 'Finished in 0.4 seconds\n15 tests, 2 failures\n', true),
        say('All 15 tests pass.'),
      ]).get('All 15 tests pass')?.status,
      'contradicted',
    );
    assert.equal(
      status([user('Fix it.'), ...edit('src/a.rs'), ...bash('cargo test', 'test result: ok. 12 passed; 0 failed\n'), ...todo(), say('All tests pass.')]).get(
        'All tests pass',
      )?.status,
      'grounded',
    );
  });

  it('takes a script whose output reports tests passed for a test run, but not advice a file shows', () => {
    const script = 'python -c "from app import check; check.run_all()"';
    const ran = status([
      user('Fix it.'),
      ...edit('pyproject.toml'),
      ...bash(script, 'GET /status OK\nPOST /orders OK\n\nAll integration tests passed!\n'),
      say('All 7 integration tests pass.'),
    ]);
    assert.equal(ran.get('All 7 integration tests pass')?.status, 'grounded');
    const advice = status([
      user('Fix it.'),
      ...edit('app/orders.py'),
      ...bash('cat CONTRIBUTING.md', 'Before you push, make sure the tests pass.\n'),
      say('All tests pass.'),
    ]);
    assert.equal(advice.get('All tests pass')?.status, 'unverified');
  });

  it('lets a passing run stand after an edit to a document or the agent memory, but not after one to a build file', () => {
    const afterNotes = status([
      user('Fix it.'),
      ...edit('app/orders.py'),
      ...bash('pytest -q', '14 passed in 0.30s\n'),
      ...edit('/home/dev/.claude/projects/-work-shop/memory/MEMORY.md'),
      ...edit('docs/orders.rst'),
      say('All 14 tests pass.'),
    ]);
    assert.equal(afterNotes.get('All 14 tests pass')?.status, 'grounded');
    const afterBuild = status([user('Fix it.'), ...bash('pytest -q', '14 passed in 0.30s\n'), ...edit('pyproject.toml'), say('All 14 tests pass.')]);
    const e = afterBuild.get('All 14 tests pass');
    assert.equal(e?.status, 'unverified');
    assert.match(e?.detail ?? '', /since the last edit \(Edit of pyproject\.toml\)/);
  });

  it('checks only plain claims: not a question, a plan, a condition, an instruction or a qualified claim', () => {
    const failing = [user('Fix it.'), ...edit('src/a.ts'), ...bash('npm test', '  3 passing\n  2 failing\n', true)];
    for (const text of [
      'Do all tests pass?',
      "I'll make sure all tests pass.",
      'Once the tests pass, we can merge.',
      'Run `npm test` to check that all tests pass.',
      'All tests pass except the two flaky e2e ones.',
      'All tests pass locally but not in CI.',
      'The tests should pass after the fix.',
    ]) {
      assert.deepEqual([...status([...failing, say(text)]).keys()], [], text);
    }
    assert.deepEqual([...status([...failing, say('Done: all tests pass and the parser handles ISO dates.')]).keys()], ['Done: all tests pass']);
    assert.deepEqual([...status([...failing, say('- ✅ All 5 unit tests pass')]).keys()], ['All 5 unit tests pass']);
  });

  it('grounds a created file on the call that wrote it, leaves one a command names alone, and marks one nothing names', () => {
    assert.equal(
      status([user('Add config.'), ...write('/w/src/config.ts'), say('Created `src/config.ts` with the defaults.')]).get('Created `src/config.ts`')?.status,
      'grounded',
    );
    assert.deepEqual([...status([user('Add config.'), ...bash('touch src/config.ts', ''), say('Created `src/config.ts`.')]).keys()], []);
    const made = status([user('Add config.'), ...bash('ls src', 'index.ts\n'), say('Created `src/config.ts` with the defaults.')]).get(
      'Created `src/config.ts`',
    );
    assert.equal(made?.status, 'unverified');
    assert.match(made?.detail ?? '', /no tool call before this answer names src\/config\.ts/);
  });

  it('is off with the rule off, and makes no claim of a session without tool calls', () => {
    const raw = session([user('Fix it.'), ...edit('src/a.ts'), ...bash('npm test', '  1 failing\n', true), say('All tests pass.')]);
    assert.equal([...lastOutput(raw, { rules: { 'status-claims': 'off' } }).values()].filter((e) => e.type === 'status').length, 0);
    assert.equal(status([user('Do the tests pass?'), say('All tests pass.')]).size, 0);
  });
});

describe('status claims in a Codex rollout', () => {
  const line = (type: string, payload: object) => JSON.stringify({ timestamp: '2025-09-18T08:30:01.000Z', type, payload });
  const rollout = (exitCode: number, output: string, answer: string) =>
    [
      line('session_meta', {
        id: '0199a1b2-7c3d-7e4f-9a0b-1c2d3e4f5a6b',
        timestamp: '2025-09-18T08:30:00.000Z',
        cwd: '/w/shop',
        originator: 'codex_cli_rs',
        cli_version: '0.40.0',
      }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the pool size and run the tests.' }] }),
      line('response_item', {
        type: 'custom_tool_call',
        status: 'completed',
        call_id: 'call_P1',
        name: 'apply_patch',
        input: '*** Begin Patch\n*** Update File: src/pool.ts\n-export const POOL = 12;\n+export const POOL = 20;\n*** End Patch\n',
      }),
      line('response_item', { type: 'custom_tool_call_output', call_id: 'call_P1', output: 'Success. Updated the following files:\nM src/pool.ts\n' }),
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({ command: ['bash', '-lc', 'npm test'], workdir: '/w/shop' }),
        call_id: 'call_T1',
      }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'call_T1',
        output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: 1.2 } }),
      }),
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] }),
    ].join('\n');

  function statusOf(raw: string): Map<string, Entity> {
    const t = codexRolloutFormat.parse({ raw });
    const check = checkTranscript(t, { profile: 'refined', rules: RULE_ON });
    const last = check.outputs[check.outputs.length - 1];
    return new Map(last.result.entities.filter((e) => e.type === 'status').map((e) => [e.text, e]));
  }

  it('contradicts "all tests pass" with a run that exited 1 after the patch, and grounds it on one that exited 0', () => {
    const failed = statusOf(
      rollout(
        1,
        'FAIL src/pool.test.ts\n  ✕ keeps 20 connections (4 ms)\nTests:       1 failed, 7 passed, 8 total\n',
        'All tests pass with the new pool size.',
      ),
    );
    assert.equal(failed.get('All tests pass')?.status, 'contradicted');
    const passed = statusOf(rollout(0, 'PASS src/pool.test.ts\nTests:       8 passed, 8 total\n', 'All tests pass with the new pool size.'));
    assert.equal(passed.get('All tests pass')?.status, 'grounded');
  });

  describe('through the stop hook', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'groundcheck-status-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('reports the contradicted claim with what the run printed and where', () => {
      const file = join(dir, 'rollout-2025-09-18T08-30-00-0199a1b2.jsonl');
      writeFileSync(file, `${rollout(1, 'FAIL src/pool.test.ts\nTests:       1 failed, 7 passed, 8 total\n', 'All tests pass with the new pool size.')}\n`);
      const settings = defaultSettings();
      assert.equal(turnFindings(file, false, { settings }).findings.length, 0, "off in an agent's turn unless turned on");
      settings.rules['status-claims'] = 'on';
      const turn = turnFindings(file, false, { settings });
      const finding = turn.findings.find((f) => f.type === 'status');
      assert.ok(finding, JSON.stringify(turn));
      assert.equal(finding.value, 'All tests pass');
      assert.equal(finding.status, 'contradicted');
      assert.equal(finding.says, '1 failed');
      assert.match(finding.evidence ?? '', /shell result of `bash -lc npm test`, session line 6/);
    });
  });
});
