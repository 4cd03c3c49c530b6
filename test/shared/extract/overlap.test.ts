import { strict as assert } from 'node:assert';
import { extractEntities } from '../../../shared/extract';
import { entity, listed } from './helpers';

describe('extract: overlaps and duplicates', () => {
  it('lets a container win over what is inside it', () => {
    // URL over identifier and number, call over quoted string, quote over name and number.
    assert.deepEqual(listed('Open https://example.com/v2/items/42 or run db.find("Alice Smith") and note "Acme Corp paid $5M".'), [
      ['https://example.com/v2/items/42', 'url'],
      ['db.find("Alice Smith")', 'identifier'],
      ['"Acme Corp paid $5M"', 'quoted_string'],
    ]);
  });

  it('prefers the url to an equally long identifier', () => {
    assert.deepEqual(listed('Docs at example.com/docs/api.html today'), [['example.com/docs/api.html', 'url']]);
  });

  it('lets the longer date beat the numbers and shorter dates inside it', () => {
    assert.deepEqual(listed('Due 15 January 2024, not in fiscal 2025.'), [
      ['15 January 2024', 'date'],
      ['fiscal 2025', 'date'],
    ]);
  });

  it('merges repeats of the same type and form, ignoring case, keeping every occurrence', () => {
    const output = 'Call db.query() first. Then DB.QUERY() again, and $5M then $5M.';
    const entities = extractEntities(output);
    assert.deepEqual(
      entities.map((e) => e.text),
      ['db.query()', '$5M'],
    );
    assert.deepEqual(entities[0].occurrences, [
      [5, 15],
      [28, 38],
    ]);
    assert.deepEqual(entities[1].occurrences, [
      [50, 53],
      [59, 62],
    ]);
  });

  it('keeps the same text apart when the types differ', () => {
    const output = 'Path "src/a.ts" and src/a.ts.';
    assert.deepEqual(listed(output), [
      ['"src/a.ts"', 'quoted_string'],
      ['src/a.ts', 'identifier'],
    ]);
  });

  it('returns entities in document order with no two ranges overlapping', () => {
    const output = 'According to "the Q3 report" at https://x.io/r?q=1, Alice Smith said revenue grew 4.5% to $9.9M on 2024-03-01 via api.getRevenue(2024).';
    const ranges = extractEntities(output).flatMap((e) => e.occurrences);
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < sorted.length; k++) assert.ok(sorted[k][0] >= sorted[k - 1][1], `overlap at ${JSON.stringify(sorted[k])}`);
    assert.deepEqual(listed(output), [
      ['"the Q3 report"', 'quoted_string'],
      ['https://x.io/r?q=1', 'url'],
      ['Alice Smith', 'proper_noun'],
      ['4.5%', 'number'],
      ['$9.9M', 'number'],
      ['2024-03-01', 'date'],
      ['api.getRevenue(2024)', 'identifier'],
    ]);
  });

  it('points every span at exactly the characters it names', () => {
    const output = 'Ünïcode 😀 first: Q3 “so” $4.2M';
    const e = entity(output, '$4.2M');
    assert.equal(output.slice(e.span[0], e.span[1]), '$4.2M');
    assert.deepEqual(e.span, [26, 31]);
  });
});
