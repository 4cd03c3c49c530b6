import { strict as assert } from 'node:assert';
import { compactCount, tokenDetail, tokenLine, wallTime } from '../../../shared/usageView/text';

const counts = (input: number, output: number, cacheWrite: number | null, cacheRead: number, reasoning: number | null = null) => ({
  input,
  output,
  cacheWrite,
  cacheRead,
  reasoning,
});

describe('usage in words', () => {
  it('writes counts with three significant figures at most, carrying into the next unit', () => {
    assert.deepEqual([0, 830, 999, 1000, 1147, 9994, 9996, 12_431, 99_960, 125_000, 999_400, 999_600, 3_210_000, 2_500_000_000].map(compactCount), [
      '0',
      '830',
      '999',
      '1k',
      '1.15k',
      '9.99k',
      '10k',
      '12.4k',
      '100k',
      '125k',
      '999k',
      '1M',
      '3.21M',
      '2.5B',
    ]);
  });

  it('counts the whole prompt as "in", and the cache reads as "cached" only when there are some', () => {
    assert.equal(tokenLine(counts(3, 830, 512, 11_916)), '12.4k in · 830 out · 11.9k cached');
    assert.equal(tokenLine(counts(4, 40, 9120, 0)), '9.12k in · 40 out');
    // Codex: no cache writes recorded; input already less what was cached.
    assert.equal(tokenLine(counts(1315, 31, null, 3072)), '4.39k in · 31 out · 3.07k cached');
  });

  it('gives every figure in full for a tooltip, reasoning where the log says', () => {
    assert.equal(tokenDetail(counts(3, 830, 512, 11_916)), 'in 12,431 (3 new, 512 written to the cache, 11,916 read from the cache) · out 830');
    assert.equal(tokenDetail(counts(1315, 296, null, 3072, 256)), 'in 4,387 (1,315 new, 3,072 read from the cache) · out 296 (256 reasoning)');
  });

  it('writes wall time as groundcheck usage does', () => {
    assert.deepEqual([12_400, 157_973, 7_500_000].map(wallTime), ['12s', '2m 38s', '2h 05m']);
  });
});
