import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';
import { call, EVERY_RULE_FLAGGING, result, say, session, user } from '../code/claudeSession';

function verdicts(raw: string): Record<string, string> {
  const t = claudeCodeFormat.parse({ raw });
  // What grounds what is the question here, so every rule flags what is left (the defaults are tested in rules.test.ts).
  const check = checkTranscript(t, { profile: 'refined', rules: EVERY_RULE_FLAGGING });
  const out: Record<string, string> = {};
  for (const o of check.outputs) for (const e of o.result.entities) out[e.text] = e.status;
  return out;
}

describe('what the agent did grounds what it says about it', () => {
  it('a successful edit grounds the values it wrote; a failed one does not', () => {
    const raw = session([
      user('Raise the timeout.'),
      call('t1', 'Edit', { file_path: '/w/src/config.ts', old_string: 'timeout: 3000', new_string: 'timeout: 4500' }),
      result('t1', 'The file /w/src/config.ts has been updated.'),
      call('t2', 'Edit', { file_path: '/w/src/retry.ts', old_string: 'retries: 2', new_string: 'retries: 9' }),
      result('t2', 'String to replace not found in file.', true),
      say('The timeout is now 4500, and retries are 9.'),
    ]);
    const v = verdicts(raw);
    assert.equal(v['4500'], 'grounded');
    assert.equal(v['9'], 'unverified');
  });

  it('the command it ran grounds, its description and its to-do list do not', () => {
    const raw = session([
      user('Run the tests.'),
      call('t1', 'Bash', { command: 'npm test -- --grep checkout', description: 'Runs 48 checkout tests' }),
      result('t1', 'passing'),
      call('t2', 'TodoWrite', { todos: [{ content: 'Fix 12 flaky tests', status: 'pending' }] }),
      result('t2', 'Todos have been modified successfully.'),
      say('I ran `npm test -- --grep checkout`: 48 tests, and 12 are flaky.'),
    ]);
    const v = verdicts(raw);
    assert.equal(v['48 tests'], 'unverified');
    assert.equal(v['12'], 'unverified');
    assert.equal(v['`npm test -- --grep checkout`'], 'grounded');
  });

  it('a call with no result yet grounds nothing', () => {
    const raw = session([user('Write it.'), call('t1', 'Write', { file_path: '/w/a.txt', content: 'limit 77' }), say('The limit is 77.')]);
    assert.equal(verdicts(raw)['77'], 'unverified');
  });
});
