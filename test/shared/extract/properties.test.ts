import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { extractEntities } from '../../../shared/extract';

/** Text built from the characters the extractors care about, so generated inputs hit their rules. */
// biome-ignore format: a list of words or values reads best packed
const interesting = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '$', '4.2M', '1,234', '47', ' customers', '%', 'Q3', ' 2024', 'FY24', 'Jan 15', '2024-01-15', '3 days ago',
        'user.email', 'db.query(', ')', '"', "'", '`', '“', '”', '‘', '’', '«', '»', 'https://', 'example.com', '/docs',
        'src/', '.ts', '${', '}', '{{', '}}', '<', '>', '[', ']', 'according to ', 'the ', 'New ', 'York ', 'Alice ',
        '. ', ', ', '\n', ' ', 'I\'ll ', 'don\'t ', 'É', '😀', '\ud800',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

function checkInvariants(output: string): void {
  const first = extractEntities(output);
  assert.deepEqual(extractEntities(output), first, 'not deterministic');
  let previousStart = -1;
  const ranges: Array<[number, number]> = [];
  for (const e of first) {
    assert.ok(e.span[0] >= 0 && e.span[0] < e.span[1] && e.span[1] <= output.length, `span out of bounds: ${JSON.stringify(e.span)}`);
    assert.equal(output.slice(e.span[0], e.span[1]), e.text);
    assert.deepEqual(e.occurrences[0], e.span);
    assert.ok(e.span[0] > previousStart, 'not in document order');
    previousStart = e.span[0];
    assert.ok(e.forms.length > 0 && e.forms.every((f) => f.length > 0), 'empty form');
    for (const [s, t] of e.occurrences) {
      assert.ok(s >= 0 && s < t && t <= output.length, `occurrence out of bounds: ${s},${t}`);
      ranges.push([s, t]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < ranges.length; k++) assert.ok(ranges[k][0] >= ranges[k - 1][1], 'overlapping ranges');
}

describe('extract: properties', () => {
  it('never throws, is deterministic, and keeps every range in bounds and exact (any string)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 200 }), checkInvariants), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), checkInvariants), { numRuns: 500 });
  });

  it("keeps the same guarantees on text made of the extractors' trigger pieces", () => {
    fc.assert(fc.property(interesting, checkInvariants), { numRuns: 1500 });
  });
});
