import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { GrowingContextIndex } from '../../../shared/lookup/growingContextIndex';
import type { FindOptions } from '../../../shared/lookup/contextIndex';

/** What `findLast` must give: `find`'s accepted matches, nearest first, cut at the limit. */
function expected(index: { find(form: string, o: FindOptions): unknown[] }, form: string, opts: FindOptions): unknown[] {
  const all = index.find(form, { ...opts, limit: undefined }).reverse();
  return opts.limit === undefined ? all : all.slice(0, opts.limit);
}

const unit = fc.constantFrom('a', 'b', 'A', ' ', '\n', '.', 'é', 'e\u0301', '4', '7', '$');
const options = fc.record({
  strict: fc.boolean(),
  before: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  modulus: fc.integer({ min: 1, max: 7 }),
});

function findOptions(o: { strict: boolean; before?: number; limit?: number; modulus: number }): FindOptions {
  return {
    strict: o.strict,
    accept: (p) => p % o.modulus !== 1,
    ...(o.before === undefined ? {} : { before: o.before }),
    ...(o.limit === undefined ? {} : { limit: o.limit }),
  };
}

describe('finding the nearest occurrences first', () => {
  it('gives the accepted matches find gives, from the last one back, up to the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit, maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.string({ unit, minLength: 1, maxLength: 4 }),
        options,
        (parts, form, o) => {
          const index = ContextIndex.build(parts);
          const opts = findOptions(o);
          assert.deepEqual(index.findLast(form, opts), expected(index, form, opts));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees on long repetitive text, where a common form is filtered by a second gram', () => {
    // Long buckets: every gram of the forms occurs hundreds of times, so lookups take the pair path.
    const words = fc.constantFrom('read ', 'src/app.ts ', 'app ', 'line 42 ', 'lines ', 'ts ', 'rea', 'd src', '\n');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(words, { minLength: 50, maxLength: 300 }).map((w) => w.join('')),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom('read src/app.ts', 'app.ts', 'line 42', 'ts line', 'ad s', 'rc', 'e'),
        options,
        (parts, form, o) => {
          const index = ContextIndex.build(parts);
          const opts = findOptions(o);
          assert.deepEqual(index.findLast(form, opts), expected(index, form, opts));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives what one index gives when parts were appended to a growing index', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit, maxLength: 24 }), { maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        fc.string({ unit, minLength: 1, maxLength: 4 }),
        options,
        (batches, form, o) => {
          const grown = GrowingContextIndex.build(batches[0]);
          for (const batch of batches.slice(1)) grown.append(batch);
          const whole = ContextIndex.build(batches.flat());
          const opts = findOptions(o);
          assert.deepEqual(grown.findLast(form, opts), whole.findLast(form, opts));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads only what it returns on a form that matches everywhere', () => {
    const runOfA = ContextIndex.build(['a'.repeat(1_000_000)]);
    assert.deepEqual(runOfA.findLast('aaaa', { strict: false, limit: 2 }), [
      { part: 0, start: 999_996, end: 1_000_000 },
      { part: 0, start: 999_995, end: 999_999 },
    ]);
  });
});
