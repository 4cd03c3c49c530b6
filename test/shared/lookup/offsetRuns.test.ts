import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { OffsetRuns } from '../../../shared/lookup/offsetRuns';
import { appendNormalized, NormalizedBuffer, normalizeWithMap } from '../../../shared/text/normalize';

describe('OffsetRuns', () => {
  it('answers exactly what the full map says, for any non-decreasing map', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 200 }), (steps) => {
        const map = new Int32Array(steps.length);
        let at = 0;
        steps.forEach((s, k) => {
          at = Math.max(0, at + s);
          map[k] = at;
        });
        const runs = OffsetRuns.fromMap(map, map.length);
        for (let k = 0; k < map.length; k++) assert.equal(runs.at(k), map[k]);
      }),
    );
  });

  it('answers around() as four calls of at() would, for every range', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 2, maxLength: 80 }), (steps) => {
        const map = new Int32Array(steps.length);
        let at = 0;
        steps.forEach((s, k) => {
          at = Math.max(0, at + s);
          map[k] = at;
        });
        const runs = OffsetRuns.fromMap(map, map.length);
        const out = new Int32Array(4);
        for (let k = 1; k < map.length; k++) {
          for (let end = k; end < map.length; end++) {
            runs.around(k, end, out);
            assert.deepEqual([...out], [map[k - 1], map[k], map[end - 1], map[end]]);
          }
        }
      }),
    );
  });

  it('stores one run per change of shift: ASCII prose with two folded whitespace runs needs three', () => {
    const { toOriginal } = normalizeWithMap('one two\n\nthree  four five', { foldCase: true });
    const runs = OffsetRuns.fromMap(toOriginal, toOriginal.length);
    assert.equal(runs.runCount, 3);
    assert.equal(runs.memoryBytes(), 24);
  });

  it('recorded while normalizing, equals the runs of the full map, across appended parts', () => {
    const unit = fc.constantFrom('a', 'B', ' ', '\n', '\t', 'e\u0301', 'İ', 'Σ', '“', '\u1100', '\u1161', 'x', '\u0301', '😀', '\ud800');
    fc.assert(
      fc.property(fc.array(fc.string({ unit }), { maxLength: 4 }), fc.boolean(), (parts, fold) => {
        const withMap = new NormalizedBuffer(4);
        const withRuns = new NormalizedBuffer(4, 'runs');
        for (const part of parts) {
          for (const out of [withMap, withRuns]) {
            appendNormalized(part, { foldCase: fold }, out);
            out.push(0xffff, part.length);
          }
        }
        assert.equal(withRuns.length, withMap.length);
        assert.deepEqual(withRuns.units.subarray(0, withRuns.length), withMap.units.subarray(0, withMap.length));
        const expected = OffsetRuns.fromMap(withMap.map, withMap.length);
        const recorded = OffsetRuns.fromRuns(withRuns.runs!);
        assert.deepEqual(recorded, expected);
      }),
      { numRuns: 2000 },
    );
  });
});
