import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ContextMatch } from '../../../shared/classifier/types';
import { ContextIndex, type FindOptions } from '../../../shared/lookup/contextIndex';
import { GrowingContextIndex } from '../../../shared/lookup/growingContextIndex';
import { MarkupAwareIndex } from '../../../shared/refine/markup/markupIndex';
import type { ContextLookup } from '../../../shared/lookup/contextLookup';

/**
 * What a filtered lookup must give: the first `examine` matches of the
 * unfiltered lookup, those `keep` accepts, cut at the limit.
 */
function expected(index: ContextLookup, direction: 'find' | 'findLast', form: string, opts: FindOptions): ContextMatch[] {
  const { keep, examine, limit, ...plain } = opts;
  const seen = index[direction](form, { ...plain, limit: examine });
  const kept = keep ? seen.filter((m) => keep(m.part, m.start, m.end)) : seen;
  return limit === undefined ? kept : kept.slice(0, limit);
}

const unit = fc.constantFrom('a', 'b', 'A', ' ', '\n', '.', 'é', '4', '7', '*', '_');
const options = fc.record({
  strict: fc.boolean(),
  before: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  examine: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  modulus: fc.integer({ min: 1, max: 7 }),
  keepEvery: fc.integer({ min: 1, max: 4 }),
});

/** A keep that reads the match's own characters, as the classifier's filters do (a part with `b` before the match is refused). */
function findOptions(
  index: ContextLookup,
  o: { strict: boolean; before?: number; limit?: number; examine?: number; modulus: number; keepEvery: number },
): FindOptions {
  return {
    strict: o.strict,
    accept: (p) => p % o.modulus !== 1,
    keep: (part, start, end) => index.partText(part)[start - 1] !== 'b' && (start + end) % o.keepEvery === 0,
    ...(o.before === undefined ? {} : { before: o.before }),
    ...(o.limit === undefined ? {} : { limit: o.limit }),
    ...(o.examine === undefined ? {} : { examine: o.examine }),
  };
}

const parts = fc.array(fc.string({ unit, maxLength: 30 }), { minLength: 1, maxLength: 6 });
const form = fc.string({ unit, minLength: 1, maxLength: 3 });

describe('lookups that keep some matches and examine a bounded number', () => {
  for (const direction of ['find', 'findLast'] as const) {
    it(`${direction} keeps what the filter accepts among the first matches it examines`, () => {
      fc.assert(
        fc.property(parts, form, options, (texts, f, o) => {
          const index = ContextIndex.build(texts);
          const opts = findOptions(index, o);
          assert.deepEqual(index[direction](f, opts), expected(index, direction, f, opts));
        }),
        { numRuns: 2000 },
      );
    });

    it(`${direction} on a growing index gives what one index over all parts gives`, () => {
      fc.assert(
        fc.property(fc.array(parts, { minLength: 1, maxLength: 5 }), form, options, (batches, f, o) => {
          const grown = GrowingContextIndex.build(batches[0]);
          for (const batch of batches.slice(1)) grown.append(batch);
          const whole = ContextIndex.build(batches.flat());
          assert.deepEqual(grown[direction](f, findOptions(grown, o)), whole[direction](f, findOptions(whole, o)));
        }),
        { numRuns: 1000 },
      );
    });

    it(`${direction} through markup judges the raw range the caller gets`, () => {
      fc.assert(
        fc.property(parts, form, options, (texts, f, o) => {
          const index = MarkupAwareIndex.build(texts);
          const opts = findOptions(index, o);
          assert.deepEqual(index[direction](f, opts), expected(index, direction, f, opts));
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('stops after the examined matches however rare the kept ones are', () => {
    const index = ContextIndex.build(['18 28 38 48 58 68 78 88 8']);
    let asked = 0;
    const keep = (part: number, start: number) => {
      asked++;
      return start === 0 || index.partText(part)[start - 1] === ' ';
    };
    // Every `8` before the last one ends a longer number: with 3 examined, the whole `8` at the end is never reached.
    assert.deepEqual(index.find('8', { strict: false, keep: (p, s) => keep(p, s) && index.partText(p)[s + 1] === undefined, examine: 3 }), []);
    assert.equal(asked, 3);
    assert.deepEqual(index.findLast('8', { strict: false, keep: (p, s) => keep(p, s), examine: 3, limit: 1 }), [{ part: 0, start: 24, end: 25 }]);
  });
});
