/**
 * Deeply nested JSON, closed and left open: in the project config, as a
 * field of a JSON Lines record, and inside a JSON transcript's message.
 * A parser that recurses per level runs out of stack here.
 */
import fc from 'fast-check';
import { entity, Filler, prose } from './random';
import type { Shape, ShapeFile } from './shapeInput';
import { textFile } from './transcriptFiles';

interface Recipe {
  where: 'config' | 'config setting' | 'package.json' | 'claude-code record' | 'openai-chat message';
  depth: number;
  open: '[' | '{"a":' | 'mixed';
  closed: boolean;
  seed: number;
}

function nesting(r: Recipe): string {
  const opens: string[] = [];
  for (let i = 0; i < r.depth; i++) opens.push(r.open === 'mixed' ? (i % 2 === 0 ? '[' : '{"a":') : r.open);
  const closes = r.closed
    ? opens
        .map((o) => (o === '[' ? ']' : '}'))
        .reverse()
        .join('')
    : '';
  return `${opens.join('')}1${closes}`;
}

export const deepJson: Shape<Recipe> = {
  name: 'deeply nested JSON',
  hasLarge: true,
  recipe: fc
    .oneof(
      { weight: 490, arbitrary: fc.record({ large: fc.constant(false), depth: fc.integer({ min: 1, max: 200 }) }) },
      { weight: 9, arbitrary: fc.record({ large: fc.constant(false), depth: fc.integer({ min: 1000, max: 5000 }) }) },
      { weight: 1, arbitrary: fc.record({ large: fc.constant(true), depth: fc.integer({ min: 5000, max: 200_000 }) }) },
    )
    .chain(({ large, depth }) =>
      fc.record({
        large: fc.constant(large),
        depth: fc.constant(depth),
        where: fc.constantFrom(
          'config' as const,
          'config setting' as const,
          'package.json' as const,
          'claude-code record' as const,
          'openai-chat message' as const,
        ),
        open: fc.constantFrom('[' as const, '{"a":' as const, 'mixed' as const),
        closed: fc.boolean(),
        seed: fc.integer(),
      }),
    ),
  build(r): ShapeFile {
    const deep = nesting(r);
    if (r.where === 'config') return { file: 'groundcheck.config.json', raw: deep, config: true };
    if (r.where === 'config setting') return { file: 'groundcheck.config.json', raw: `{\n  "profile": "refined",\n  "severity": ${deep}\n}\n`, config: true };
    if (r.where === 'package.json') return { file: 'package.json', raw: `{"name": "app", "groundcheck": {"ignore": ${deep}}}`, config: true };
    const f = new Filler(r.seed);
    const turn = { user: `${prose(f, 30)} ${entity(f, 0)}`, assistant: `${prose(f, 30)} ${entity(f, 1)}` };
    const written = textFile(r.where === 'claude-code record' ? 'claude-code' : 'openai-chat', [turn, turn]);
    // After the first record's (or message's) opening brace, so the records around it stay whole.
    const at = r.where === 'claude-code record' ? written.raw.indexOf('\n') + 2 : written.raw.indexOf('{"role"') + 1;
    return { ...written, raw: `${written.raw.slice(0, at)}"deep":${deep},${written.raw.slice(at)}` };
  },
};
