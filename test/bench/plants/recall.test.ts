import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { generatePlants } from '../../../bench/plants/generate';
import { originalGrounded, plantOutcome, verifyPlant } from '../../../bench/plants/recall';
import { call, numbered, result, say, session, user } from '../../shared/code/claudeSession';
import { parse } from './plantHarness';

const RAW = session([
  user('Where does the retry limit come from, and do the tests pass?'),
  call('t1', 'Read', { file_path: '/repo/src/retry.py' }),
  result('t1', numbered(['RETRY_LIMIT = 5', '', 'def retry_call(fn):', '    for _ in range(RETRY_LIMIT):', '        fn()'])),
  call('t2', 'Bash', { command: 'pytest -q' }),
  result('t2', '7 passed in 0.2s'),
  say('`retry_call()` at `src/retry.py:3` loops RETRY_LIMIT times; all 7 tests pass.'),
]);

describe('plant recall', () => {
  const check = checkTranscript(parse(RAW), { profile: 'refined' });
  const { plants } = generatePlants(RAW, check.transcript, { seed: 'recall', file: 'retry', perKind: 10 });

  it('re-checks the planted answer alone as a check of the planted file does, caught or not', () => {
    assert.deepEqual(
      plants.map((p) => p.kind),
      ['renamed-identifier', 'wrong-line', 'changed-count', 'untouched-path'],
    );
    for (const p of plants)
      assert.equal(verifyPlant(RAW, '/repo/session.jsonl', check, p), plantOutcome(check, p) === 'caught', `${p.kind} ${p.find} → ${p.replace}`);
  });

  it('says what each plant was judged: a file named like the one read is caught, a name nothing spelt only with its rule on', () => {
    assert.deepEqual(Object.fromEntries(plants.map((p) => [p.kind, plantOutcome(check, p)])), {
      // absent-names is off in an agent's turn by default.
      'renamed-identifier': 'indeterminate',
      'wrong-line': 'caught',
      'changed-count': 'caught',
      // A sibling of the file the session read (misnamed-files).
      'untouched-path': 'caught',
    });
    const namesOn = checkTranscript(parse(RAW), { profile: 'refined', rules: { 'absent-names': 'on' } });
    const renamed = plants.find((p) => p.kind === 'renamed-identifier')!;
    // Caught although the log leaves out the system prompt.
    assert.equal(plantOutcome(namesOn, renamed), 'caught');
  });

  it('tells a plant that replaced a value the context grounded from one that replaced a value nothing gave', () => {
    const mixed = session([
      user('Do the tests pass?'),
      call('t1', 'Bash', { command: 'pytest -q' }),
      result('t1', '7 passed in 0.2s'),
      say('All 7 tests pass, and I made 3 other changes.'),
    ]);
    const checked = checkTranscript(parse(mixed), { profile: 'refined' });
    const counts = generatePlants(mixed, checked.transcript, { seed: 'recall', file: 'mixed', perKind: 10 }).plants.filter((p) => p.kind === 'changed-count');
    assert.deepEqual(Object.fromEntries(counts.map((p) => [p.find, originalGrounded(checked, p)])), { '7': true, '3': false });
  });

  it('leaves the checked transcript as it was', () => {
    const before = check.transcript.segments.map((s) => s.text);
    const answer = check.outputs[check.outputs.length - 1];
    const findingsBefore = JSON.stringify(answer.result.entities.map((e) => [e.text, e.status]));
    for (const p of plants) plantOutcome(check, p);
    assert.deepEqual(
      check.transcript.segments.map((s) => s.text),
      before,
    );
    const again = checkTranscript(check.transcript, { profile: 'refined' }).outputs.at(-1)!;
    assert.equal(JSON.stringify(again.result.entities.map((e) => [e.text, e.status])), findingsBefore);
  });
});
