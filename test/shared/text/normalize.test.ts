import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { normalizeForm, normalizeWithMap } from '../../../shared/text/normalize';

const lenient = { foldCase: true };
const strict = { foldCase: false };

/** The original text a normalized range stands for. */
function originalOf(text: string, from: number, to: number, fold = true): string {
  const { toOriginal } = normalizeWithMap(text, { foldCase: fold });
  return text.slice(toOriginal[from], toOriginal[to]);
}

describe('normalizeWithMap', () => {
  it('lower-cases, folds smart quotes and collapses whitespace runs', () => {
    assert.equal(normalizeWithMap('He said “Go”\n\t now, ‘ok’ «fin» „x‚', lenient).text, `he said "go" now, 'ok' "fin" "x'`);
  });

  it('keeps case when not folding', () => {
    assert.equal(normalizeWithMap('Q3  Revenue', strict).text, 'Q3 Revenue');
  });

  it('maps each normalized unit back to where it came from, with the original length at the end', () => {
    const r = normalizeWithMap('a  \n b', lenient);
    assert.equal(r.text, 'a b');
    assert.deepEqual(Array.from(r.toOriginal), [0, 1, 5, 6]);
    assert.equal(originalOf('a  \n b', 0, 3), 'a  \n b');
  });

  it('composes decomposed accents (NFC) and maps the composed letter to both original units', () => {
    const text = 'cafe\u0301 ok';
    const r = normalizeWithMap(text, lenient);
    assert.equal(r.text, 'caf\u00e9 ok');
    assert.deepEqual(Array.from(r.toOriginal), [0, 1, 2, 3, 5, 6, 7, 8]);
    assert.equal(originalOf(text, 3, 4), 'e\u0301');
  });

  it("lower-cases 'İ' to two units that both map to it", () => {
    const r = normalizeWithMap('İstanbul', lenient);
    assert.equal(r.text, 'i\u0307stanbul');
    assert.deepEqual(Array.from(r.toOriginal).slice(0, 3), [0, 0, 1]);
    assert.equal(r.toOriginal[r.text.length], 8);
  });

  it('treats final and medial sigma alike when folding', () => {
    assert.equal(normalizeWithMap('ΟΔΟΣ οδος', lenient).text, 'οδοσ οδοσ');
  });

  it('composes Hangul jamo into a syllable', () => {
    assert.equal(normalizeWithMap('\u1100\u1161\u11a8', lenient).text, '각');
  });

  it('handles the empty string', () => {
    const r = normalizeWithMap('', lenient);
    assert.equal(r.text, '');
    assert.deepEqual(Array.from(r.toOriginal), [0]);
  });

  it('is linear: a 2M-char text of whitespace and marks normalizes', () => {
    const text = ' \u0301'.repeat(1_000_000);
    assert.equal(normalizeWithMap(text, lenient).text.length, 2_000_000);
  });

  it('maps every normalized range between cluster boundaries to an original slice that normalizes back to it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\n', 'e\u0301', 'İ', 'Σ', '“', '’', '\u1100', '\u1161', 'x', '\u0301', '😀', '\ud800') }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (text, x, y, fold) => {
          const r = normalizeWithMap(text, { foldCase: fold });
          const n = r.text.length;
          assert.equal(r.toOriginal[n], text.length);
          for (let i = 1; i <= n; i++) assert.ok(r.toOriginal[i] >= r.toOriginal[i - 1]);
          const boundaries = [0];
          for (let i = 1; i < n; i++) if (r.toOriginal[i] !== r.toOriginal[i - 1]) boundaries.push(i);
          boundaries.push(n);
          const a = boundaries[x % boundaries.length];
          const b = boundaries[y % boundaries.length];
          const [from, to] = a <= b ? [a, b] : [b, a];
          const slice = text.slice(r.toOriginal[from], r.toOriginal[to]);
          assert.equal(normalizeWithMap(slice, { foldCase: fold }).text, r.text.slice(from, to));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws and is idempotent on arbitrary Unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = normalizeWithMap(text, lenient).text;
        assert.equal(normalizeWithMap(once, lenient).text, once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('normalizeForm', () => {
  it('trims the space a leading or trailing whitespace run becomes', () => {
    assert.equal(normalizeForm('  “New   York” \n', lenient), '"new york"');
  });

  it('keeps case in strict mode', () => {
    assert.equal(normalizeForm('DB.Query()', strict), 'DB.Query()');
  });
});

describe('normalizeForm agrees with normalizeWithMap', () => {
  it('on any text, trimmed, in both modes', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '  ', '\t', '“', 'é', 'İ', '~', '\u007f', '1') }), fc.boolean(), (text, fold) => {
        const full = normalizeWithMap(text, { foldCase: fold }).text;
        const trimmed = full.slice(full.startsWith(' ') ? 1 : 0, full.length - (full.endsWith(' ') && full.length > 1 ? 1 : 0));
        assert.equal(normalizeForm(text, { foldCase: fold }), full === ' ' ? '' : trimmed);
      }),
      { numRuns: 2000 },
    );
  });
});
