import { strict as assert } from 'node:assert';
import { entity, listed, textsOfType } from './helpers';

describe('extract: citations', () => {
  it('takes the source after the phrase, not the cited content', () => {
    const output = 'According to the SEC filing, revenue was $4.2M.';
    assert.deepEqual(listed(output), [
      ['the SEC filing', 'citation'],
      ['$4.2M', 'number'],
    ]);
    const e = entity(output, 'the SEC filing');
    assert.deepEqual(e.span, [13, 27]);
    assert.deepEqual(e.forms, ['the SEC filing', 'SEC filing']);
  });

  it('fires on each of the eight phrases, in any case', () => {
    // biome-ignore format: a list of words or values reads best packed
    const output = [
      'According to the audit, a.',
      'Per the handbook, b.',
      'As stated in the contract, c.',
      'We got it from the vendor portal, d.',
      'The report says growth slowed, e.',
      'The document mentions late fees, f.',
      'They said nothing new, g.',
      'You said tomorrow works, h.',
    ].join(' ');
    assert.deepEqual(textsOfType(output, 'citation'), [
      'the audit',
      'the handbook',
      'the contract',
      'the vendor portal',
      'growth slowed',
      'late fees',
      'nothing new',
      'tomorrow works',
    ]);
  });

  it('stops at six tokens, or at a semicolon, or at a full stop but not a decimal point', () => {
    assert.deepEqual(textsOfType('according to one two three four five six seven eight', 'citation'), ['one two three four five six']);
    assert.deepEqual(textsOfType('per the board; later', 'citation'), ['the board']);
    assert.deepEqual(textsOfType('according to filing v9.9 data. Next', 'citation'), ['filing v9.9 data']);
  });

  it('ends the source before a word that starts a clause', () => {
    assert.deepEqual(textsOfType('Remove them from the skillet and keep them warm.', 'citation'), ['the skillet']);
    assert.deepEqual(textsOfType('According to the Bank of England the rate will rise.', 'citation'), ['the Bank of England']);
    assert.deepEqual(textsOfType('They said that it works.', 'citation'), []);
  });

  it('ends before an entity inside it so that entity is graded on its own', () => {
    assert.deepEqual(listed('They said revenue grew $9.9M in Q3.'), [
      ['revenue grew', 'citation'],
      ['$9.9M', 'number'],
      ['Q3', 'date'],
    ]);
  });

  it('drops a citation that an entity leaves with nothing but its article', () => {
    assert.deepEqual(listed('Per the 2023 report, sales rose.'), [['2023', 'number']]);
    assert.deepEqual(listed('According to 2023 data, sales rose.'), [['2023', 'number']]);
  });

  it('keeps a named source whole instead of giving way to the proper noun inside it', () => {
    assert.deepEqual(listed('According to the New York Times, sales rose.'), [['the New York Times', 'citation']]);
  });

  it('needs the whole phrase and a source after it', () => {
    assert.deepEqual(textsOfType('Accordingly, per theory and from the.', 'citation'), []);
  });
});
