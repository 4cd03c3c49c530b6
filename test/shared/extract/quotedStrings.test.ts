import { strict as assert } from 'node:assert';
import { collapseWhitespace } from '../../../shared/extract/whitespace';
import { entity, listed, textsOfType } from './helpers';

describe('extract: quoted strings', () => {
  it('spans the quote marks and looks up the inner text', () => {
    const e = entity('The CEO said "we are going to win this quarter".', '"we are going to win this quarter"');
    assert.equal(e.type, 'quoted_string');
    assert.deepEqual(e.span, [13, 47]);
    assert.deepEqual(e.forms, ['we are going to win this quarter']);
  });

  // biome-ignore format: a list of words or values reads best packed
  it('reads straight, backtick and typographic quotes', () => {
    assert.deepEqual(textsOfType('He said \'hello there\', ran `npm test`, wrote “smart one”, ‘single one’, «guillemets», „low high“ and ‚low single‘.', 'quoted_string'), [
      "'hello there'", '`npm test`', '“smart one”', '‘single one’', '«guillemets»', '„low high“', '‚low single‘',
    ]);
  });

  it('collapses inner whitespace and also offers the text without trailing punctuation', () => {
    assert.deepEqual(entity('She wrote "we   win,\n  again," twice', '"we   win,\n  again,"').forms, ['we win, again,', 'we win, again']);
  });

  it('folds whitespace the same way whether or not the text needs it', () => {
    assert.equal(collapseWhitespace(' a  b\tc\n'), 'a b c');
    assert.equal(collapseWhitespace('a b c'), 'a b c');
    assert.equal(collapseWhitespace(' \n '), '');
  });

  it('does not treat apostrophes in contractions or possessives as quotes', () => {
    assert.deepEqual(listed("I'll say it's fine, don't worry about the students' work."), []);
    assert.deepEqual(textsOfType("She said 'don't go' and left.", 'quoted_string'), ["'don't go'"]);
    assert.deepEqual(textsOfType("It’s the '90s and rock ’n’ roll.", 'quoted_string'), []);
  });

  it('skips empty quotes', () => {
    assert.deepEqual(listed('An empty "" value and \'\' too.'), []);
  });

  it("reads combining marks right after the opening quote as the quote mark's own, not the quoted text", () => {
    assert.deepEqual(entity('The key is "\u0301abc" here.', '"\u0301abc"').forms, ['abc']);
    // Marks alone quote nothing.
    assert.deepEqual(listed('A mark "\u0301" alone.'), []);
  });

  it('runs an unclosed quote to the end of the output', () => {
    const e = entity('He said "we will win this year  ', '"we will win this year');
    assert.deepEqual(e.span, [8, 30]);
    assert.deepEqual(e.forms, ['we will win this year']);
  });

  it('lets an unclosed quote yield to the entities inside it', () => {
    assert.deepEqual(listed('He said "revenue was $4.2M in Q3'), [
      ['$4.2M', 'number'],
      ['Q3', 'date'],
    ]);
  });

  it('does not take fenced code as a quotation', () => {
    assert.deepEqual(textsOfType('Run:\n```sh\necho "hi"\n```\nthen `ls`.', 'quoted_string'), ['`ls`']);
  });
});
