import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { bigramDice, ClosestSearches, findClosestMatch, valueSimilarity } from '../../../shared/check/closestMatch';
import { unitsRead } from '../unitsRead';

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

  it('among windows that read alike keeps the first, and still finds a better one after them', () => {
    const sentence = 'Route 17 returned 200 errors in the last hour. ';
    const query = { type: 'number' as const, text: '100013', output: 'route 17 returned 100013 errors', span: [18, 24] as [number, number] };
    const alike = findClosestMatch(query, [{ id: 0, text: sentence.repeat(20) }]);
    assert.deepEqual(alike && [alike.text, alike.start], ['200', 18]);
    const context = `${sentence.repeat(20)}Route 17 returned 100010 errors today. ${sentence.repeat(5)}`;
    const better = findClosestMatch(query, [{ id: 0, text: context }]);
    assert.deepEqual(better && [better.text, better.start], ['100010', sentence.length * 20 + 18]);
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
    const m = findClosestMatch({ type: 'proper_noun', text: 'Acme Inc', output: out, span: [15, 23] }, [
      { id: 2, text: 'The contract is with Acme Corp of Ohio.' },
    ]);
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

  describe('searches kept for the next query', () => {
    // Few words and values, so queries share key words and windows and budgets run out mid-part.
    const word = fc.constantFrom('revenue', 'Revenue', 'costs', 'rose', 'to', 'the', 'Acme', 'route');
    const value = fc.constantFrom('$4.3M', '$4.2M', '12', '47', '2024-03-01', 'Acme Corp', 'get_item()', '"ok"');
    const text = fc.array(fc.oneof(word, value), { minLength: 1, maxLength: 40 }).map((ws) => ws.join(' '));
    const query = fc.record({
      type: fc.constantFrom('number' as const, 'date' as const, 'proper_noun' as const, 'identifier' as const),
      value,
      before: fc.array(word, { maxLength: 4 }).map((ws) => ws.join(' ')),
    });

    it('give every query the answer it gets searching afresh', () => {
      fc.assert(
        fc.property(
          fc.array(text, { minLength: 1, maxLength: 3 }),
          fc.array(query, { minLength: 1, maxLength: 8 }),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 400 }),
          (texts, queries, hits, scanChars) => {
            const parts = texts.map((t, id) => ({ id, text: t }));
            const searches = new ClosestSearches();
            for (const q of queries) {
              const out = `${q.before} ${q.value} here`;
              const at = q.before.length + 1;
              const asked = { type: q.type, text: q.value, output: out, span: [at, at + q.value.length] as [number, number] };
              const budget = { hits, scanChars };
              assert.deepEqual(findClosestMatch(asked, parts, budget, searches), findClosestMatch(asked, parts, budget));
            }
          },
        ),
      );
    });

    it('read a part once for thousands of queries with the same key words', () => {
      // Key words that occur only at the end of a long part: each query would read it whole.
      const context = 'The service logs every request. '.repeat(30_000) + 'Route 17 returned 200 errors.';
      const parts = [{ id: 0, text: context }];
      const queries = Array.from({ length: 1_000 }, (_, i) => {
        const out = `route 17 returned ${100_000 + i} errors`;
        return { type: 'number' as const, text: String(100_000 + i), output: out, span: [18, 24] as [number, number] };
      });
      const searches = new ClosestSearches();
      let last: ReturnType<typeof findClosestMatch>;
      const read = unitsRead(() => {
        for (const q of queries) last = findClosestMatch(q, parts, undefined, searches);
      });
      assert.equal(last!?.text, '200');
      assert.ok(read <= 20 * context.length, `read ${read} units for 1,000 queries over a part of ${context.length}`);
    });
  });
});

/** Dice over character bigrams counted in a map: what the sorted-bigram scoring must equal. */
function mapDice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) counts.set(a.slice(i, i + 2), (counts.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const c = counts.get(b.slice(i, i + 2)) ?? 0;
    if (c > 0) {
      shared++;
      counts.set(b.slice(i, i + 2), c - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}

describe('similarity of text values', () => {
  it('scores through sorted bigrams exactly as a count of bigrams in a map does, repeats and surrogates included', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ab', 'é', '😀', '-', ' ', '1'), maxLength: 40 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        assert.equal(bigramDice(a, b), mapDice(a, b));
        assert.equal(valueSimilarity('identifier', a, b), mapDice(a.toLowerCase(), b.toLowerCase()));
      }),
      { numRuns: 5000, seed: 7 },
    );
  });
});
