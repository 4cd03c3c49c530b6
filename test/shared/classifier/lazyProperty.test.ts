import { strict as assert } from 'node:assert';
import { defineLazy, isPending, mapInPlace, readPart } from '../../../shared/classifier/lazyProperty';

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

  it('adds a property the object lacks in its place, and defined again it is computed again', () => {
    const entity = { text: 'x' } as { text: string; matches: number[]; span: number };
    let runs = 0;
    defineLazy(
      entity,
      'matches',
      () => (runs++, [1, 2, 3]),
      (n) => [1, 2, 3].slice(0, n),
    );
    entity.span = 4;
    assert.deepEqual(Object.keys(entity), ['text', 'matches', 'span']);
    assert.deepEqual(readPart(entity, 'matches', 1), [1]);
    assert.equal(runs, 0);
    assert.equal(JSON.stringify(entity), '{"text":"x","matches":[1,2,3],"span":4}');
    assert.equal(isPending(entity, 'matches'), false);
    assert.equal(readPart(entity, 'matches', 1), undefined);
    defineLazy(entity, 'matches', () => (runs++, [9]));
    assert.equal(isPending(entity, 'matches'), true);
    assert.deepEqual(entity.matches, [9]);
    assert.equal(runs, 2);
  });
});
