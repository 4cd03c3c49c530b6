import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { unitWithin } from '../../../shared/text/unitWithin';

/** The definition: the first index in the clamped range holding the unit. */
function firstIndex(text: string, unit: number, from: number, to: number): number {
  for (let i = Math.max(0, from); i < Math.min(to, text.length); i++) if (text.charCodeAt(i) === unit) return i;
  return -1;
}

describe('unitWithin', () => {
  it('finds the first unit inside the range and never past it, surrogate halves included', () => {
    const text = fc.array(fc.constantFrom('a', '\\', '"', 'é', '😀', '\n'), { maxLength: 40 }).map((xs) => xs.join(''));
    const unit = fc.constantFrom(0x5c, 0x22, 0x0a, 0xd83d, 0xde00, 0x61);
    fc.assert(
      fc.property(text, unit, fc.integer({ min: -5, max: 50 }), fc.integer({ min: -5, max: 50 }), (t, u, from, to) => {
        assert.equal(unitWithin(t, u, from, to), firstIndex(t, u, from, to));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops at the end of the range in a long text whose next escape is far away', () => {
    const text = `"${'x'.repeat(1_000_000)}"\\n`;
    assert.equal(unitWithin(text, 0x5c, 1, 1_000_001), -1);
    assert.equal(unitWithin(text, 0x5c, 1, text.length), 1_000_002);
  });
});
