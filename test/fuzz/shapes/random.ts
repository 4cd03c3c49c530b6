/**
 * A seeded generator for the bulk of a large input (thousands of entities,
 * megabytes of prose): the recipe holds one integer, and the filling is
 * drawn from it, so a replayed recipe builds the same bytes.
 */

export class Filler {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    // mulberry32: small, fast, good enough to vary text.
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) >>> 0;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
}

const WORDS = ['the', 'value', 'is', 'set', 'in', 'config', 'and', 'retries', 'after', 'a', 'timeout', 'of', 'build', 'passes', 'on', 'port', 'with'];

/** Prose of about `length` characters, no entity in it. */
export function prose(f: Filler, length: number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < length) {
    const w = f.pick(WORDS);
    parts.push(w);
    n += w.length + 1;
  }
  return parts.join(' ');
}

/** One entity of the kinds a coding answer is dense with: a figure, an identifier, a path, a version, a date. */
export function entity(f: Filler, i: number): string {
  switch (f.below(6)) {
    case 0:
      return `${f.below(100000)}.${f.below(100)}`;
    case 1:
      return `fetch${i}Item_${f.below(1000)}()`;
    case 2:
      return `src/mod${f.below(500)}/file${i}.ts`;
    case 3:
      return `v${f.below(20)}.${f.below(50)}.${i}`;
    case 4:
      return `2024-${String(1 + f.below(12)).padStart(2, '0')}-${String(1 + f.below(28)).padStart(2, '0')}`;
    default:
      return `\`${['parse', 'load', 'emit'][f.below(3)]}Row${i}\``;
  }
}
