/**
 * Very long lines: one JSON Lines record or one Markdown line of megabytes,
 * with entities scattered along it (so findings sit far from the line's
 * start) and, in JSON, decoded newlines that are `\n` escapes on one raw line.
 */
import fc from 'fast-check';
import { entity, Filler, prose } from './random';
import type { Shape } from './shapeInput';
import { type TextFormat, textFile } from './transcriptFiles';

interface Recipe {
  format: TextFormat;
  /** Characters in the assistant's long line. */
  length: number;
  /** About one entity per this many characters. */
  spacing: number;
  /** Decoded newlines inside the line (escaped in JSON, so the raw line stays one line). */
  breaks: boolean;
  seed: number;
}

export const longLines: Shape<Recipe> = {
  name: 'very long lines',
  hasLarge: true,
  recipe: fc
    .oneof(
      { weight: 490, arbitrary: fc.record({ large: fc.constant(false), length: fc.integer({ min: 200, max: 4000 }) }) },
      { weight: 9, arbitrary: fc.record({ large: fc.constant(false), length: fc.integer({ min: 20_000, max: 200_000 }) }) },
      { weight: 1, arbitrary: fc.record({ large: fc.constant(true), length: fc.integer({ min: 1_000_000, max: 4_000_000 }) }) },
    )
    .chain(({ large, length }) =>
      fc.record({
        large: fc.constant(large),
        length: fc.constant(length),
        // Markdown formats break a turn at blank lines; the long line is one paragraph there.
        format: fc.constantFrom<TextFormat>('claude-code', 'openai-chat', 'aider-chat', 'specstory'),
        spacing: fc.constantFrom(50, 400, 5000, 100_000),
        breaks: fc.boolean(),
        seed: fc.integer(),
      }),
    ),
  build(r) {
    const f = new Filler(r.seed);
    const parts: string[] = [];
    const said: string[] = [];
    let n = 0;
    for (let i = 0; n < r.length; i++) {
      const e = entity(f, i);
      if (f.below(3) === 0) said.push(e);
      const filler = prose(f, r.spacing);
      const piece = `${filler} ${e}${r.breaks && f.below(4) === 0 ? '\n' : ' '}`;
      parts.push(piece);
      n += piece.length;
    }
    const breakable = r.format === 'claude-code' || r.format === 'openai-chat';
    const assistant = breakable ? parts.join('') : parts.join('').replaceAll('\n', ' ');
    return textFile(r.format, [{ user: `Context: ${said.slice(0, 2000).join(', ')}`, assistant }]);
  },
};
