/**
 * A lookup that notes whether it was asked to search past a bound: most of
 * an output's lookups end where its context ends (`before`), but a rule may
 * search every part ("nothing in the session, before the turn or after it,
 * spells this version"). Such a check is only what a new one would give
 * while the context has the parts it had then; a caller that keeps checks
 * while parts are appended (a session the agent is still writing) learns
 * here which ones to make again.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from './contextIndex';
import type { ContextLookup } from './contextLookup';

export class ReachWatch implements ContextLookup {
  /** Set once a lookup searched with no end (`before`) among the parts there are: its answer depends on every part. */
  unbounded = false;

  constructor(private readonly inner: ContextLookup) {}

  get partCount(): number {
    return this.inner.partCount;
  }

  get size(): number {
    return this.inner.size;
  }

  partText(part: number): string {
    return this.inner.partText(part);
  }

  find(form: string, opts: FindOptions): ContextMatch[] {
    this.note(opts);
    return this.inner.find(form, opts);
  }

  findLast(form: string, opts: FindOptions): ContextMatch[] {
    this.note(opts);
    return this.inner.findLast(form, opts);
  }

  private note(opts: FindOptions): void {
    // Parts are appended after the last one, so an end at or before the count now keeps the search where it is.
    if (opts.before === undefined || opts.before > this.inner.partCount) this.unbounded = true;
  }
}
