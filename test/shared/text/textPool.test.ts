/**
 * The pool of repeated texts: whatever it holds, a text handed in comes back
 * equal to itself, including texts of one length that differ (which the pool
 * tells apart by comparing them) and more of one length than it holds.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { TextPool } from '../../../shared/text/textPool';

/** A text long enough to be pooled: a 300-unit run of `fill` with `mark` at `at`. */
function text(fill: string, mark: string, at: number): string {
  const base = fill.repeat(300);
  return base.slice(0, at) + mark + base.slice(at + 1);
}

describe('TextPool', () => {
  it('hands back each text as it was given, over texts of equal lengths that differ at any place', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('x', 'y', 'é'), fc.integer({ min: 0, max: 299 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 60,
        }),
        (specs) => {
          const pool = new TextPool();
          for (const [fill, mark, at, extra] of specs) {
            const t = text(fill, mark, at) + 'z'.repeat(extra);
            assert.equal(pool.shared(t), t);
          }
        },
      ),
    );
  });

  it('still hands back a repeated text once more texts of its length came than it holds', () => {
    const pool = new TextPool();
    const texts = Array.from({ length: 20 }, (_, i) => text('a', 'b', i));
    for (const t of texts) assert.equal(pool.shared(t), t);
    for (const t of texts) assert.equal(pool.shared(t.slice()), t);
    assert.equal(pool.shared('short'), 'short');
  });
});
