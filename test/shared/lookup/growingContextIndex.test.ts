import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { GrowingContextIndex } from '../../../shared/lookup/growingContextIndex';

describe('GrowingContextIndex', () => {
  it('finds what one index over all parts finds, however the parts were appended', () => {
    const unit = fc.constantFrom('a', 'b', 'A', ' ', '\n', '.', 'é', 'e\u0301', '4', '7', '$');
    const part = fc.string({ unit, maxLength: 24 });
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        fc.string({ unit, minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 40 })),
        fc.option(fc.integer({ min: 0, max: 6 })),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (batches, form, strict, before, limit, modulus, settles) => {
          const grown = GrowingContextIndex.build(batches[0]);
          // Some appends leave their rebuilds for later; lookups in between give the same answers.
          batches.slice(1).forEach((batch, k) => grown.append(batch, settles[k]));
          const all = batches.flat();
          const whole = ContextIndex.build(all);
          const opts = {
            strict,
            accept: (p: number) => p % modulus !== 1,
            ...(before === null ? {} : { before }),
            ...(limit === null ? {} : { limit }),
          };
          assert.equal(grown.partCount, all.length);
          assert.equal(grown.size, whole.size);
          assert.deepEqual(grown.find(form, opts), whole.find(form, opts));
          all.forEach((text, p) => assert.equal(grown.partText(p), text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a logarithmic number of indexes as parts keep coming', () => {
    const grown = GrowingContextIndex.build(['the session so far: 12 files read']);
    for (let turn = 0; turn < 1000; turn++) grown.append([`turn ${turn}: read src/file${turn}.ts, 40 lines`]);
    assert.ok(grown.levelCount <= 11, `${grown.levelCount} indexes`);
    assert.deepEqual(grown.find('src/file999.ts', { strict: false }), [{ part: 1000, start: 15, end: 29 }]);
  });

  it('leaves rebuilds to settle() when asked, and settles to a logarithmic number of indexes', () => {
    const grown = GrowingContextIndex.build(['the session so far: 12 files read']);
    for (let turn = 0; turn < 64; turn++) grown.append([`turn ${turn}: read src/file${turn}.ts, 40 lines`], false);
    assert.equal(grown.levelCount, 65, 'one index per append until settled');
    assert.deepEqual(grown.find('src/file63.ts', { strict: false }), [{ part: 64, start: 14, end: 27 }]);
    grown.settle();
    assert.ok(grown.levelCount <= 8, `${grown.levelCount} indexes`);
    assert.deepEqual(grown.find('src/file63.ts', { strict: false }), [{ part: 64, start: 14, end: 27 }]);
    assert.equal(grown.partCount, 65);
  });
});
