/**
 * In an agent's turn a number is grounded only where the session writes it
 * as a number: not by the same digits inside a clock time, date, version,
 * path, identifier or longer number.
 */
import { strict as assert } from 'node:assert';
import { standsAsNumber } from '../../../shared/refine/numberTokens';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';
import { call, lastOutput, numbered, result, say, session, user } from '../code/claudeSession';

/** Whether the first occurrence of `digits` in `text` stands as a number. */
const stands = (text: string, digits: string, from = 0) => {
  const at = text.indexOf(digits, from);
  return standsAsNumber(text, at, at + digits.length);
};

const ran = (output: string, text: string) =>
  lastOutput(session([user('Check the CI.'), call('b1', 'Bash', { command: 'gh run view 42' }), result('b1', output), say(text)]));

describe('number-places', () => {
  it('reads a number standing alone, with a unit or as `4` in `4.0`, as that number', () => {
    assert.ok(stands('48 passed in 0.41s', '48'));
    assert.ok(stands('took 100ms total', '100'));
    assert.ok(stands('version is 4.0 now', '4'));
    assert.ok(stands('see issue #5', '5'));
    assert.ok(stands('[11]', '11'));
    assert.ok(stands('ORD-7731,Harlow Tools,4860,2025-05-28', '4860'), "a CSV row's cell before a date");
    assert.ok(stands('id,qty,total\n17,2,40', '17'), "a CSV row's cell before a short one");
  });

  it('does not read digits inside a clock time, date, version, path, identifier or longer number as the number', () => {
    assert.ok(!stands('at 2025-11-01T17:50:56Z', '50'), 'clock time');
    assert.ok(!stands('at 08:15 today', '15'), 'clock minutes');
    assert.ok(!stands('branch fix-2025-11-04', '11'), 'date');
    assert.ok(!stands('module v0.2.0 loaded', '2.0'), 'version tail');
    assert.ok(!stands('needs 3.14.1', '3.14'), 'version head');
    assert.ok(!stands('cache/sha512/17/b8', '17'), 'path segment');
    assert.ok(!stands('agent a60dc8c done', '8'), 'hex id');
    assert.ok(!stands('commit 4f09a1 merged', '4'), 'hex head');
    assert.ok(!stands('task T006 open', '6'), 'zero-padded id');
    assert.ok(!stands('size 1834 bytes', '83'), 'longer number');
    assert.ok(!stands('used 17.5mb', '17'), 'decimal');
    assert.ok(!stands('a total of 4,860 orders', '4'), 'thousands group');
  });

  it('leaves a version grounded only by a timestamp without a verdict, instead of grounding it', () => {
    const e = ran('{"createdAt": "2025-10-28T16:27:54.000Z", "status": "completed"}', 'The deploy job failed on Python 4.0, the job log says.').get('4.0');
    assert.notEqual(e?.status, 'grounded');
  });

  it('grounds a number a CSV row gives as one of its cells', () => {
    const e = ran('ORD-7731,Harlow Tools,4860,2025-05-28', 'The largest order is ORD-7731 for 4860.').get('4860');
    assert.equal(e?.status, 'grounded');
  });

  it('still grounds a number the session writes as a number', () => {
    const e = ran('{"createdAt": "2025-10-28T16:27:54.000Z"}\nPython 4.0 selected', 'The deploy job ran on Python 4.0, the job log says.').get('4.0');
    assert.equal(e?.status, 'grounded');
  });

  it('grounds a number the session wrote alone behind a hundred of the same digits inside longer numbers, however much follows the answer', () => {
    // 150 lines, each with a 3 inside a longer number only; the user's lone 3 comes before all of them.
    const log = Array.from({ length: 150 }, (_, i) => `job ${2300 + i} took 1${i % 10}3 ms`).join('\n');
    const opening = [
      user('Keep the retry budget at 3.'),
      call('b1', 'Bash', { command: 'cat jobs.log' }),
      result('b1', log),
      say('The retry budget stays at 3.'),
    ];
    const answer = (lines: object[]) => {
      const t = claudeCodeFormat.parse({ raw: session(lines) });
      const check = checkTranscript(t, { profile: 'refined' });
      return check.outputs.find((o) => t.segments[o.segment].text.includes('stays at'))!.result.entities.find((e) => e.text === '3');
    };
    const alone = answer(opening);
    // More than 64 KB of later turns: the answer's context is the same, so is its verdict.
    const later = [
      user('Now read the config.'),
      call('r1', 'Read', { file_path: '/app/config.ts' }),
      result('r1', numbered(Array.from({ length: 1500 }, (_, i) => `export const KEY_${i} = 'value-${i}';`))),
    ];
    const followed = answer([...opening, ...later, say('Done.')]);
    assert.equal(alone?.status, 'grounded');
    assert.equal(followed?.status, 'grounded');
    assert.deepEqual(
      alone?.matches.map((m) => [m.part, m.start]),
      followed?.matches.map((m) => [m.part, m.start]),
    );
  });
});
