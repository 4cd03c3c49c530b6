import { strict as assert } from 'node:assert';
import { emptyIgnoreStore, type IgnoreStore, IgnoreMatcher, occurrenceKey } from '../../../shared/check/ignores';
import { addIgnoreRule, locateProblem, parseIgnoreStore } from '../../../shared/check/ignoreStoreText';

/** The text of a store with these rules, as the editor writes it from nothing. */
function storeText(...rules: Parameters<typeof addIgnoreRule>[1][]): string {
  let text = '';
  for (const rule of rules) {
    const added = addIgnoreRule(text, rule);
    assert.ok('text' in added);
    text = added.text;
  }
  return text;
}

function rulesOf(text: string): IgnoreStore {
  const parsed = parseIgnoreStore(text);
  assert.equal(parsed.problem, undefined);
  return parsed.store;
}

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
    const occurrence = { scope: 'occurrence' as const, key, type: 'number' as const, text: '$4.2M' };
    let store = rulesOf(storeText(occurrence));
    const occ = { type: 'number' as const, normalized: '$4.2m', key };
    assert.equal(new IgnoreMatcher(store).match(occ), 'occurrence');
    assert.equal(new IgnoreMatcher(store).match({ ...occ, key: 'other' }), undefined);
    const value = { scope: 'value' as const, type: 'number' as const, value: '$4.2m' };
    store = rulesOf(storeText(occurrence, value));
    assert.equal(new IgnoreMatcher(store).match({ ...occ, key: 'other' }), 'value');
    store = rulesOf(storeText(occurrence, value, { scope: 'type', type: 'number' }));
    assert.equal(new IgnoreMatcher(store).match(occ), 'type');
    assert.equal(new IgnoreMatcher(store).match({ type: 'date', normalized: '$4.2m', key }), undefined);
  });

  it('reads what it writes and drops malformed entries', () => {
    const text = storeText({ scope: 'value', type: 'url', value: 'https://x.y' }, { scope: 'type', type: 'proper_noun' });
    assert.deepEqual(rulesOf(text), { ...emptyIgnoreStore(), values: [{ type: 'url', value: 'https://x.y' }], types: ['proper_noun'] });
    const parsed = rulesOf('{"values":[{"type":"bogus","value":"a"},{"type":"date","value":"2024"}],"types":["number","nope"]}');
    assert.deepEqual(parsed.values, [{ type: 'date', value: '2024' }]);
    assert.deepEqual(parsed.types, ['number']);
  });

  it('adding an existing rule leaves the text unchanged', () => {
    const text = storeText({ scope: 'type', type: 'date' });
    assert.deepEqual(addIgnoreRule(text, { scope: 'type', type: 'date' }), { text });
  });

  const handWritten = [
    '{',
    '  // Checked by hand against the Q3 report.',
    '  "version": 1,',
    '  "values": [',
    '    { "type": "number", "value": "$4.2m" }, // finance signed off',
    '  ],',
    '  "types": ["citation",],',
    '}',
    '',
  ].join('\n');

  it('reads a hand-edited store with comments and trailing commas', () => {
    const store = rulesOf(handWritten);
    assert.deepEqual(store.values, [{ type: 'number', value: '$4.2m' }]);
    assert.deepEqual(store.types, ['citation']);
  });

  it('adds a rule to a hand-edited store keeping its rules, comments and layout', () => {
    const added = addIgnoreRule(handWritten, { scope: 'type', type: 'url' });
    assert.ok('text' in added);
    assert.deepEqual(rulesOf(added.text).types, ['citation', 'url']);
    assert.deepEqual(rulesOf(added.text).values, [{ type: 'number', value: '$4.2m' }]);
    for (const line of [
      '  // Checked by hand against the Q3 report.',
      '    { "type": "number", "value": "$4.2m" }, // finance signed off',
      '  "version": 1,',
    ]) {
      assert.ok(added.text.includes(line), `kept: ${line}`);
    }
    const occurrence = addIgnoreRule(added.text, { scope: 'occurrence', key: '0123456789abcdef', type: 'number', text: '47' });
    assert.ok('text' in occurrence);
    assert.deepEqual(rulesOf(occurrence.text).occurrences, [{ key: '0123456789abcdef', type: 'number', text: '47' }]);
    assert.ok(occurrence.text.startsWith('{\n  // Checked by hand against the Q3 report.\n'));
  });

  it('refuses to add to a store it cannot read, and says where it breaks', () => {
    const broken = '{\n  "types": ["date"\n  "values": []\n}\n';
    const parsed = parseIgnoreStore(broken);
    assert.deepEqual(parsed.store, emptyIgnoreStore());
    assert.equal(locateProblem(broken, parsed.problem!), '3:3: invalid JSON: CommaExpected');
    const added = addIgnoreRule(broken, { scope: 'type', type: 'url' });
    assert.ok('problem' in added);
    assert.equal(locateProblem(broken, added.problem), '3:3: invalid JSON: CommaExpected');
    const notList = addIgnoreRule('{ "types": "date" }', { scope: 'type', type: 'url' });
    assert.ok('problem' in notList);
    assert.equal(notList.problem.message, '"types" is not a list');
    assert.ok('problem' in addIgnoreRule('[]', { scope: 'type', type: 'url' }));
  });

  it('reports a store nested past the nesting limit instead of overflowing the stack', () => {
    const deep = `{"types": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const parsed = parseIgnoreStore(deep);
    assert.match(locateProblem(deep, parsed.problem!), /^1:\d+: nests JSON more than 1000 levels deep/);
  });

  it('starts a new store after the comments of a file that holds no value yet', () => {
    const added = addIgnoreRule('// rules for this repo\n', { scope: 'type', type: 'date' });
    assert.ok('text' in added);
    assert.ok(added.text.startsWith('// rules for this repo\n{'));
    assert.deepEqual(rulesOf(added.text).types, ['date']);
  });
});
