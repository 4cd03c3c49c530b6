/** What the main thread of `npm run fuzz` hands a worker, and where the worker says what it is checking. */

export interface ChunkTask {
  target: 'transcripts' | 'classifier' | 'shapes';
  runs: number;
  seed: number;
  /** The input of the seed's sequence to start at. */
  path?: number;
  only?: string[];
  largeOnly?: boolean;
  /**
   * Int32Array cells: [0] the input being checked, [1] its shape's index in
   * SHAPES, [2] its size in characters, [3] the length of its recipe, whose
   * JSON follows in bytes from PROGRESS_RECIPE_AT.
   */
  progress: SharedArrayBuffer;
}

export const PROGRESS_RECIPE_AT = 16;
export const PROGRESS_BYTES = PROGRESS_RECIPE_AT + 4096;
