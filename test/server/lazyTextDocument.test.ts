import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LazyTextDocument } from '../../server/src/lazyTextDocument';

const chunkOf = (...pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((xs) => xs.join(''));
/** Any line breaks; and `\n` alone, where edits of the last line keep the line starts before it in place. */
const chunks = { 'any line breaks': chunkOf('a', 'b', '\n', '\r\n', '\r', 'é', '😀', ' '), 'line feeds only': chunkOf('a', 'b', '\n', '\n', 'é', '😀', ' ') };

describe('LazyTextDocument', () => {
  for (const [name, chunk] of Object.entries(chunks))
    it(`agrees with vscode-languageserver-textdocument on text, offsets and positions after any edits (${name})`, () => {
      fc.assert(
        fc.property(chunk, fc.array(fc.tuple(fc.nat(), fc.nat(), chunk), { maxLength: 8 }), (initial, edits) => {
          let ref = TextDocument.create('u', 't', 1, initial);
          const lazy = new LazyTextDocument('u', 't', 1, initial);
          edits.forEach(([a, b, text], i) => {
            const len = ref.getText().length;
            const s = Math.min(a % (len + 1), b % (len + 1));
            const e = Math.max(a % (len + 1), b % (len + 1));
            // Positions a client could send: never between \r and \n.
            const range = { start: ref.positionAt(s), end: ref.positionAt(e) };
            ref = TextDocument.update(ref, [{ range, text }], i + 2);
            lazy.apply({ range, text }, i + 2);
          });
          const text = ref.getText();
          assert.equal(lazy.lineCount, ref.lineCount);
          for (let o = 0; o <= text.length; o++) {
            const p = ref.positionAt(o);
            if (text[o - 1] === '\r' && text[o] === '\n') continue; // inside a CRLF: no position names it
            assert.deepEqual(lazy.positionAt(o), p);
            assert.equal(lazy.offsetAt(p), o);
          }
          // Line by line from the top: the lines before the edits are read before they are applied.
          for (let line = 0; line < ref.lineCount; line++) {
            const range = { start: { line, character: 0 }, end: { line: line + 1, character: 0 } };
            assert.equal(lazy.getText(range), ref.getText(range));
          }
          assert.equal(lazy.getText(), text);
        }),
        { numRuns: 300 },
      );
    });

  it('grows a file of \\r\\n line breaks by text added at its end without moving what was there', () => {
    const crlf = chunkOf('a', '\r\n', '\r\n', 'é', '😀', ' ');
    fc.assert(
      fc.property(crlf, fc.array(crlf, { maxLength: 8 }), (initial, pieces) => {
        let ref = TextDocument.create('u', 't', 1, initial);
        const lazy = new LazyTextDocument('u', 't', 1, initial);
        pieces.forEach((text, i) => {
          const end = ref.positionAt(ref.getText().length);
          ref = TextDocument.update(ref, [{ range: { start: end, end }, text }], i + 2);
          lazy.apply({ range: { start: end, end }, text }, i + 2);
        });
        const text = ref.getText();
        assert.equal(lazy.lineCount, ref.lineCount);
        for (let o = 0; o <= text.length; o++) {
          if (text[o - 1] === '\r' && text[o] === '\n') continue;
          assert.deepEqual(lazy.positionAt(o), ref.positionAt(o));
        }
        // What was built from positions before the appends still holds (see LazyTextDocument.rewrites).
        assert.equal(lazy.rewrites, 0);
        assert.equal(lazy.getText(), text);
      }),
      { numRuns: 300 },
    );
  });

  it('joins a \\r at the end and a \\n added after it into one line break', () => {
    const lazy = new LazyTextDocument('u', 't', 1, 'one\r\ntwo\r');
    assert.equal(lazy.lineCount, 3);
    lazy.apply({ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: '\nthree\r\n' }, 2);
    assert.equal(lazy.lineCount, 4);
    assert.deepEqual(lazy.positionAt(lazy.length), { line: 3, character: 0 });
    assert.equal(lazy.offsetAt({ line: 2, character: 0 }), 'one\r\ntwo\r\n'.length);
  });

  it('maps positions on and after an edited line', () => {
    const lazy = new LazyTextDocument('u', 't', 1, 'one\ntwo\nthree');
    lazy.apply({ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, text: 'TWO!' }, 2);
    assert.deepEqual(lazy.positionAt(10), { line: 2, character: 1 });
    assert.equal(lazy.offsetAt({ line: 2, character: 0 }), 9);
    assert.equal(lazy.getText({ start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }), 'TWO!');
  });
});
