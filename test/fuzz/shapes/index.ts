/** Every hostile shape the fuzzer draws from, by name. */
import fc from 'fast-check';
import { byteOrderMarks } from './byteOrderMarks';
import { controlCharacters } from './controlCharacters';
import { deepJson } from './deepJson';
import { longLines } from './longLines';
import { manyEntities } from './manyEntities';
import type { Shape, ShapeCase, ShapeFile } from './shapeInput';
import { zipArchives } from './zipArchives';

// Each shape's recipe type is its own; the registry sees them through build(recipe).
export const SHAPES: readonly Shape<never>[] = [manyEntities, longLines, zipArchives, controlCharacters, byteOrderMarks, deepJson] as unknown as Shape<never>[];

export function shapeNamed(name: string): Shape<never> | undefined {
  return SHAPES.find((s) => s.name === name);
}

/** Recipes of the given shapes (all by default), each tagged with its shape; `largeOnly` keeps the megabyte ones. */
export function shapeCases(only?: readonly string[], largeOnly = false): fc.Arbitrary<ShapeCase> {
  const chosen = (only ? SHAPES.filter((s) => only.includes(s.name)) : SHAPES).filter((s) => !largeOnly || s.hasLarge);
  return fc.oneof(
    ...chosen.map((s) => {
      const recipes = s.recipe as fc.Arbitrary<ShapeCase['recipe']>;
      // Large recipes are one in five hundred: drawing until one comes costs microseconds.
      return (largeOnly ? recipes.filter((r) => r.large) : recipes).map((recipe) => ({ shape: s.name, recipe }));
    }),
  );
}

export function buildCase(c: ShapeCase): ShapeFile {
  return (shapeNamed(c.shape)!.build as (r: ShapeCase['recipe']) => ShapeFile)(c.recipe);
}
