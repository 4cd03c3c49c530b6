import { strict as assert } from 'node:assert';
import { DEFAULT_STOPWORDS } from '../../../shared/extract/stopwords';
import { entity, listed, textsOfType } from './helpers';

describe('extract: proper nouns', () => {
  it('reads the spec sentence as New York City and Alice', () => {
    const output = 'I met New York City visitors last week. Alice and Bob were there. Alice was on time.';
    assert.deepEqual(listed(output), [
      ['New York City', 'proper_noun'],
      ['Alice', 'proper_noun'],
    ]);
    const alice = entity(output, 'Alice');
    assert.deepEqual(alice.span, [40, 45]);
    assert.deepEqual(alice.occurrences, [
      [40, 45],
      [66, 71],
    ]);
  });

  it('needs a single capitalized word twice; once is not enough', () => {
    assert.deepEqual(listed('We met Alice today.'), []);
    assert.deepEqual(textsOfType('We met Alice today. Later alice left and Alice stayed.', 'proper_noun'), ['Alice']);
  });

  it('drops the capital that starts a sentence, a line or a list item', () => {
    assert.deepEqual(textsOfType('Yesterday John Smith came.', 'proper_noun'), ['John Smith']);
    // After a list marker, the first word counts as sentence-initial too.
    assert.deepEqual(textsOfType('Notes:\n- Dr Maria Lopez called\n* Ask Tom Baker too', 'proper_noun'), ['Maria Lopez', 'Tom Baker']);
    assert.deepEqual(textsOfType('Notes:\n- Maria Lopez called', 'proper_noun'), []);
    assert.deepEqual(textsOfType('Revenue grew. Costs fell.', 'proper_noun'), []);
  });

  it('joins names across of/de/van but not across and or punctuation', () => {
    assert.deepEqual(textsOfType('We bank with Bank of America and Ludwig van Beethoven, Paris, London.', 'proper_noun'), [
      'Bank of America',
      'Ludwig van Beethoven',
    ]);
  });

  it('filters capitalized stopwords with the built-in list', () => {
    assert.deepEqual(textsOfType('We read The Times. The Times said so.', 'proper_noun'), ['Times']);
  });

  it('ships the 42-word English list', () => {
    assert.equal(DEFAULT_STOPWORDS.length, 42);
    assert.equal(new Set(DEFAULT_STOPWORDS).size, 42);
    for (const w of ['a', 'an', 'the', 'i', 'you', 'he', 'she', 'it', 'we', 'they']) assert.ok(DEFAULT_STOPWORDS.includes(w), w);
  });

  it('replaces the stopword list instead of adding to it', () => {
    const output = 'We read The Times. The Times said so.';
    assert.deepEqual(
      listed(output, { stopwords: [] }).map(([t]) => t),
      ['The Times'],
    );
    assert.deepEqual(
      listed(output, { stopwords: ['banana'] }).map(([t]) => t),
      ['The Times'],
    );
    assert.deepEqual(listed(output, { stopwords: ['times', 'the'] }), []);
  });

  it('ignores contractions and reads possessives as the name', () => {
    assert.deepEqual(listed("I'll go. I'm sure. Don't wait. Don't stop."), []);
    assert.deepEqual(textsOfType("Then Alice's cat met Alice.", 'proper_noun'), ['Alice']);
    assert.deepEqual(listed("Here's one. Here's two. What's next? What's left?"), []);
  });

  it('reads accented Latin capitals and hyphenated names', () => {
    assert.deepEqual(textsOfType('We met Émile Zola and Jean-Luc Picard.', 'proper_noun'), ['Émile Zola', 'Jean-Luc Picard']);
  });

  it('takes nothing from scripts without case', () => {
    assert.deepEqual(listed('我们在北京见面。北京很大。'), []);
  });
});
