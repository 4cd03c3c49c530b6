import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';

const refined = { profile: 'refined' as const };
const verdicts = (output: string, context: string) =>
  classify({ output, context, options: refined }).entities.map((e) => [e.text, e.status, e.contradiction?.value]);

describe('refine: dates and names that fill a slot', () => {
  it('names the context date after the same key word, located on its characters', () => {
    const context = 'The product launched on March 4, 2020 in Berlin.';
    const e = classify({ output: 'The product launched on March 3, 2020.', context, options: refined }).entities.find((x) => x.type === 'date')!;
    assert.equal(e.status, 'contradicted');
    assert.deepEqual(e.contradiction, { value: 'March 4, 2020', match: { part: 0, start: 24, end: 37 } });
    assert.equal(context.slice(24, 37), 'March 4, 2020');
  });

  it('reads a name after a title kept inside the output name, and replaces the whole entity', () => {
    const context = 'CEO John Smith announced the merger.';
    const e = classify({ output: 'Their CEO Jane Smith announced the merger.', context, options: refined }).entities.find((x) => x.type === 'proper_noun')!;
    assert.equal(e.text, 'CEO Jane Smith');
    assert.equal(e.status, 'contradicted');
    // The value stands in for the entity, title and all; the location is the context's name itself.
    assert.deepEqual(e.contradiction, { value: 'CEO John Smith', match: { part: 0, start: 4, end: 14 } });
  });

  it('reads a name after the content word before it, past function words', () => {
    assert.deepEqual(verdicts('The library was founded by Jane Smith in 1901.', 'The library was founded by John Smith, a teacher.'), [
      ['Jane Smith', 'contradicted', 'John Smith'],
      ['1901', 'unverified', undefined],
    ]);
  });

  it('leaves a less precise date, another name, an abbreviation, or a slot that also holds the output value unverified', () => {
    assert.deepEqual(verdicts('It opened in March 2020.', 'It opened on March 4, 2020.'), [['March 2020', 'unverified', undefined]]);
    // Two names sharing no word are as often two people mentioned after the same word.
    assert.deepEqual(verdicts('The library was founded by Jane Smith.', 'The library was founded by John Doe.'), [['Jane Smith', 'unverified', undefined]]);
    assert.deepEqual(verdicts('He attended Saint Louis University.', 'He attended St Louis University.'), [
      ['Saint Louis University', 'unverified', undefined],
    ]);
    assert.deepEqual(
      verdicts('The product launched on March 3, 2020.', 'The product launched on March 4, 2020. In Spain the product launched on March 3, 2020.'),
      [['March 3, 2020', 'grounded', undefined]],
    );
    // The value must follow the key word: a date further on in the sentence fills another slot.
    assert.deepEqual(verdicts('The product launched on March 3, 2020.', 'The product launched to praise and sold out by March 4, 2020.'), [
      ['March 3, 2020', 'unverified', undefined],
    ]);
  });

  it('stays off under the spec profile', () => {
    const e = classify({ output: 'The product launched on March 3, 2020.', context: 'The product launched on March 4, 2020.' }).entities[0];
    assert.deepEqual([e.status, e.contradiction], ['unverified', undefined]);
  });
});
