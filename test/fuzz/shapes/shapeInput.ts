/**
 * What a hostile shape generates: a small recipe (what fast-check draws,
 * prints and replays) and the file built from it, which may run to
 * megabytes. Building happens in the property, not the generator, so
 * skipping to a failing input by its path costs nothing.
 */
import type fc from 'fast-check';

export interface ShapeFile {
  /** How the file is shown in reports (may carry the hostile characters itself). */
  file: string;
  /** The text as the CLI decodes it: UTF-8, or latin1 for a zip. */
  raw: string;
  /** For zips: the bytes. */
  bytes?: Uint8Array;
  /** A project config rather than a transcript. */
  config?: true;
  /** For a file that opens with a BOM: the same file without it, which must read the same. */
  withoutBom?: string;
  /** The parser the file was written for; its parse must not throw either. */
  format?: string;
}

export interface Shape<R> {
  name: string;
  /** Whether some recipes are `large`. */
  hasLarge: boolean;
  /** Mostly small recipes; `large` ones are the seeded fraction that runs to megabytes. */
  recipe: fc.Arbitrary<R & { large: boolean }>;
  build(recipe: R & { large: boolean }): ShapeFile;
}

/** A recipe and the shape it belongs to, as fed to the fuzz loop. */
export interface ShapeCase {
  shape: string;
  recipe: { large: boolean } & Record<string, unknown>;
}
