/**
 * A lookup that notes the searches it was asked to make past a bound: most
 * of an output's lookups end where its context ends (`before`), but a rule
 * may search every part ("nothing in the session, before the turn or after
 * it, spells this version"). Such a check is only what a new one would give
 * while the parts it searched still answer the same; a caller that keeps
 * checks while parts are appended (a session the agent is still writing)
 * learns here which ones to make again.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from './contextIndex';
import type { ContextLookup } from './contextLookup';

/** A search with no end among the parts there were: what it looked for, and how. */
export interface OpenSearch {
  form: string;
  strict: boolean;
}

export class ReachWatch implements ContextLookup {
  private open: OpenSearch[] = [];
  private readonly seen = new Set<string>();

  /** One per index, kept: what the classifier caches per lookup (records, headings) lasts from one output to the next. */
  constructor(private readonly inner: ContextLookup) {}

  /** The searches with no end noted since the last call, each once; noting starts afresh. */
  take(): OpenSearch[] {
    const open = this.open;
    this.open = [];
    this.seen.clear();
    return open;
  }

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
    this.note(form, opts);
    return this.inner.find(form, opts);
  }

  findLast(form: string, opts: FindOptions): ContextMatch[] {
    this.note(form, opts);
    return this.inner.findLast(form, opts);
  }

  private note(form: string, opts: FindOptions): void {
    // Parts are appended after the last one, so an end at or before the count now keeps the search where it is.
    if (opts.before !== undefined && opts.before <= this.inner.partCount) return;
    const key = `${opts.strict ? 's' : 'l'}${form}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.open.push({ form, strict: opts.strict });
  }
}

/**
 * Whether `searches`, made when `lookup` had `parts` parts, answer the same
 * now that parts were appended to it. Matches come in part order and the
 * earlier parts are unchanged, so a search answers as before when no new
 * part holds its form at all (whatever a search's filters, limits and
 * direction, a new part without a match can neither add a match nor use up
 * what it may examine).
 */
export function answersAsBefore(lookup: ContextLookup, searches: readonly OpenSearch[], parts: number): boolean {
  if (lookup.partCount === parts) return true;
  return searches.every((s) => lookup.find(s.form, { strict: s.strict, from: parts, limit: 1 }).length === 0);
}
