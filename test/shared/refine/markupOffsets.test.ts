import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { MarkupAwareIndex } from '../../../shared/refine/markup/markupIndex';
import { stripMarkup } from '../../../shared/refine/markup/stripMarkup';

const WORDS = ['Acme', 'revenue', '$4.2M', 'Paris', '2024', 'AT&T', 'grew', '12%'];

/** A word as it might be marked up in Markdown, HTML or wikitext. */
const markedWord = fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom('plain', 'bold', 'tag', 'link', 'wiki', 'entity')).map(([w, how]) => {
  switch (how) {
    case 'bold':
      return `**${w}**`;
    case 'tag':
      return `<b>${w}</b>`;
    case 'link':
      return `[${w}](https://example.com/${w.length})`;
    case 'wiki':
      return `[[${w}]]`;
    case 'entity':
      return w.replace('&', '&amp;');
    default:
      return w;
  }
});

const fold = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

describe('refine/markup: offsets point at the raw characters they name', () => {
  it('every match, mapped back and stripped again, reads as the form', () => {
    fc.assert(
      fc.property(fc.array(markedWord, { minLength: 1, maxLength: 12 }), fc.constantFrom(...WORDS), (words, form) => {
        const raw = words.join(' ');
        const index = MarkupAwareIndex.build(['intro', raw]);
        for (const m of index.find(form, { strict: false })) {
          assert.equal(m.part, 1);
          assert.ok(0 <= m.start && m.start < m.end && m.end <= raw.length);
          assert.equal(fold(stripMarkup(raw.slice(m.start, m.end)).text), fold(form));
        }
        // Every plain occurrence is found: markup never hides a word.
        const plainCount = words.filter((w) => fold(stripMarkup(w).text) === fold(form)).length;
        assert.ok(index.find(form, { strict: false }).length >= plainCount);
      }),
      { numRuns: 300 },
    );
  });
});
