import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineIndex } from '../../../shared/transcript/offsets/lineIndex';
import { unitsRead } from '../unitsRead';

const isBreak = (c: string | undefined) => c === '\n' || c === '\r';

/** The line around `offset` as a scan finds it: back to the line break before, on to the one after (LF, CRLF or CR). */
function scannedBounds(text: string, offset: number): [number, number] {
  // The LF of a CRLF is inside the break that ends the line before it.
  if (text[offset] === '\n' && text[offset - 1] === '\r') offset--;
  let start = offset;
  while (start > 0 && !isBreak(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && !isBreak(text[end])) end++;
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

  it('gives the same bounds grown by an appended piece alone, after a text ending with a line break', () => {
    fc.assert(
      fc.property(texts, texts, fc.constantFrom('\n', '\r\n'), (head, tail, end) => {
        const before = head + end;
        const whole = before + tail;
        const grown = new LineIndex(before).appended(tail);
        assert.equal(grown.lineCount, new LineIndex(whole).lineCount);
        for (let offset = 0; offset <= whole.length; offset++) assert.deepEqual(grown.lineBounds(offset), scannedBounds(whole, offset), `offset ${offset}`);
      }),
    );
    assert.throws(() => new LineIndex('no break').appended('x'), RangeError);
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

describe('line index: line ends', () => {
  it('ends lines at LF, CRLF and a lone CR, as editors do', () => {
    const raw = 'a\nbb\r\nccc\rdddd\r\re';
    const lines = new LineIndex(raw);
    assert.equal(lines.lineCount, 6);
    assert.deepEqual(
      ['a', 'bb', 'ccc', 'dddd', 'e'].map((w) => lines.position(raw.indexOf(w))),
      [
        { line: 0, character: 0 },
        { line: 1, character: 0 },
        { line: 2, character: 0 },
        { line: 3, character: 0 },
        { line: 5, character: 0 },
      ],
    );
  });

  it('reads only what was appended, and mends a CRLF split across the append', () => {
    const whole = 'one\r\ntwo\r\nthree\rfour\n';
    const full = new LineIndex(whole);
    for (let cut = 0; cut <= whole.length; cut++) {
      const grown = new LineIndex(whole, { lines: new LineIndex(whole.slice(0, cut)), from: cut });
      assert.equal(grown.lineCount, full.lineCount, `cut at ${cut}`);
      for (let i = 0; i <= whole.length; i++) assert.deepEqual(grown.position(i), full.position(i), `cut at ${cut}, offset ${i}`);
    }
  });
});
