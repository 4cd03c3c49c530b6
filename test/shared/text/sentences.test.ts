import { strict as assert } from 'node:assert';
import { sentenceStarts } from '../../../shared/text/sentences';

describe('sentenceStarts', () => {
  it('starts the first sentence at 0 and each later one at its first character', () => {
    const text = 'Revenue grew. Costs fell! Why? Nobody knows.';
    assert.deepEqual(sentenceStarts(text), [0, 14, 26, 31]);
  });

  it('does not split decimals or dotted names', () => {
    assert.deepEqual(sentenceStarts('Pi is 3.14 and user.email is set. Done.'), [0, 34]);
  });

  it('lets closing quotes and brackets follow the full stop', () => {
    const text = 'He said "go." Then (it ended.) Fine';
    assert.deepEqual(sentenceStarts(text), [0, 14, 31]);
  });

  it('splits at blank lines but not at single line breaks', () => {
    const text = 'Title line\nstill same\n\n  Next para';
    assert.deepEqual(sentenceStarts(text), [0, 25]);
  });

  it('splits after abbreviations, a documented limit', () => {
    assert.deepEqual(sentenceStarts('Ask Dr. Smith.'), [0, 8]);
  });

  it('adds no start for trailing punctuation or whitespace', () => {
    assert.deepEqual(sentenceStarts('End.  \n\n  '), [0]);
    assert.deepEqual(sentenceStarts(''), [0]);
  });

  it('handles a long run of full stops in one pass', () => {
    const text = '.'.repeat(200_000) + ' x';
    assert.deepEqual(sentenceStarts(text), [0, 200_001]);
  });
});
