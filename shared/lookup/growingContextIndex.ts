/**
 * A ContextIndex that parts can be appended to, for a session that grows
 * while it is checked. The gram index is built in one piece and cannot grow
 * in place, so appended parts go into a new, small index; whenever the
 * newest index is at least as large as the one before it, the two are
 * rebuilt as one (the logarithmic method: each part is rebuilt a
 * logarithmic number of times, and a lookup asks a logarithmic number of
 * indexes). A lookup asks them in part order and gives what one index over
 * all parts would give: matches in part order, `limit`, `from`, `before`,
 * `accept`, `keep` and `examine` alike.
 */
import type { ContextMatch } from '../classifier/types';
import type { ContextLookup } from './contextLookup';
import { ContextIndex, type FindOptions } from './contextIndex';
import { type LookupScope, NearestMatchMemo } from './nearestMatchMemo';

interface Level {
  index: ContextIndex;
  /** Number of the level's first part among all parts. */
  first: number;
}

export class GrowingContextIndex implements ContextLookup {
  private readonly levels: Level[];
  private parts = 0;
  private units = 0;
  private nearest: NearestMatchMemo | undefined;

  private constructor(index: ContextIndex) {
    this.levels = [{ index, first: 0 }];
    this.parts = index.partCount;
    this.units = index.size;
  }

  static build(parts: readonly string[]): GrowingContextIndex {
    return new GrowingContextIndex(ContextIndex.build(parts));
  }

  get partCount(): number {
    return this.parts;
  }

  get size(): number {
    return this.units;
  }

  /** How many indexes a lookup asks (1 until parts are appended). */
  get levelCount(): number {
    return this.levels.length;
  }

  partText(part: number): string {
    const level = this.levelOf(part);
    return level.index.partText(part - level.first);
  }

  memoryBytes(): number {
    return this.levels.reduce((n, l) => n + l.index.memoryBytes(), 0);
  }

  /**
   * Appends parts after the last one; they are numbered on from `partCount`.
   * With `settle` false, the rebuilds that keep the number of indexes
   * logarithmic wait for `settle()`: a caller that must answer first (a stop
   * hook) pays for the new parts alone, and lookups meanwhile ask one index
   * more per append.
   */
  append(parts: readonly string[], settle = true): void {
    if (parts.length === 0) return;
    this.levels.push({ index: ContextIndex.build(parts), first: this.parts });
    this.parts += parts.length;
    if (settle) this.settle();
    else this.units += this.levels[this.levels.length - 1].index.size;
  }

  /** Rebuilds as one each newest index at least as large as the one before it. */
  settle(): void {
    const levels = this.levels;
    for (;;) {
      const n = levels.length;
      if (n < 2 || levels[n - 1].index.size < levels[n - 2].index.size) break;
      const [older, newer] = levels.splice(n - 2, 2);
      levels.push({ index: ContextIndex.build([...textsOf(older.index), ...textsOf(newer.index)]), first: older.first });
    }
    this.units = levels.reduce((n, l) => n + l.index.size, 0);
  }

  find(form: string, opts: FindOptions): ContextMatch[] {
    return this.across(this.levels, opts, (index, o) => index.find(form, o));
  }

  /**
   * From now on, remembers each form's nearest matches from one scope of
   * lookups to a later one that extends it (see nearestMatchMemo.ts); the
   * scopes are registered with the memo returned.
   */
  rememberNearest(extendsScope: (earlier: LookupScope, later: LookupScope) => boolean): NearestMatchMemo {
    this.nearest = new NearestMatchMemo((form, opts) => this.findLastAcross(form, opts), extendsScope);
    return this.nearest;
  }

  findLast(form: string, opts: FindOptions): ContextMatch[] {
    return this.nearest ? this.nearest.findLast(form, opts) : this.findLastAcross(form, opts);
  }

  private findLastAcross(form: string, opts: FindOptions): ContextMatch[] {
    return this.across(this.levels.length === 1 ? this.levels : [...this.levels].reverse(), opts, (index, o) => index.findLast(form, o));
  }

  /** Asks each level in the order given, with the options in its own part numbers, until the limit is reached. */
  private across(levels: readonly Level[], opts: FindOptions, look: (index: ContextIndex, opts: FindOptions) => ContextMatch[]): ContextMatch[] {
    if (levels.length === 1) return look(levels[0].index, opts);
    const limit = opts.limit ?? Infinity;
    const before = opts.before ?? this.parts;
    const from = opts.from ?? 0;
    const { accept, keep, examine } = opts;
    const out: ContextMatch[] = [];
    // Matches verified so far over all levels, when `examine` caps them: each level is told what is left.
    let examined = 0;
    for (const { index, first } of levels) {
      if (out.length >= limit || (examine !== undefined && examined >= examine)) break;
      if (before <= first || from >= first + index.partCount) continue;
      const found = look(index, {
        strict: opts.strict,
        before: before - first,
        ...(from > first ? { from: from - first } : {}),
        limit: limit - out.length,
        ...(accept ? { accept: first === 0 ? accept : (part: number) => accept(part + first) } : {}),
        ...(keep || examine !== undefined
          ? {
              keep: (part: number, start: number, end: number) => {
                examined++;
                return keep === undefined || keep(part + first, start, end);
              },
              examine: examine === undefined ? undefined : examine - examined,
            }
          : {}),
      });
      for (const m of found) out.push(first === 0 ? m : { part: m.part + first, start: m.start, end: m.end });
    }
    return out;
  }

  private levelOf(part: number): Level {
    const levels = this.levels;
    for (let i = levels.length - 1; i > 0; i--) if (levels[i].first <= part) return levels[i];
    return levels[0];
  }
}

function textsOf(index: ContextIndex): string[] {
  const out: string[] = [];
  for (let p = 0; p < index.partCount; p++) out.push(index.partText(p));
  return out;
}
