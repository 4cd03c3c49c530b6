import { strict as assert } from 'node:assert';
import { classify, classifyAgainst } from '../../../shared/pipeline/classify';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { isPending } from '../../../shared/classifier/lazyProperty';
import { matchesOnce, nearestOf } from '../../../shared/lookup/lookupEntities';
import type { ContextGap } from '../../../shared/classifier/types';

const promptMissing: ContextGap = { code: 'missing-system-prompt', message: 'The system prompt was not logged.', affects: 'all' };
const numbersMissing: ContextGap = { code: 'unresolved-attachment', message: 'An attachment was not resolved', affects: ['number'] };

describe('classifyAgainst', () => {
  const parts = ['Revenue of $4.2M was booked in Q3.', 'The tool returned 47 customers.', 'Later turn: ticket PRJ-1234 closed.'];
  const index = ContextIndex.build(parts);
  const output = 'In Q3 we booked $4.2M from 47 customers.';

  it('finds entities in any part and reports part-local ranges', () => {
    const result = classifyAgainst(output, index);
    assert.equal(result.level, 'GROUNDED');
    const byText = new Map(result.entities.map((e) => [e.text, e]));
    assert.deepEqual(byText.get('$4.2M')!.matches, [{ part: 0, start: 11, end: 16 }]);
    assert.deepEqual(byText.get('47 customers')!.matches, [{ part: 1, start: 18, end: 30 }]);
    assert.deepEqual(byText.get('47 customers')!.locations, [[18, 30]]);
  });

  it('decides a verdict on a large context from one match per form and, when asked, lists the locations nearest the output (in part order, accepted parts only)', () => {
    const padding = ' Retried after backoff.'.repeat(12);
    const repeated = ContextIndex.build([
      'Ticket invoiceStore.flush() opened.',
      'Other branch: invoiceStore.flush().',
      ...Array.from({ length: 300 }, (_, i) => `Log ${i}: invoiceStore.flush() retried.${padding}`),
    ]);
    assert.ok(repeated.size > 64 * 1024, `context of ${repeated.size} characters`);
    const limits: (number | undefined)[] = [];
    const counting = {
      partCount: repeated.partCount,
      size: repeated.size,
      partText: (part: number) => repeated.partText(part),
      find: (form: string, opts: Parameters<ContextIndex['find']>[1]) => (limits.push(opts.limit), repeated.find(form, opts)),
      findLast: (form: string, opts: Parameters<ContextIndex['find']>[1]) => repeated.findLast(form, opts),
    };
    const result = classifyAgainst('Ticket invoiceStore.flush() is open.', counting, { accept: (p) => p !== 1, before: 250 });
    const ticket = result.entities.find((e) => e.text === 'invoiceStore.flush()')!;
    assert.equal(ticket.status, 'grounded');
    assert.ok(limits.length > 0 && limits.every((l) => l === 1), `lookups took ${limits.join(', ')} matches`);
    assert.equal(ticket.matches.length, 100);
    // Both forms (with and without the call's parentheses), merged in part order: the 100 nearest before part 250.
    assert.deepEqual(ticket.matches.slice(0, 2), [
      { part: 200, start: 9, end: 27 },
      { part: 200, start: 9, end: 29 },
    ]);
    assert.deepEqual(ticket.matches.at(-1), { part: 249, start: 9, end: 29 });
    assert.deepEqual(ticket.locations.slice(0, 2), [
      [9, 27],
      [9, 29],
    ]);
    assert.deepEqual(JSON.parse(JSON.stringify(ticket)).matches, ticket.matches);
  });

  it('on a large context, judges whole numbers and inline code from one kept match and reads their places only when asked (refined)', () => {
    const padding = ' Retried after backoff.'.repeat(12);
    // `80` and `invoiceStoreX` hold the claimed `8` and `invoiceStore` inside longer tokens all through the log.
    const parts = Array.from({ length: 300 }, (_, i) => `Log ${i}: 80 jobs, invoiceStoreX ready.${padding}`);
    parts[150] = 'Queue size 8, waiting on invoiceStore.';
    const large = ContextIndex.build(parts);
    assert.ok(large.size > 64 * 1024);
    const limits: (number | undefined)[] = [];
    const counting = {
      partCount: large.partCount,
      size: large.size,
      partText: (part: number) => large.partText(part),
      find: (form: string, opts: Parameters<ContextIndex['find']>[1]) => (limits.push(opts.limit), large.find(form, opts)),
      findLast: (form: string, opts: Parameters<ContextIndex['find']>[1]) => (limits.push(opts.limit), large.findLast(form, opts)),
    };
    // Inline code is the code pack's, which runs on agents' turns; turned on here for a plain context.
    const result = classifyAgainst('The queue size was 8, on `invoiceStore`.', counting, {
      profile: 'refined',
      before: 200,
      rules: { 'code-entities': 'on', 'inline-code': 'on' },
    });
    const eight = result.entities.find((e) => e.text === '8')!;
    const store = result.entities.find((e) => e.text === '`invoiceStore`')!;
    assert.equal(eight.status, 'grounded');
    assert.equal(store.status, 'grounded');
    assert.ok(
      limits.every((l) => l === 1),
      `lookups took ${limits.join(', ')} matches`,
    );
    limits.length = 0;
    assert.deepEqual(eight.matches, [{ part: 150, start: 11, end: 12 }]);
    assert.deepEqual(store.locations, [[25, 37]]);
    assert.ok(limits.length >= 2 && !limits.includes(1), `places read with ${limits.join(', ')}`);
    // Only inside longer numbers before the whole one: `8` is not in the context the output saw.
    const early = classifyAgainst('The queue size was 8.', large, { profile: 'refined', before: 150 });
    assert.equal(early.entities.find((e) => e.text === '8')!.status, 'unverified');
  });

  it('gives a reader that reads each entity once its places without keeping them, and the nearest few without reading all', () => {
    const padding = ' Retried after backoff.'.repeat(12);
    const large = ContextIndex.build(Array.from({ length: 300 }, (_, i) => `Log ${i}: invoiceStore.flush() retried.${padding}`));
    const ticket = classifyAgainst('Ticket invoiceStore.flush() is open.', large, { before: 250 }).entities.find((e) => e.text === 'invoiceStore.flush()')!;
    const once = matchesOnce(ticket);
    assert.equal(once.length, 100);
    assert.ok(isPending(ticket, 'matches'), 'the places stay unread on the entity');
    const near = nearestOf(ticket, 9);
    assert.deepEqual(near, { matches: once.slice(-9), all: false });
    assert.ok(isPending(ticket, 'matches'));
    assert.deepEqual(ticket.matches, once);
    assert.deepEqual(nearestOf(ticket, 9), near);
  });

  it('collects the locations with the verdict on a small context: one search per form', () => {
    const small = ContextIndex.build(['Ticket invoiceStore.flush() opened.', 'Log: invoiceStore.flush() retried.']);
    const limits: (number | undefined)[] = [];
    const counting = {
      partCount: small.partCount,
      size: small.size,
      partText: (part: number) => small.partText(part),
      find: (form: string, opts: Parameters<ContextIndex['find']>[1]) => small.find(form, opts),
      findLast: (form: string, opts: Parameters<ContextIndex['find']>[1]) => (limits.push(opts.limit), small.findLast(form, opts)),
    };
    const result = classifyAgainst('Ticket invoiceStore.flush() is open.', counting);
    const ticket = result.entities.find((e) => e.text === 'invoiceStore.flush()')!;
    assert.deepEqual(limits, [100, 100]);
    assert.deepEqual(ticket.locations, [
      [7, 25],
      [7, 27],
      [5, 23],
      [5, 25],
    ]);
  });

  it('ignores parts the accept filter rejects', () => {
    const result = classifyAgainst(output, index, { accept: (p) => p === 0 });
    assert.equal(result.level, 'PARTIAL');
    assert.equal(result.score, 2 / 3);
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.found, e.status]),
      [
        ['Q3', true, 'grounded'],
        ['$4.2M', true, 'grounded'],
        ['47 customers', false, 'unverified'],
      ],
    );
  });

  it('ignores parts from `before` on', () => {
    const result = classifyAgainst(output, index, { before: 1 });
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.found]),
      [
        ['Q3', true],
        ['$4.2M', true],
        ['47 customers', false],
      ],
    );
  });

  it('leaves unfound entities of a gap-affected type without a verdict and out of the score', () => {
    const result = classifyAgainst(output, index, { accept: (p) => p === 0, gaps: [numbersMissing] });
    assert.equal(result.level, 'GROUNDED');
    assert.equal(result.score, 1);
    assert.equal(result.flagForReview, false);
    assert.equal(result.entities[2].status, 'indeterminate');
    assert.equal(result.entities[2].found, false);
    assert.equal(result.explanation, 'All checkable entities verified in context. 1 entity could not be checked: An attachment was not resolved.');
  });

  it('is INDETERMINATE when every entity is unfound and the gap covers them all', () => {
    const result = classifyAgainst(output, index, { accept: () => false, gaps: [promptMissing] });
    assert.equal(result.level, 'INDETERMINATE');
    assert.equal(result.score, 0);
    assert.equal(result.flagForReview, false);
    assert.deepEqual(
      result.entities.map((e) => e.status),
      ['indeterminate', 'indeterminate', 'indeterminate'],
    );
    assert.equal(result.explanation, 'Context is incomplete: The system prompt was not logged. 3 unfound entities could not be checked.');
  });

  it('a gap that does not affect the unfound types changes nothing', () => {
    const dateGap: ContextGap = { code: 'x', message: 'dates missing', affects: ['date'] };
    const result = classifyAgainst(output, index, { accept: (p) => p === 0, gaps: [dateGap] });
    assert.equal(result.level, 'PARTIAL');
    assert.equal(result.explanation, "number '47 customers' not found in context.");
  });

  it('names at most three unfound entities', () => {
    const result = classify({ output: 'Costs were $1.5M, $2.5M, $3.5M and $4.5M.', context: 'nothing here' });
    assert.equal(result.level, 'UNGROUNDED');
    assert.equal(result.explanation, "number '$1.5M', number '$2.5M', number '$3.5M' and 1 more not found in context.");
  });

  it('rejects an unknown entity type', () => {
    assert.throws(() => classify({ output: 'x', context: 'y', options: { entityTypes: ['colour' as never] } }), /unknown entity type 'colour'/);
  });
});

describe('classify locations', () => {
  it('point at exactly the context characters, through smart quotes, whitespace runs, NFC and İ', () => {
    const context = 'He wrote “ship   it\ntoday” in İzmir; the café (cafe\u0301) opened 2024-01-15.';
    const result = classify({ output: 'He wrote "ship it today". It opened on January 15, 2024.', context });
    const located = result.entities.filter((e) => e.found).map((e) => [e.text, e.locations.map(([s, t]) => context.slice(s, t))]);
    assert.deepEqual(located, [
      ['"ship it today"', ['ship   it\ntoday']],
      ['January 15, 2024', ['2024-01-15']],
    ]);
  });

  it("locate a quote across the two-unit lower case of 'İ' and a decomposed accent", () => {
    const context = 'Offices: İstanbul and Montréal.';
    const result = classify({ output: 'Offices in "İSTANBUL" and "MONTRÉAL".', context });
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.found, e.locations.map(([s, t]) => context.slice(s, t))]),
      [
        ['"İSTANBUL"', true, ['İstanbul']],
        ['"MONTRÉAL"', true, ['Montréal']],
      ],
    );
  });

  it('caps locations at 100 per entity, the ones nearest the output (the last in the context), in context order', () => {
    const context = 'Q3 '.repeat(250);
    const result = classify({ output: 'Q3 was fine.', context });
    assert.equal(result.entities[0].locations.length, 100);
    assert.deepEqual(result.entities[0].locations[0], [450, 452]);
    assert.deepEqual(result.entities[0].locations[99], [747, 749]);
  });
});
