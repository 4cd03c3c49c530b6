import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { latin1StandIn } from '../../../shared/lookup/gramIndex';
import { normalizeForm } from '../../../shared/text/normalize';
import type { ContextMatch } from '../../../shared/classifier/types';

const lenient = { strict: false };
const strict = { strict: true };

function texts(index: ContextIndex, matches: ContextMatch[]): string[] {
  return matches.map((m) => index.partText(m.part).slice(m.start, m.end));
}

describe('ContextIndex', () => {
  const index = ContextIndex.build([
    'Q3 numbers: 47 customers signed up, revenue of $4.2M.  The category cat.',
    'İstanbul office: “quoted\n\ntext” here; see cafe\u0301 menu.',
    'Revenue was 4200000 in Q3.',
  ]);

  it('finds case-folded substrings in every part, in part then position order', () => {
    const found = index.find('q3', lenient);
    assert.deepEqual(found, [
      { part: 0, start: 0, end: 2 },
      { part: 2, start: 23, end: 25 },
    ]);
  });

  it('tells a character past Latin-1 from the Latin-1 character kept in its place, in both directions and alone', () => {
    // Each character past Latin-1 is held as a Latin-1 character of the same gram class: find both kinds.
    const wide = ['→', '—', '中', '\uffff'];
    for (const w of wide) {
      const standIn = String.fromCharCode(latin1StandIn(w.charCodeAt(0)));
      const both = ContextIndex.build([`x${w}y and x${standIn}y`, `${w}`, `${standIn}`]);
      assert.deepEqual(texts(both, both.find(`x${w}y`, lenient)), [`x${w}y`], w);
      assert.deepEqual(texts(both, both.find(`x${standIn}y`, lenient)), [`x${standIn}y`], w);
      assert.deepEqual(texts(both, both.findLast(`x${standIn}y`, lenient)), [`x${standIn}y`], w);
      assert.deepEqual(
        both.find(standIn, lenient).map((m) => [m.part, m.start]),
        [
          [0, 9],
          [2, 0],
        ],
        w,
      );
      assert.deepEqual(
        both.findLast(standIn, lenient).map((m) => [m.part, m.start]),
        [
          [2, 0],
          [0, 9],
        ],
        w,
      );
    }
    const arrows = ContextIndex.build(['a → b', '→']);
    assert.deepEqual(
      arrows.find('→', lenient).map((m) => [m.part, m.start]),
      [
        [0, 2],
        [1, 0],
      ],
    );
    assert.deepEqual(texts(arrows, arrows.findLast('a → b', strict)), ['a → b']);
  });

  it('reports ranges in the original text across whitespace runs and smart quotes', () => {
    const found = index.find('"quoted text"', lenient);
    assert.deepEqual(found, [{ part: 1, start: 17, end: 31 }]);
    assert.deepEqual(texts(index, found), ['“quoted\n\ntext”']);
  });

  it('matches composed and decomposed accents and maps back to the decomposed original', () => {
    const found = index.find('caf\u00e9', lenient);
    assert.deepEqual(texts(index, found), ['cafe\u0301']);
  });

  it("matches 'İstanbul' against itself (its lower case is two units) and not a plain 'istanbul'", () => {
    assert.deepEqual(texts(index, index.find('İSTANBUL', lenient)), ['İstanbul']);
    assert.deepEqual(index.find('istanbul', lenient), []);
  });

  it('does not report a match that would cut a character in two', () => {
    // 'i' is the first unit of the lower case of 'İ'; reporting it would cover half a character.
    const only = ContextIndex.build(['İ']);
    assert.deepEqual(only.find('i', lenient), []);
  });

  it('never matches across two parts', () => {
    const split = ContextIndex.build(['alpha bra', 'vo charlie']);
    assert.deepEqual(split.find('bravo', lenient), []);
    assert.deepEqual(split.find('bra', lenient), [{ part: 0, start: 6, end: 9 }]);
  });

  it('searches only accepted parts', () => {
    assert.deepEqual(index.find('q3', { strict: false, accept: (p) => p !== 0 }), [{ part: 2, start: 23, end: 25 }]);
    assert.deepEqual(index.find('q3', { strict: false, accept: () => false }), []);
  });

  it('stops at the limit, keeping the earliest matches', () => {
    const many = ContextIndex.build(['ab ab ab ab ab']);
    assert.deepEqual(many.find('ab', { strict: false, limit: 2 }), [
      { part: 0, start: 0, end: 2 },
      { part: 0, start: 3, end: 5 },
    ]);
  });

  it('finds one-unit and two-unit forms', () => {
    const small = ContextIndex.build(['x 7 y 47']);
    assert.deepEqual(small.find('7', lenient), [
      { part: 0, start: 2, end: 3 },
      { part: 0, start: 7, end: 8 },
    ]);
    assert.deepEqual(small.find('47', lenient), [{ part: 0, start: 6, end: 8 }]);
  });

  it('returns nothing for an empty or whitespace-only form', () => {
    assert.deepEqual(index.find('', lenient), []);
    assert.deepEqual(index.find('   ', lenient), []);
  });

  describe('strict', () => {
    it('is case-sensitive', () => {
      assert.deepEqual(index.find('Q3', strict).length, 2);
      assert.deepEqual(index.find('q3', strict), []);
    });

    it('requires token boundaries: cat is not inside category', () => {
      assert.deepEqual(texts(index, index.find('cat', lenient)), ['cat', 'cat']);
      const found = index.find('cat', strict);
      assert.deepEqual(found, [{ part: 0, start: 68, end: 71 }]);
    });

    it('requires the match to lie within one sentence', () => {
      const ctx = ContextIndex.build(['The deal closed. Acme Corp paid. Acme Corp agreed']);
      assert.deepEqual(ctx.find('closed. Acme', lenient).length, 1);
      assert.deepEqual(ctx.find('closed. Acme', strict), []);
      assert.deepEqual(ctx.find('Acme Corp', strict).length, 2);
    });
  });

  it('holds thousands of parts and finds a form in the last one', () => {
    const parts = Array.from({ length: 5000 }, (_, i) => `turn ${i} said nothing special`);
    parts.push('the answer is 31337');
    const big = ContextIndex.build(parts);
    assert.equal(big.partCount, 5001);
    assert.deepEqual(big.find('31337', lenient), [{ part: 5000, start: 14, end: 19 }]);
    assert.deepEqual(big.find('turn 4999 said', lenient), [{ part: 4999, start: 0, end: 14 }]);
  });

  it('agrees with a brute-force search and every location normalizes back to the form', () => {
    const unit = fc.constantFrom('a', 'b', 'A', ' ', '\n', '.', 'é', 'e\u0301', 'İ', '“', '"', '4', '7');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit, maxLength: 30 }), { minLength: 1, maxLength: 4 }),
        fc.string({ unit, minLength: 1, maxLength: 4 }),
        (parts, form) => {
          const idx = ContextIndex.build(parts);
          const wanted = normalizeForm(form, { foldCase: true });
          const found = idx.find(form, lenient);
          for (const m of found) {
            assert.equal(normalizeForm(parts[m.part].slice(m.start, m.end), { foldCase: true }), wanted);
          }
          // Brute force: every original range that normalizes to the form without splitting an accented letter.
          if (wanted.length > 0 && !wanted.includes(' ')) {
            const expected = new Set<string>();
            parts.forEach((text, p) => {
              for (let s = 0; s < text.length; s++) {
                for (let e = s + 1; e <= text.length; e++) {
                  const whole = text[e] !== '\u0301' && text.slice(s, e).trim() === text.slice(s, e);
                  if (whole && normalizeForm(text.slice(s, e), { foldCase: true }) === wanted) {
                    expected.add(`${p}:${s}`);
                  }
                }
              }
            });
            assert.deepEqual(new Set(found.map((m) => `${m.part}:${m.start}`)), expected);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('ContextIndex on pathological input', () => {
  // A million copies of one letter: every gram is the same, so candidate lists are as long as they get.
  const runOfA = ContextIndex.build(['a'.repeat(1_000_000)]);

  it('stops at the limit when a form matches everywhere', () => {
    assert.deepEqual(runOfA.find('aaaa', { strict: false, limit: 3 }), [
      { part: 0, start: 0, end: 4 },
      { part: 0, start: 1, end: 5 },
      { part: 0, start: 2, end: 6 },
    ]);
  });

  it('answers at once when one gram of the form never occurs', () => {
    assert.deepEqual(runOfA.find('aaab', lenient), []);
  });

  it('finishes a strict lookup that rejects every candidate on token boundaries', () => {
    assert.deepEqual(runOfA.find('aaaa', strict), []);
  });

  it('finishes one-unit and two-unit lookups that fail everywhere', () => {
    const digits = ContextIndex.build(['12'.repeat(500_000)]);
    assert.deepEqual(digits.find('3', lenient), []);
    assert.deepEqual(digits.find('13', lenient), []);
    assert.deepEqual(digits.find('21', { strict: false, accept: () => false }), []);
  });
});

describe('ContextIndex before', () => {
  const turns = ContextIndex.build(['ticket PRJ-1 opened', 'ticket PRJ-1 assigned', 'ticket PRJ-1 closed']);

  it('searches only the parts before the given index', () => {
    assert.deepEqual(turns.find('prj-1', { strict: false, before: 2 }), [
      { part: 0, start: 7, end: 12 },
      { part: 1, start: 7, end: 12 },
    ]);
    assert.deepEqual(turns.find('prj-1', { strict: false, before: 0 }), []);
    assert.equal(turns.find('prj-1', { strict: false, before: 99 }).length, 3);
  });

  it('combines with accept', () => {
    assert.deepEqual(turns.find('prj-1', { strict: false, before: 2, accept: (p) => p !== 0 }), [{ part: 1, start: 7, end: 12 }]);
  });
});
