import { strict as assert } from 'node:assert';
import {
  addOccurrenceRule,
  addTypeRule,
  addValueRule,
  emptyIgnoreStore,
  IgnoreMatcher,
  occurrenceKey,
  parseIgnoreStore,
  serializeIgnoreStore,
} from '../../../shared/check/ignores';

describe('ignores', () => {
  const text = 'Intro. Q3 revenue was $4.2M from 47 customers.';
  const at = text.indexOf('$4.2M');

  it('keys an occurrence by its neighbours, not its offset', () => {
    const k = occurrenceKey('number', '$4.2m', text, at, at + 5);
    const shifted = 'A much longer intro, edited. Q3 revenue was $4.2M from 47 customers.';
    const s = shifted.indexOf('$4.2M');
    assert.equal(occurrenceKey('number', '$4.2m', shifted, s, s + 5), k);
    const reworded = 'Intro. Q3 profit was $4.2M from 47 customers.';
    const r = reworded.indexOf('$4.2M');
    assert.notEqual(occurrenceKey('number', '$4.2m', reworded, r, r + 5), k);
    assert.match(k, /^[0-9a-f]{16}$/);
  });

  it('matches each scope and reports the widest', () => {
    const key = occurrenceKey('number', '$4.2m', text, at, at + 5);
    let store = addOccurrenceRule(emptyIgnoreStore(), { key, type: 'number', text: '$4.2M' });
    const occ = { type: 'number' as const, normalized: '$4.2m', key };
    assert.equal(new IgnoreMatcher(store).match(occ), 'occurrence');
    assert.equal(new IgnoreMatcher(store).match({ ...occ, key: 'other' }), undefined);
    store = addValueRule(store, { type: 'number', value: '$4.2m' });
    assert.equal(new IgnoreMatcher(store).match({ ...occ, key: 'other' }), 'value');
    store = addTypeRule(store, 'number');
    assert.equal(new IgnoreMatcher(store).match(occ), 'type');
    assert.equal(new IgnoreMatcher(store).match({ type: 'date', normalized: '$4.2m', key }), undefined);
  });

  it('round-trips through JSON and drops malformed entries', () => {
    const store = addTypeRule(addValueRule(emptyIgnoreStore(), { type: 'url', value: 'https://x.y' }), 'proper_noun');
    assert.deepEqual(parseIgnoreStore(serializeIgnoreStore(store)), store);
    const parsed = parseIgnoreStore('{"values":[{"type":"bogus","value":"a"},{"type":"date","value":"2024"}],"types":["number","nope"]}');
    assert.deepEqual(parsed.values, [{ type: 'date', value: '2024' }]);
    assert.deepEqual(parsed.types, ['number']);
    assert.deepEqual(parseIgnoreStore('not json'), emptyIgnoreStore());
  });

  it('adding an existing rule leaves the store unchanged', () => {
    const s1 = addTypeRule(emptyIgnoreStore(), 'date');
    assert.equal(addTypeRule(s1, 'date'), s1);
  });
});
