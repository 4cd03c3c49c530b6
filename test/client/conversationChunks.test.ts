import { strict as assert } from 'node:assert';
import { rawStart, takeChunk } from '../../client/src/conversationChunks';

describe('the conversation view draws a long session a piece at a time', () => {
  it('takes turns up to the chunk size, and always at least one', () => {
    const turns = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(200)];
    assert.equal(takeChunk(turns, 0, 100), 2);
    assert.equal(takeChunk(turns, 2, 100), 1);
    assert.equal(takeChunk(turns, 3, 100), 1, 'a turn larger than a chunk is drawn whole');
    assert.equal(takeChunk(turns, 4, 100), 0);
  });

  it("reads where a turn starts in the raw file from its data-raw, -1 when it has none", () => {
    assert.equal(rawStart('<div role="listitem" class="t r-user" id="f0s0" data-raw="97,143"><p>'), 97);
    assert.equal(rawStart('<div role="listitem" class="t r-tool_call"><details>'), -1);
    assert.equal(rawStart('<div role="listitem" class="t"><p data-raw="5,6">'), -1, 'a mark inside does not count');
  });
});
