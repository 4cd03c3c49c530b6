/**
 * Many entities in one assistant turn: thousands of figures, identifiers,
 * paths and versions on one line or one per line, some of them given by the
 * user turn before it. Per-entity work that grows with the turn shows here.
 */
import fc from 'fast-check';
import { entity, Filler, prose } from './random';
import type { Shape } from './shapeInput';
import { TEXT_FORMATS, type TextFormat, textFile } from './transcriptFiles';

interface Recipe {
  format: TextFormat;
  count: number;
  layout: 'one line' | 'one per line' | 'paragraphs';
  /** Percent of the entities the user turn gives. */
  grounded: number;
  seed: number;
}

export const manyEntities: Shape<Recipe> = {
  name: 'many entities in one turn',
  hasLarge: true,
  recipe: fc
    .oneof(
      { weight: 490, arbitrary: fc.record({ large: fc.constant(false), count: fc.integer({ min: 1, max: 40 }) }) },
      { weight: 9, arbitrary: fc.record({ large: fc.constant(false), count: fc.integer({ min: 100, max: 600 }) }) },
      { weight: 1, arbitrary: fc.record({ large: fc.constant(true), count: fc.integer({ min: 8000, max: 25000 }) }) },
    )
    .chain(({ large, count }) =>
      fc.record({
        large: fc.constant(large),
        count: fc.constant(count),
        format: fc.constantFrom(...TEXT_FORMATS),
        layout: fc.constantFrom('one line' as const, 'one per line' as const, 'paragraphs' as const),
        grounded: fc.integer({ min: 0, max: 100 }),
        seed: fc.integer(),
      }),
    ),
  build(r) {
    const f = new Filler(r.seed);
    const said: string[] = [];
    const claimed: string[] = [];
    for (let i = 0; i < r.count; i++) {
      const e = entity(f, i);
      claimed.push(e);
      if (f.below(100) < r.grounded) said.push(e);
    }
    const assistant =
      r.layout === 'one line'
        ? claimed.join(', ')
        : r.layout === 'one per line'
          ? claimed.map((e) => `- ${e}`).join('\n')
          : claimed.map((e, i) => (i % 12 === 11 ? `${e}.\n\n` : `${prose(f, 20)} ${e}`)).join(' ');
    const user = `Here is what we have: ${said.join(', ')}. ${prose(f, 80)}`;
    return textFile(r.format, [{ user, assistant }]);
  },
};
