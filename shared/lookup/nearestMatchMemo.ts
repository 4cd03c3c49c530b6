/**
 * Remembers, for a growing context index, for each form, the matches nearest the
 * last output that asked for them, so that the next output whose context
 * extends that one's reads only the parts added since.
 *
 * Why: in a long session the same names come back in answer after answer
 * (the file being worked on, the failing test), and each answer's report
 * lists the nearest hundred places of each. Asked afresh, that is a hundred
 * verified matches per name per answer, most of them the ones the answer
 * before verified. Told what the parts below the earlier answer's bound
 * hold, a lookup reads only the parts between the two bounds, so each match
 * is verified about once per form over the whole session.
 *
 * A lookup is remembered only when it comes with a registered scope (see
 * `scope`): the `accept` and `before` an output's lookups use, and the
 * output they are for. A remembered answer is reused for a later scope only
 * when `extendsScope(earlier, later)` says that below the earlier bound the
 * later scope accepts exactly the parts the earlier one does (the caller
 * knows its context's shape: a later turn of the same conversation). The
 * answers are the ones the inner lookup gives, match for match.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from './contextIndex';
import { FirstSightings } from './firstSightings';

/** Whose lookups an `accept` makes. */
export interface LookupScope {
  /** The output asking (a segment id or any number the caller's `extendsScope` reads). */
  output: number;
  /** Scopes of different groups (say, with and without echoes) never share answers. */
  group: number;
  /** The `before` the output's lookups give. */
  before: number;
}

interface Remembered {
  strict: boolean;
  scope: LookupScope;
  /** The first verified, accepted matches before `scope.before`, nearest first. */
  matches: ContextMatch[];
  /** Whether `matches` are all there are. */
  complete: boolean;
}

/** Forms remembered at most. */
const MAX_FORMS = 4096;
/** Matches remembered per form at most: as many as any lookup of an output's reads (a hundred locations, a hundred candidates examined). */
const REMEMBERED = 100;

/** A lookup of the nearest matches, as an index answers it. */
export type FindLast = (form: string, opts: FindOptions) => ContextMatch[];

export class NearestMatchMemo {
  private readonly scopes = new WeakMap<(part: number) => boolean, LookupScope>();
  /** Per form, its remembered lookups (one per strictness and scope group asked). */
  private readonly remembered = new Map<string, Remembered[]>();
  /** Forms asked for once and not remembered yet. */
  private readonly askedOnce = new FirstSightings(MAX_FORMS * 4);

  constructor(
    private readonly inner: FindLast,
    private readonly extendsScope: (earlier: LookupScope, later: LookupScope) => boolean,
  ) {}

  /** Registers `accept` as the scope's: lookups given it (with the scope's `before`) are remembered. */
  scope<A extends (part: number) => boolean>(accept: A, scope: LookupScope): A {
    this.scopes.set(accept, scope);
    return accept;
  }

  findLast(form: string, opts: FindOptions): ContextMatch[] {
    const scope = opts.accept === undefined ? undefined : this.scopes.get(opts.accept);
    const unbounded = opts.limit === undefined && opts.examine === undefined;
    if (scope === undefined || opts.before !== scope.before || opts.from !== undefined || unbounded) return this.inner(form, opts);
    const all = this.remembered.get(form);
    // A form asked once is most often never asked again: it is remembered from its second lookup on.
    if (all === undefined && this.askedOnce.isFirst(form)) return this.inner(form, opts);
    const strict = opts.strict;
    const known = all === undefined ? undefined : recall(all, strict, scope.group);
    const earlier = known !== undefined && this.reaches(known.scope, scope) ? known : undefined;
    const answer = new Answer(opts);
    if (answer.done) return [];
    // The parts above the earlier bound (all of them, with nothing remembered), read only as far as the answer needs.
    const fresh: ContextMatch[] = [];
    const from = earlier?.scope.before ?? 0;
    if (from < scope.before) {
      const take = (part: number, start: number, end: number): boolean => {
        const m = { part, start, end };
        fresh.push(m);
        return answer.offer(m);
      };
      // `take` says true only when the answer is complete, so `limit: 1` stops the lookup there.
      this.inner(form, { strict, accept: opts.accept, before: scope.before, from, keep: take, limit: 1 });
    }
    if (answer.done) {
      // Stopped among the new parts: what was read is the start of this output's matches. It replaces what an earlier
      // output left only when it is as long as that: a lookup that stopped at its first match would leave later ones little.
      if (earlier === undefined || fresh.length >= Math.min(REMEMBERED, earlier.matches.length))
        this.remember(form, { strict, scope, matches: capped(fresh), complete: false });
      return answer.matches;
    }
    if (earlier === undefined) {
      this.remember(form, { strict, scope, matches: capped(fresh), complete: fresh.length <= REMEMBERED });
      return answer.matches;
    }
    for (const m of earlier.matches) if (answer.offer(m)) break;
    // The earlier output's matches go on past those remembered: read afresh.
    if (!answer.done && !earlier.complete) return this.afresh(form, opts, scope);
    const matches = fresh.length === 0 ? earlier.matches : capped(fresh.concat(earlier.matches));
    this.remember(form, { strict, scope, matches, complete: earlier.complete && matches.length === fresh.length + earlier.matches.length });
    return answer.matches;
  }

  /** The lookup as the inner index answers it, remembered from the start. */
  private afresh(form: string, opts: FindOptions, scope: LookupScope): ContextMatch[] {
    this.forget(form, opts.strict, scope.group);
    return this.findLast(form, opts);
  }

  private forget(form: string, strict: boolean, group: number): void {
    const all = this.remembered.get(form);
    if (all !== undefined)
      this.remembered.set(
        form,
        all.filter((r) => r.strict !== strict || r.scope.group !== group),
      );
  }

  private reaches(earlier: LookupScope, later: LookupScope): boolean {
    if (earlier.group !== later.group || earlier.before > later.before) return false;
    return earlier.output === later.output || this.extendsScope(earlier, later);
  }

  private remember(form: string, entry: Remembered): void {
    const remembered = this.remembered;
    const all = remembered.get(form);
    if (all === undefined) {
      remembered.set(form, [entry]);
      if (remembered.size > MAX_FORMS) forgetOldest(remembered, MAX_FORMS / 4);
      return;
    }
    const at = all.findIndex((r) => r.strict === entry.strict && r.scope.group === entry.scope.group);
    if (at === -1) all.push(entry);
    else all[at] = entry;
  }
}

/**
 * Drops the `count` forms remembered first (a Map keeps the order of
 * insertion): a hot one forgotten costs one full lookup. A quarter at a time,
 * in one pass: a Map leaves a hole where an entry was deleted until it
 * rehashes, so finding the first key again after each single deletion would
 * walk past every hole left before it.
 */
function forgetOldest(remembered: Map<string, Remembered[]>, count: number): void {
  let left = count;
  for (const form of remembered.keys()) {
    remembered.delete(form);
    if (--left === 0) return;
  }
}

function recall(all: readonly Remembered[], strict: boolean, group: number): Remembered | undefined {
  for (const r of all) if (r.strict === strict && r.scope.group === group) return r;
  return undefined;
}

function capped(matches: ContextMatch[]): ContextMatch[] {
  return matches.length > REMEMBERED ? matches.slice(0, REMEMBERED) : matches;
}

/**
 * The answer to a lookup, built from its verified matches nearest first, as
 * the index builds it: the ones `keep` takes, until `limit` are taken or
 * `examine` were read.
 */
class Answer {
  readonly matches: ContextMatch[] = [];
  done = false;
  private examined = 0;
  private readonly limit: number;
  private readonly examine: number;
  private readonly keep: FindOptions['keep'];

  constructor(opts: FindOptions) {
    this.limit = opts.limit ?? Infinity;
    this.examine = opts.examine ?? Infinity;
    this.keep = opts.keep;
    this.done = this.limit <= 0 || this.examine <= 0;
  }

  /** Reads the next verified match; true once the answer is complete. */
  offer(m: ContextMatch): boolean {
    if (this.done) return true;
    if (this.keep === undefined || this.keep(m.part, m.start, m.end)) {
      this.matches.push(m);
      if (this.matches.length >= this.limit) return (this.done = true);
    }
    return (this.done = ++this.examined >= this.examine);
  }
}
