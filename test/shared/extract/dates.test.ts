import { strict as assert } from 'node:assert';
import { entity, listed, textsOfType } from './helpers';

describe('extract: dates', () => {
  it('reads a written date and gives it its ISO and other spellings', () => {
    // biome-ignore format: a list of words or values reads best packed
    const e = entity('Filed on January 15, 2024.', 'January 15, 2024');
    assert.equal(e.type, 'date');
    assert.deepEqual(e.span, [9, 25]);
    assert.deepEqual(e.forms, [
      'January 15, 2024',
      '2024-01-15',
      'January 15 2024',
      'Jan 15, 2024',
      'Jan 15 2024',
      '15 January 2024',
      '15 Jan 2024',
      'January 15',
      'Jan 15',
    ]);
  });

  it('reads an ISO date and gives it the written spellings', () => {
    const e = entity('The 2024-01-15 filing', '2024-01-15');
    assert.deepEqual(e.forms.slice(0, 4), ['2024-01-15', 'January 15, 2024', 'January 15 2024', 'Jan 15, 2024']);
  });

  it('reads every written shape as one date, not as numbers', () => {
    assert.deepEqual(listed('On Jan 15, 2024 and Jan 15 2024 and Jan 15 and 15 January 2024 and March 2024 and Sept. 3rd, 2023.'), [
      ['Jan 15, 2024', 'date'],
      ['Jan 15 2024', 'date'],
      ['Jan 15', 'date'],
      ['15 January 2024', 'date'],
      ['March 2024', 'date'],
      ['Sept. 3rd, 2023', 'date'],
    ]);
    assert.deepEqual(entity('By Jan 15 we ship', 'Jan 15').forms, ['Jan 15', 'January 15', '15 January', '15 Jan', '-01-15']);
    assert.deepEqual(entity('In March 2024 we shipped', 'March 2024').forms, ['March 2024', 'Mar 2024', '2024-03']);
  });

  it('rejects impossible days and a bare month name', () => {
    assert.deepEqual(textsOfType('On Feb 30, 2024 or 2023-02-29 you may see May.', 'date'), []);
    assert.deepEqual(textsOfType('Leap day 2024-02-29.', 'date'), ['2024-02-29']);
  });

  it('keeps quarters to themselves, never the words for them', () => {
    assert.deepEqual(entity('Results for Q3 were strong', 'Q3').forms, ['Q3']);
    assert.deepEqual(entity('Results for Q3 2024 were strong', 'Q3 2024').forms, ['Q3 2024', '2024 Q3']);
    assert.deepEqual(listed('the third quarter was strong'), []);
    assert.deepEqual(listed('Q5 and Q33 and Q3x'), []);
  });

  it('reads fiscal years in all three shapes with each other as forms', () => {
    assert.deepEqual(textsOfType('FY2024, FY24 and fiscal 2024.', 'date'), ['FY2024', 'FY24', 'fiscal 2024']);
    assert.deepEqual(entity('in FY24 we', 'FY24').forms, ['FY24', 'FY2024', 'FY 2024', 'FY 24', 'fiscal 2024', 'fiscal year 2024']);
  });

  it('types a relative duration as a date only when another date is near in the same sentence', () => {
    assert.deepEqual(listed('It shipped 3 days ago.'), [['3 days ago', 'number']]);
    assert.deepEqual(listed('In Q3, 2 weeks ago, we shipped.'), [
      ['Q3', 'date'],
      ['2 weeks ago', 'date'],
    ]);
    // The other date is in a different sentence.
    assert.deepEqual(listed('That was Q3. 2 weeks ago we shipped.'), [
      ['Q3', 'date'],
      ['2 weeks ago', 'number'],
    ]);
    // Same sentence but more than 30 characters away.
    assert.deepEqual(listed('In Q3 the team worked on many other things and 2 weeks ago shipped.'), [
      ['Q3', 'date'],
      ['2 weeks ago', 'number'],
    ]);
  });
});
