import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineIndex } from '../../../shared/transcript/offsets/lineIndex';
import { unitsRead } from '../unitsRead';

/** The line around `offset` as a scan finds it: back to the newline before, on to the newline after. */
function scannedBounds(text: string, offset: number): [number, number] {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n') start--;
  let end = offset;
  while (end < text.length && text[end] !== '\n') end++;
  return [start, end];
}

describe('line index', () => {
  // Newlines, carriage returns and surrogate halves are the characters line arithmetic gets wrong.
  const texts = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\ud83d', '\ude00'), { maxLength: 60 }).map((cs) => cs.join(''));

  it('gives every offset the bounds a scan of its line gives', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const lines = new LineIndex(text);
        for (let offset = 0; offset <= text.length; offset++) {
          assert.deepEqual(lines.lineBounds(offset), scannedBounds(text, offset), `offset ${offset} of ${JSON.stringify(text)}`);
          const line = lines.lineOf(offset);
          assert.equal(lines.lineEnd(line), scannedBounds(text, offset)[1]);
          assert.equal(lines.offsetAt(line, 0), scannedBounds(text, offset)[0]);
        }
      }),
    );
  });

  it('gives the same bounds when grown from an index of the text before it', () => {
    fc.assert(
      fc.property(texts, texts, (head, tail) => {
        const whole = head + tail;
        const grown = new LineIndex(whole, { lines: new LineIndex(head), from: head.length });
        for (let offset = 0; offset <= whole.length; offset++) assert.deepEqual(grown.lineBounds(offset), scannedBounds(whole, offset));
      }),
    );
  });

  it('finds the bounds of a line of megabytes without reading it', () => {
    const text = 'head\n' + 'x'.repeat(2_000_000) + '\ntail';
    const lines = new LineIndex(text);
    let bounds: [number, number] = [0, 0];
    const read = unitsRead(() => {
      for (let k = 0; k < 1_000; k++) bounds = lines.lineBounds(5 + k * 1_000);
    });
    assert.equal(read, 0);
    assert.deepEqual(bounds, [5, 2_000_005]);
  });
});
