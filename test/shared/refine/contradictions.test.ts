import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import type { ContextLookup } from '../../../shared/lookup/contextLookup';
import { findContradiction, keyWordBefore, SlotCandidates } from '../../../shared/refine/contradictions';
import { numberAfter, numberValue, tokenAt } from '../../../shared/refine/numberTokens';

const refined = { profile: 'refined' as const };

describe('refine: contradictions', () => {
  it('names the context value for the same key word and unit, located on its raw characters', () => {
    const context = 'The Eiffel Tower is 324 metres tall and opened in 1889.';
    const result = classify({ output: 'The Eiffel Tower is 330 metres tall.', context, options: refined });
    const e = result.entities.find((x) => x.text === '330 metres')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.found, false);
    assert.deepEqual(e.contradiction, { value: '324 metres', match: { part: 0, start: 20, end: 30 } });
    assert.equal(context.slice(20, 30), '324 metres');
    assert.equal(result.contradictions, 1);
    assert.equal(result.level, 'PARTIAL');
    assert.equal(result.explanation, "number '330 metres' contradicted: context says 324 metres.");
  });

  it('reads revenue figures after the same key word', () => {
    const result = classify({ output: 'Quarterly revenue was $4.3M.', context: 'Quarterly revenue: $4.2M, up 8%.', options: refined });
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.status, e.contradiction?.value]),
      [['$4.3M', 'contradicted', '$4.2M']],
    );
  });

  it('reads a record field named by the unit', () => {
    const context = "{'name': 'Le Cafe', 'business_stars': 4.0}";
    const e = classify({ output: 'Le Cafe has 4.5 stars.', context, options: refined }).entities.find((x) => x.type === 'number')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.contradiction!.value, '4.0');
    assert.equal(context.slice(e.contradiction!.match.start, e.contradiction!.match.end), '4.0');
  });

  it("takes no key word from a URL or path: `http` in a server's address names no HTTP status", () => {
    const status = (output: string, context: string) => classify({ output, context, options: refined }).entities.find((x) => x.text === '503')?.status;
    assert.notEqual(status('The site returned HTTP 503 for five minutes.', 'ready - Local: http://localhost:3002 (started)'), 'contradicted');
    assert.notEqual(status('The site returned HTTP 503 for five minutes.', 'logs written to /var/log/http/2024 by the proxy'), 'contradicted');
    assert.equal(status('The site returned HTTP 503 for five minutes.', 'The proxy answered HTTP 502 during the deploy.'), 'contradicted');
  });

  it('is not fooled by another kind of number, a year, or a slot that also holds the output value', () => {
    const none = (output: string, context: string) => classify({ output, context, options: refined }).contradictions;
    assert.equal(none('Margins reached 30%.', 'Margins reached 31 points.'), 0);
    assert.equal(none('The plant opened in 2014 after delays.', 'The plant opened in 200 days.'), 0);
    assert.equal(none('The bridge is 330 metres long.', 'The tower is 324 metres tall.'), 0);
    assert.equal(none('Sales rose to 45 units.', 'Sales rose to 40 units, then sales rose to 45 units.'), 0);
  });

  it('stays off under the spec profile', () => {
    const result = classify({ output: 'The Eiffel Tower is 330 metres tall.', context: 'The Eiffel Tower is 324 metres tall.' });
    assert.equal(result.entities.find((e) => e.text === '330 metres')!.status, 'unverified');
    assert.equal(result.contradictions, undefined);
  });

  it('reads numbers from raw text by value, never inside a clock time', () => {
    assert.deepEqual(['1,234.50', '4.0', '007', '1,23'].map(numberValue), ['1234.5', '4', '7', undefined]);
    assert.equal(tokenAt('13:0 hours', 3), undefined);
    assert.deepEqual(numberAfter('revenue was $4.2M.', 7, 30), { text: '$4.2M', start: 12, end: 17, value: '4.2e6', currency: '$', percent: false });
    assert.equal(tokenAt('4.2 million people', 0)!.text, '4.2 million');
    assert.equal(tokenAt('4 Main St', 0)!.text, '4');
    assert.equal(numberAfter('revenue fell. Then 5', 7, 30), undefined);
    assert.equal(keyWordBefore('capacity of nearly 2,500', 19), 'capacity');
  });

  it('reads the context once per key word for an output that names the same slot many times', () => {
    const index = ContextIndex.build(['Route 17 returned 200 errors in the last hour. '.repeat(100), "{'error_count': 7, 'errors': 12}"]);
    const lookups: string[] = [];
    const counted: ContextLookup = {
      partCount: index.partCount,
      size: index.size,
      partText: (p) => index.partText(p),
      find: (form, opts) => {
        lookups.push(form);
        return index.find(form, opts);
      },
      findLast: (form, opts) => index.findLast(form, opts),
    };
    const find = { strict: false };
    const output = Array.from({ length: 300 }, (_, i) => `route 17 returned ${200 + (i % 3)} errors`).join(', ');
    const slots = new SlotCandidates(counted, find);
    const spans = [...output.matchAll(/\d+ errors/g)].map((m): [number, number] => [m.index, m.index + m[0].length]);
    const both = { prose: true, records: true };
    const shared = spans.map((span) => findContradiction(output, span, slots, both)?.contradiction);
    // One lookup of the record key and one of the prose key, for all 300 numbers.
    assert.deepEqual(lookups.sort(), ['error', 'returned']);
    // The same answers as a fresh read of the context for each number.
    assert.deepEqual(
      shared,
      spans.map((span) => findContradiction(output, span, new SlotCandidates(index, find), both)?.contradiction),
    );
    assert.equal(shared[0], undefined);
    assert.deepEqual(shared[1], { value: '200 errors', match: { part: 0, start: 18, end: 28 } });
  });
});
