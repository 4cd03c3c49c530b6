import { strict as assert } from 'node:assert';
import { LineIndex } from '../../../shared/transcript/offsets/lineIndex';

describe('line index', () => {
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
