/**
 * A UTF-8 byte order mark before JSON Lines, JSON, CSV and Markdown (what
 * Windows editors write): the file must read exactly as it does without the
 * mark, every range one character later.
 */
import fc from 'fast-check';
import { entity, Filler, prose } from './random';
import type { Shape, ShapeFile } from './shapeInput';
import { TEXT_FORMATS, textFile } from './transcriptFiles';

interface Recipe {
  format: (typeof TEXT_FORMATS)[number];
  turns: number;
  seed: number;
}

export const byteOrderMarks: Shape<Recipe> = {
  name: 'byte order marks',
  hasLarge: false,
  recipe: fc.record({ large: fc.constant(false), format: fc.constantFrom(...TEXT_FORMATS), turns: fc.integer({ min: 1, max: 4 }), seed: fc.integer() }),
  build(r): ShapeFile {
    const f = new Filler(r.seed);
    const turns = Array.from({ length: r.turns }, (_, i) => ({
      user: `${prose(f, 30)} ${entity(f, i)}`,
      assistant: `${prose(f, 30)} ${entity(f, i)} and ${entity(f, i + 1)}.`,
    }));
    const written = textFile(r.format, turns);
    return { ...written, raw: `\ufeff${written.raw}`, withoutBom: written.raw };
  },
};
