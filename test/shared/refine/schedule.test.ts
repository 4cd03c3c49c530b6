import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { clauseAround, daysInClause, daysOf, writtenLike } from '../../../shared/refine/records/scheduleSlots';

const refined = { profile: 'refined' as const };
const record = "{'name': 'Cafe', 'hours': {'Monday': '8:0-14:0', 'Tuesday': '17:0-20:0', 'Saturday': '10:0-17:0', 'Sunday': '0:0-0:0'}}";

function verdicts(output: string): Array<[string, string, string | undefined]> {
  return classify({ output, context: record, options: refined })
    .entities.filter((e) => e.type === 'date')
    .map((e) => [e.text, e.status, e.contradiction?.value]);
}

describe('refine: opening hours per day', () => {
  it('reads day words, collective words and ranges', () => {
    assert.deepEqual(daysOf('Tues'), [1]);
    assert.deepEqual(daysOf('weekends'), [5, 6]);
    assert.deepEqual(daysInClause('open Monday through Wednesday and Sat'), [0, 1, 2, 5]);
    assert.deepEqual(daysInClause('Friday-Monday'), [0, 4, 5, 6]);
    assert.deepEqual(daysInClause('seven days a week'), [0, 1, 2, 3, 4, 5, 6]);
    assert.equal(clauseAround('Mon 8am to 2pm, and Tue 5pm to 8pm', 24, 27), 'Tue 5pm to 8pm');
  });

  it("accepts times that are the named day's opening or closing time", () => {
    assert.deepEqual(verdicts('It opens Monday from 8am to 2pm, and Tuesday from 5pm to 8pm.'), [
      ['8am', 'grounded', undefined],
      ['2pm', 'grounded', undefined],
      ['5pm', 'grounded', undefined],
      ['8pm', 'grounded', undefined],
    ]);
  });

  it("contradicts a time the record gives for another day, naming that day's hours on their raw characters", () => {
    const result = classify({ output: 'It is open Monday through Tuesday from 8am to 2pm.', context: record, options: refined });
    const eight = result.entities.find((e) => e.text === '8am')!;
    assert.equal(eight.status, 'contradicted');
    // The replacement is Tuesday's opening time, written the way the output writes times.
    assert.equal(eight.contradiction!.value, '5pm');
    assert.equal(eight.contradiction!.slot, 'Tuesday 17:0-20:0');
    const m = eight.contradiction!.match;
    assert.equal(record.slice(m.start, m.end), '17:0');
    const two = result.entities.find((e) => e.text === '2pm')!;
    assert.equal(record.slice(two.contradiction!.match.start, two.contradiction!.match.end), '20:0');
    assert.equal(two.contradiction!.value, '8pm');
    assert.equal(
      result.explanation,
      "date '8am' contradicted: context says 5pm (Tuesday 17:0-20:0); date '2pm' contradicted: context says 8pm (Tuesday 17:0-20:0).",
    );
  });

  it("writes the replacement in the output's style", () => {
    assert.deepEqual(
      ['8am', '8:00 AM', '8 p.m.', '08:30', '8:30'].map((w) => writtenLike(w, 17 * 60)),
      ['5pm', '5:00 PM', '5 p.m.', '17:00', '17:00'],
    );
    assert.equal(writtenLike('9:30 pm', 0), '12:00 am');
  });

  it('leaves days the record does not list, or lists as 0:0-0:0, alone', () => {
    assert.deepEqual(verdicts('On Wednesday it opens at 8am. On Sunday it opens at 10am.'), [
      ['8am', 'grounded', undefined],
      ['10am', 'grounded', undefined],
    ]);
  });
});
