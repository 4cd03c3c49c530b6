import { strict as assert } from 'node:assert';
import { defineLazy, mapInPlace } from '../../../shared/classifier/lazyProperty';

describe('lazy properties', () => {
  it('computes on first read only, and serializes and spreads like a plain property', () => {
    let runs = 0;
    const entity = { text: 'x', matches: [] as number[] };
    defineLazy(entity, 'matches', () => (runs++, [1, 2]));
    assert.equal(runs, 0);
    assert.equal(JSON.stringify(entity), '{"text":"x","matches":[1,2]}');
    assert.deepEqual({ ...entity }.matches, [1, 2]);
    assert.equal(runs, 1);
  });

  it('a value written before the first read skips the computation', () => {
    const entity = { matches: [] as number[] };
    defineLazy(entity, 'matches', () => assert.fail('computed'));
    entity.matches = [7];
    assert.deepEqual(entity.matches, [7]);
  });

  it('maps a pending value when it is first read, and a plain value at once', () => {
    let runs = 0;
    const pending = { matches: [] as number[] };
    defineLazy(pending, 'matches', () => (runs++, [1, 2]));
    mapInPlace(pending, 'matches', (m) => m.map((x) => x * 10));
    assert.equal(runs, 0);
    assert.deepEqual(pending.matches, [10, 20]);
    const plain = { matches: [3] };
    mapInPlace(plain, 'matches', (m) => m.map((x) => x * 10));
    assert.deepEqual(plain.matches, [30]);
  });
});
