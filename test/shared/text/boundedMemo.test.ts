import { strict as assert } from 'node:assert';
import { boundedMemo } from '../../../shared/text/boundedMemo';

describe('a function of a text with its results remembered, up to a bound', () => {
  it('computes each text once, false results too, and forgets them all when full', () => {
    const asked: string[] = [];
    const isLong = boundedMemo((text: string) => {
      asked.push(text);
      return text.length > 3;
    }, 2);
    assert.equal(isLong('ab'), false);
    assert.equal(isLong('ab'), false);
    assert.equal(isLong('abcd'), true);
    assert.equal(isLong('abcd'), true);
    assert.deepEqual(asked, ['ab', 'abcd']);
    // A third text fills the table: it starts again, with the new text only.
    assert.equal(isLong('xyz'), false);
    assert.equal(isLong('xyz'), false);
    assert.equal(isLong('ab'), false);
    assert.deepEqual(asked, ['ab', 'abcd', 'xyz', 'ab']);
  });
});
