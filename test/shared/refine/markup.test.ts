import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { MarkupAwareIndex } from '../../../shared/refine/markup/markupIndex';
import { stripMarkup } from '../../../shared/refine/markup/stripMarkup';

const refined = { profile: 'refined' as const };

/** The raw text each match of `form` points at. */
function rawMatches(context: string, form: string): string[] {
  return MarkupAwareIndex.build([context])
    .find(form, { strict: false })
    .map((m) => context.slice(m.start, m.end));
}

describe('refine/markup: markup-insensitive context', () => {
  it('strips Markdown emphasis, links, headings and tables', () => {
    assert.equal(stripMarkup('## Results\nRevenue was **$4.2M** per [Acme Corp](https://acme.example/q3).').text, 'Results\nRevenue was $4.2M per Acme Corp.');
    assert.equal(stripMarkup('| Name | Stars |\n|---|:-:|\n| Acme | 4.0 |').text, '  Name   Stars  \n\n  Acme   4.0  ');
    assert.equal(stripMarkup('keep snake_case and 2*3 but not _this_').text, 'keep snake_case and 23 but not this');
  });

  it('strips HTML tags and decodes entities', () => {
    assert.equal(stripMarkup('<p>AT&amp;T paid &#36;5 &lt;now&gt;</p>').text, ' AT&T paid $5 <now> ');
    assert.equal(stripMarkup('a < b and c & d;').text, 'a < b and c & d;');
  });

  it('strips wikitext links, bold and headings', () => {
    assert.equal(
      stripMarkup("== History ==\n[[Paris|The capital]] had '''2.1 million''' people in [[France]].").text,
      ' History ==\nThe capital had 2.1 million people in France.',
    );
  });

  it('reports matches on the raw characters, markup inside them included', () => {
    assert.deepEqual(rawMatches('Revenue was **$4.2M** in Q3.', '$4.2M'), ['$4.2M']);
    assert.deepEqual(rawMatches('Call <b>AT&amp;T</b> now', 'AT&T'), ['AT&amp;T']);
    assert.deepEqual(rawMatches('By [Acme *Corp*](http://x.example) today', 'Acme Corp'), ['Acme *Corp']);
    assert.deepEqual(rawMatches("in '''[[Paris]]''' now", 'Paris'), ['Paris']);
  });

  it('grounds an output against a marked-up context only under the refined profile', () => {
    const context = 'Q3 revenue: **$4.2** million, from <a href="/c">Acme&nbsp;Corp</a>.';
    const output = 'In Q3 the firm Acme Corp earned $4.2 million.';
    const spec = classify({ output, context });
    assert.deepEqual(
      spec.entities.filter((e) => !e.found).map((e) => e.text),
      ['Acme Corp', '$4.2 million'],
    );
    const r = classify({ output, context, options: refined });
    assert.deepEqual(
      r.entities.map((e) => [e.text, e.found, context.slice(e.locations[0][0], e.locations[0][1])]),
      [
        ['Q3', true, 'Q3'],
        ['Acme Corp', true, 'Acme&nbsp;Corp'],
        ['$4.2 million', true, '$4.2** million'],
      ],
    );
  });

  it('stays linear on pathological markup', () => {
    for (const text of [
      '['.repeat(200_000),
      '&'.repeat(200_000),
      '<a'.repeat(100_000),
      '|-'.repeat(100_000),
      '*'.repeat(200_000),
      "''".repeat(100_000),
      '](x'.repeat(60_000),
    ]) {
      const t0 = performance.now();
      stripMarkup(text);
      assert.ok(performance.now() - t0 < 1500, `${text.slice(0, 4)}… too slow`);
    }
  });
});
