import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { GramIndex } from '../../../shared/lookup/gramIndex';

/** Every start of `form` in `text`, overlapping ones included. */
function bruteStarts(text: string, form: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) out.push(at);
  return out;
}

function unitsOf(text: string): Uint16Array {
  return Uint16Array.from(text, (c) => c.charCodeAt(0));
}

function allCandidates(index: GramIndex, form: string): number[] {
  const cursor = index.candidates(form);
  const out: number[] = [];
  for (let c = cursor.next(0); c >= 0; c = cursor.next(c + 1)) out.push(c);
  return out;
}

// Three letters make every gram common, so candidate lists are long enough
// for a second gram to be chosen as a filter.
const smallAlphabet = fc.constantFrom('a', 'b', 'c');

describe('GramIndex', () => {
  it('yields candidates in increasing order, every real start among them', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: smallAlphabet, minLength: 200, maxLength: 3000 }),
        fc.string({ unit: smallAlphabet, minLength: 2, maxLength: 9 }),
        (text, form) => {
          const index = GramIndex.build(unitsOf(text), text.length);
          const candidates = allCandidates(index, form);
          for (let k = 1; k < candidates.length; k++) assert.ok(candidates[k] > candidates[k - 1]);
          const set = new Set(candidates);
          for (const start of bruteStarts(text, form)) assert.ok(set.has(start), `start ${start} of ${form} missing`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds every start of a form among words, where grams that start with a space are not indexed', () => {
    const wordsAndSpaces = fc.constantFrom('a', 'b', ' ');
    fc.assert(
      fc.property(
        fc.string({ unit: wordsAndSpaces, minLength: 200, maxLength: 3000 }),
        fc.string({ unit: wordsAndSpaces, minLength: 2, maxLength: 9 }).filter((f) => !f.startsWith(' ')),
        (text, form) => {
          const index = GramIndex.build(unitsOf(text), text.length);
          const set = new Set(allCandidates(index, form));
          for (const start of bruteStarts(text, form)) assert.ok(set.has(start), `start ${start} of ${JSON.stringify(form)} missing`);
          const backward = index.candidatesBackward(form);
          const down = new Set<number>();
          for (let c = backward.prev(text.length); c >= 0; c = backward.prev(c - 1)) down.add(c);
          for (const start of bruteStarts(text, form)) assert.ok(down.has(start), `start ${start} of ${JSON.stringify(form)} missing backward`);
        },
      ),
      { numRuns: 300 },
    );
    // Rarest where a word starts: ' q' occurs once, and the gram after it bounds the form.
    const text = `${'a b '.repeat(2000)}a qb a b`;
    assert.ok(allCandidates(GramIndex.build(unitsOf(text), text.length), 'a qb').includes(8000));
    assert.throws(() => GramIndex.build(unitsOf(text), text.length).candidates(' qb'), /starting with a space/);
  });

  it('filters a common gram with a second one from the same form', () => {
    // Every gram of the form is common; only the pair 'audit' + 'reviewed' is rare.
    const text = 'the audit was flagged. the order was reviewed. '.repeat(500) + 'the audit was reviewed.';
    const index = GramIndex.build(unitsOf(text), text.length);
    assert.deepEqual(allCandidates(index, 'the audit was reviewed'), [23500]);
  });
});

describe('ContextIndex against a brute-force search on long, repetitive parts', () => {
  it('returns exactly the brute-force matches, under limit, accept and before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: smallAlphabet, minLength: 0, maxLength: 1500 }), { minLength: 1, maxLength: 4 }),
        fc.string({ unit: smallAlphabet, minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 15 }),
        (parts, form, limit, before, acceptMask) => {
          const index = ContextIndex.build(parts);
          const accept = (p: number): boolean => ((acceptMask >> p) & 1) === 1;
          const expected: { part: number; start: number; end: number }[] = [];
          parts.forEach((text, part) => {
            if (part >= before || !accept(part)) return;
            for (const start of bruteStarts(text, form)) expected.push({ part, start, end: start + form.length });
          });
          assert.deepEqual(index.find(form, { strict: false, accept, before, limit }), expected.slice(0, limit));
          assert.deepEqual(
            index.find(form, { strict: false }),
            parts.flatMap((text, part) => bruteStarts(text, form).map((start) => ({ part, start, end: start + form.length }))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
  it('gives a form asked again, forward and backward, the candidates it gave the first time', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: smallAlphabet, minLength: 200, maxLength: 2000 }),
        fc.array(fc.string({ unit: smallAlphabet, minLength: 2, maxLength: 7 }), { minLength: 1, maxLength: 12 }),
        (text, forms) => {
          const index = GramIndex.build(unitsOf(text), text.length);
          const first = forms.map((f) => allCandidates(index, f));
          // Asked again in another order, each from an index that plans it anew and from the one that kept its plan.
          for (const [k, f] of [...forms.entries()].reverse()) {
            assert.deepEqual(allCandidates(index, f), first[k]);
            assert.deepEqual(allCandidates(GramIndex.build(unitsOf(text), text.length), f), first[k]);
            const backward = index.candidatesBackward(f);
            const down: number[] = [];
            for (let c = backward.prev(text.length); c >= 0; c = backward.prev(c - 1)) down.push(c);
            assert.deepEqual(down.reverse(), first[k]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
