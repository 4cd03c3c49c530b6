import { strict as assert } from 'node:assert';
import { findClosestMatch, valueSimilarity } from '../../../shared/check/closestMatch';

describe('closestMatch', () => {
  const output = 'Q3 revenue was $4.2M from 47 customers.';
  const span: [number, number] = [15, 20];

  it('finds the same-type value beside the same key word', () => {
    const context = 'Costs were $1.1M. Q3 revenue came to $4.3M, and headcount is 12.';
    const m = findClosestMatch({ type: 'number', text: '$4.2M', output, span }, [{ id: 7, text: context }]);
    assert.ok(m);
    assert.equal(m.text, '$4.3M');
    assert.equal(m.part, 7);
    assert.equal(context.slice(m.start, m.end), '$4.3M');
    assert.equal(m.near, 'revenue');
  });

  it('never offers a lone 0 or 1, which are flags and indexes rather than claims', () => {
    const out = 'Fix line 11 of the parser.';
    const m = findClosestMatch({ type: 'number', text: '11', output: out, span: [9, 11] }, [
      { id: 0, text: 'line 0 is the header; line 1 holds the first row' },
    ]);
    assert.equal(m, undefined);
  });

  it('prefers the nearer part when two say the same thing', () => {
    const parts = [
      { id: 3, text: 'revenue $4.3M' },
      { id: 1, text: 'revenue $4.3M' },
    ];
    const m = findClosestMatch({ type: 'number', text: '$4.2M', output, span }, parts);
    assert.equal(m?.part, 3);
  });

  it('offers nothing when no key word of the output occurs in the context', () => {
    const m = findClosestMatch({ type: 'number', text: '$4.2M', output, span }, [{ id: 0, text: 'weather: 12 degrees' }]);
    assert.equal(m, undefined);
  });

  it('finds a similar name through the name itself', () => {
    const out = 'We signed with Acme Inc yesterday.';
    const m = findClosestMatch(
      { type: 'proper_noun', text: 'Acme Inc', output: out, span: [15, 23] },
      [{ id: 2, text: 'The contract is with Acme Corp of Ohio.' }],
    );
    assert.equal(m?.text, 'Acme Corp');
  });

  it('stops at the hit budget', () => {
    const context = 'revenue x '.repeat(100) + 'revenue $4.3M';
    const m = findClosestMatch({ type: 'number', text: '$4.2M', output, span }, [{ id: 0, text: context }], {
      scanChars: 1e9,
      hits: 5,
    });
    assert.equal(m, undefined);
  });

  it('scores numbers by relative distance and unit', () => {
    assert.equal(valueSimilarity('number', '$4.2M', '$4.2M'), 1);
    assert.ok(valueSimilarity('number', '$4.2M', '$4.3M') > valueSimilarity('number', '$4.2M', '$9M'));
    assert.ok(valueSimilarity('number', '42%', '43%') > valueSimilarity('number', '42%', '43'));
  });
});
