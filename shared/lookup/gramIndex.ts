/**
 * A posting index of every 3-unit gram in a normalized text, in compressed
 * sparse row form: `heads[b] .. heads[b + 1]` delimits bucket `b` in
 * `positions`, and each bucket lists its positions in increasing order.
 *
 * Why this shape: the naive lookup scans the whole context once per entity
 * form (O(E × C)); here a form of three or more units visits only the
 * positions of its rarest gram, which in prose is a few dozen even at 10 MB.
 * Where even the rarest gram is common (dates, templated phrases), a second
 * gram of the form, chosen by reading a few candidates, is intersected with
 * it at its relative offset, so the text is read only where both occur.
 * Building is two counting-sort passes over the text into two flat typed
 * arrays, so it is linear, cache-friendly and allocates nothing per part.
 * Sorted buckets keep matches in document order (so a `limit` stops early)
 * and let a caller skip a rejected region with a binary search.
 *
 * Each unit is reduced to a 7-bit class (ASCII keeps its own value, upper-case
 * and control slots are reused for hashed non-ASCII units), so a gram key is
 * `c0 << 14 | c1 << 7 | c2`. Keys are bucketed by their high bits, which keeps
 * all grams with the same two-unit prefix in one contiguous bucket range: that
 * answers two-unit forms without a second index.
 *
 * Why three units: a 2-gram over ~70 common classes is too unselective in
 * prose (a common pair holds a few percent of all positions), and a 4-gram
 * key needs 28 bits, a 1 GB bucket table unless hashed, and hashing would
 * break the prefix ranges above. Measured on 10M characters of synthetic
 * agent prose: median lookup of one entity form about 2 µs, build about
 * 0.15 s for the postings on top of normalization.
 */
import { firstAboveInt32, firstAtLeastInt32 } from '../text/sortedSearch';
import { FirstSightings } from './firstSightings';

const KEY_BITS = 21;
/** Candidate lists up to this long are verified directly; longer ones get a second gram as a filter. */
const FILTER_FROM = 256;
/** A gram this rare ends the search for a rarer one. */
const GOOD_ENOUGH = 4;
/** Candidates read to choose that filter. */
const SAMPLES = 16;
const CLASS_COUNT = 128;
/**
 * Grams that start with a space are not indexed: a normalized form never
 * starts with one (its spaces are trimmed), so another of its grams always
 * bounds its candidates, and a tenth of the positions (the table that
 * takes four bytes a unit of context) is not kept. The space is the only
 * unit of its class.
 */
const SPACE = 0x20;

/** The 7-bit class of every UTF-16 unit. */
const UNIT_CLASS = buildUnitClasses();

function buildUnitClasses(): Uint8Array {
  const classes = new Uint8Array(0x10000);
  // Slots ASCII never occupies after case folding: controls 1..31 and 'A'..'Z'.
  const spare: number[] = [];
  for (let c = 1; c < 32; c++) spare.push(c);
  for (let c = 0x41; c <= 0x5a; c++) spare.push(c);
  for (let u = 0; u < 0x10000; u++) {
    if (u < 32) classes[u] = 0;
    else if (u >= 0x41 && u <= 0x5a) classes[u] = u + 32;
    else if (u < 0x80) classes[u] = u;
    else classes[u] = spare[u % spare.length];
  }
  return classes;
}

export function unitClass(unit: number): number {
  return UNIT_CLASS[unit];
}

/** Per class, the first unit in 0x80..0xff of that class. */
const LATIN1_OF_CLASS = buildLatin1OfClass();

function buildLatin1OfClass(): Uint8Array {
  const out = new Uint8Array(CLASS_COUNT);
  for (let u = 0xff; u >= 0x80; u--) out[UNIT_CLASS[u]] = u;
  return out;
}

/**
 * A unit in 0x80..0xff of the same class as `unit` (past Latin-1): what a
 * text kept one byte per unit holds in its place (see NormalizedBuffer), so
 * the grams read from the bytes are the grams of the text itself. Every
 * class a unit past 0x7f can have is the class of some unit in that range.
 */
export function latin1StandIn(unit: number): number {
  return LATIN1_OF_CLASS[UNIT_CLASS[unit]];
}

/** Plans a GramIndex keeps (see `plan`); past this many it starts over. */
const MAX_PLANS = 4096;
/** Bucket sizes a plan may read and still be made afresh at each lookup rather than kept. */
const CHEAP_PLAN_READS = 3;

export class GramIndex {
  /**
   * Each form's plan, made once: a long session asks for the same names
   * answer after answer, and planning a common form reads every one of its
   * grams' bucket sizes and a sample of candidates (cache misses all).
   */
  private readonly plans = new Map<string, GramPlan>();
  /** Forms planned once whose plans were not kept: a second planning keeps the plan. */
  private readonly plannedOnce = new FirstSightings(MAX_PLANS * 4);

  private constructor(
    private readonly heads: Int32Array,
    private readonly positions: Int32Array,
    private readonly shift: number,
    /** The indexed text, read to choose a filter gram (not copied: the caller keeps it); only unit classes are read, so stand-ins serve. */
    private readonly units: Uint8Array | Uint16Array,
    private readonly length: number,
  ) {}

  /** Indexes every position of `units[0 .. length)`; grams running past the end are padded with class 0. */
  static build(units: Uint8Array | Uint16Array, length: number): GramIndex {
    // About one bucket per position, capped at the full key space: small
    // contexts stay small, large ones get selective buckets.
    const bits = Math.max(8, Math.min(KEY_BITS, Math.ceil(Math.log2(length + 1))));
    const shift = KEY_BITS - bits;
    const heads = new Int32Array((1 << bits) + 1);
    const cls = UNIT_CLASS;
    const mask = (1 << KEY_BITS) - 1;

    // Pass 1: bucket sizes; the prefix sum then turns heads[b] into the end of bucket b.
    let key = firstKey(units, length);
    for (let p = 0; p < length; p++) {
      if (units[p] !== SPACE) heads[key >>> shift]++;
      key = ((key << 7) & mask) | (p + 3 < length ? cls[units[p + 3]] : 0);
    }
    for (let b = 1; b < heads.length; b++) heads[b] += heads[b - 1];

    // Pass 2: fill each bucket from its end in decreasing position order, so
    // every bucket comes out sorted and heads[b] ends at its start, with no
    // second table of fill pointers. The key rolls backwards: the gram at p
    // is the unit at p followed by the first two units of the gram at p + 1.
    const positions = new Int32Array(heads[heads.length - 1]);
    key = 0;
    for (let p = length - 1; p >= 0; p--) {
      key = ((cls[units[p]] << 14) | (key >>> 7)) & mask;
      if (units[p] !== SPACE) positions[--heads[key >>> shift]] = p;
    }
    return new GramIndex(heads, positions, shift, units, length);
  }

  memoryBytes(): number {
    return this.heads.byteLength + this.positions.byteLength;
  }

  /**
   * The candidate start positions of `form` (a normalized, case-folded
   * string of at least two units, not starting with a space) in increasing
   * order, as a cursor. Every real occurrence is among them; the caller
   * verifies each.
   */
  candidates(form: string): CandidateCursor {
    const plan = this.plan(form);
    const { heads, positions } = this;
    if (plan.kind === 'prefix') {
      if (plan.first === plan.last) return new BucketCursor(positions, heads[plan.first], heads[plan.first + 1], 0);
      return new MergedCursor(plan.buckets.map((b) => new BucketCursor(positions, heads[b], heads[b + 1], 0)));
    }
    const { lead, leadOffset, filter, filterOffset } = plan;
    if (filter < 0) return new BucketCursor(positions, heads[lead], heads[lead + 1], leadOffset);
    return new PairCursor(positions, heads[lead], heads[lead + 1], leadOffset, heads[filter], heads[filter + 1], filterOffset);
  }

  /**
   * The same candidates as `candidates`, read from the end: a cursor that
   * yields them in decreasing order (a search for the nearest occurrences
   * before a point). The same grams bound and filter them.
   */
  candidatesBackward(form: string): BackwardCursor {
    const plan = this.plan(form);
    const { heads, positions } = this;
    if (plan.kind === 'prefix') {
      const lists = plan.buckets.map((b) => new BackwardBucketCursor(positions, heads[b], heads[b + 1], 0));
      return lists.length === 1 ? lists[0] : new BackwardMergedCursor(lists);
    }
    const { lead, leadOffset, filter, filterOffset } = plan;
    if (filter < 0) return new BackwardBucketCursor(positions, heads[lead], heads[lead + 1], leadOffset);
    return new BackwardPairCursor(positions, heads[lead], heads[lead + 1], leadOffset, heads[filter], heads[filter + 1], filterOffset);
  }

  /**
   * Which buckets bound the candidates of `form`, whichever way they are
   * read. A two-unit form has no gram of its own: every bucket of grams it
   * starts is read. Otherwise the rarest gram bounds the candidates. When it
   * is common, a second gram checked at its own offset (galloping through its
   * sorted bucket, a sequential walk) rejects most of them before the caller
   * reads the text at each one (a cache miss per candidate).
   *
   * Reading a bucket's size is a cache miss in a table of millions, as is
   * verifying one candidate, so the search for the rarest gram stops once
   * one is rare enough that reading more sizes would cost more than it saves.
   */
  private plan(form: string): GramPlan {
    let plan = this.plans.get(form);
    if (plan === undefined) {
      plan = this.planAfresh(form);
      if (this.worthKeeping(plan, form) || !this.plannedOnce.isFirst(form)) {
        if (this.plans.size >= MAX_PLANS) this.plans.clear();
        this.plans.set(form, plan);
      }
    }
    return plan;
  }

  /**
   * Whether the plan is worth keeping from the form's first lookup. A rare
   * form's plan reads a bucket size or three, and a session with new facts
   * in every answer asks for thousands of forms once: keeping each of their
   * plans (and starting over every 4,096) cost more than planning the few
   * asked again twice. A two-unit form's plan (every bucket of its prefix),
   * a common form's (a sample of candidates to choose its filter) and one
   * whose rare gram comes late (many sizes read first) are kept at once;
   * any other is kept from its second planning (`plannedOnce`).
   */
  private worthKeeping(plan: GramPlan, form: string): boolean {
    if (plan.kind === 'prefix' || plan.filter >= 0) return true;
    const sizesRead = this.bucketSize(plan.lead) <= GOOD_ENOUGH ? plan.leadOffset + 1 : form.length - 2;
    return sizesRead > CHEAP_PLAN_READS;
  }

  private planAfresh(form: string): GramPlan {
    if (form.charCodeAt(0) === SPACE) throw new Error('GramIndex: a form starting with a space has no indexed gram to bound it');
    if (form.length === 2) {
      const prefix = (unitClass(form.charCodeAt(0)) << 14) | (unitClass(form.charCodeAt(1)) << 7);
      const first = prefix >>> this.shift;
      const last = (prefix | (CLASS_COUNT - 1)) >>> this.shift;
      return { kind: 'prefix', first, last, buckets: this.prefixBuckets(first, last) };
    }
    const grams = form.length - 2;
    const classes = formClasses(form);
    const buckets = bucketScratch(grams);
    let first = 0;
    let firstSize = Infinity;
    let seen = 0;
    while (seen < grams && firstSize > GOOD_ENOUGH) {
      const i = seen++;
      buckets[i] = ((classes[i] << 14) | (classes[i + 1] << 7) | classes[i + 2]) >>> this.shift;
      if (classes[i] === SPACE) continue;
      const size = this.bucketSize(buckets[i]);
      if (size < firstSize) {
        first = i;
        firstSize = size;
      }
    }
    const second = seen === 1 || firstSize <= FILTER_FROM ? -1 : this.filterGram(classes, buckets.subarray(0, seen), first);
    return { kind: 'grams', lead: buckets[first], leadOffset: first, filter: second < 0 ? -1 : buckets[second], filterOffset: second };
  }

  /** The non-empty buckets of a two-unit prefix, in key order. */
  private prefixBuckets(first: number, last: number): number[] {
    const out: number[] = [];
    for (let b = first; b <= last; b++) if (this.heads[b + 1] > this.heads[b]) out.push(b);
    return out;
  }

  /**
   * The gram that rejects most candidates of gram `first`, or -1 when none
   * rejects any. Which one that is cannot be told from bucket sizes: grams of
   * one phrase ('the audit') occur together however rare each is. So the
   * first few candidates are read and each gram is scored by how many of them
   * it would have let through; ties go to the smaller bucket, which is
   * cheaper to walk.
   */
  private filterGram(classes: Uint8Array, buckets: Int32Array, first: number): number {
    const units = this.units;
    const cls = UNIT_CLASS;
    const n = buckets.length + 2;
    const passed = new Int32Array(buckets.length);
    const from = this.heads[buckets[first]];
    const samples = Math.min(SAMPLES, this.bucketSize(buckets[first]));
    for (let s = 0; s < samples; s++) {
      // One read of the sample's units; a gram passes where its three units all agree.
      const start = this.positions[from + s] - first;
      let run = 0;
      for (let k = 0; k < n; k++) {
        const at = start + k;
        run = at >= 0 && at < this.length && cls[units[at]] === classes[k] ? run + 1 : 0;
        if (run >= 3) passed[k - 2]++;
      }
    }
    let best = -1;
    for (let j = 0; j < buckets.length; j++) {
      if (j === first || passed[j] === samples || classes[j] === SPACE) continue;
      if (best < 0 || passed[j] < passed[best] || (passed[j] === passed[best] && this.bucketSize(buckets[j]) < this.bucketSize(buckets[best]))) best = j;
    }
    return best;
  }

  private bucketSize(b: number): number {
    return this.heads[b + 1] - this.heads[b];
  }
}

/** Which buckets bound a form's candidates (see GramIndex.plan); `filter` is -1 when no second gram helps. */
type GramPlan =
  | { kind: 'prefix'; first: number; last: number; buckets: number[] }
  | { kind: 'grams'; lead: number; leadOffset: number; filter: number; filterOffset: number };

/** Room for `grams` bucket numbers, in a scratch array reused between calls. */
let bucketArray = new Int32Array(64);
function bucketScratch(grams: number): Int32Array {
  if (bucketArray.length < grams) bucketArray = new Int32Array(grams * 2);
  return bucketArray;
}

/** The unit classes of `form`, in a scratch array reused between calls. */
let classScratch = new Uint8Array(64);
function formClasses(form: string): Uint8Array {
  if (classScratch.length < form.length) classScratch = new Uint8Array(form.length * 2);
  const cls = UNIT_CLASS;
  for (let k = 0; k < form.length; k++) classScratch[k] = cls[form.charCodeAt(k)];
  return classScratch;
}

function firstKey(units: Uint8Array | Uint16Array, length: number): number {
  const cls = UNIT_CLASS;
  const a = length > 0 ? cls[units[0]] : 0;
  const b = length > 1 ? cls[units[1]] : 0;
  const c = length > 2 ? cls[units[2]] : 0;
  return (a << 14) | (b << 7) | c;
}

/** Yields candidate starts in increasing order. */
export interface CandidateCursor {
  /** The smallest candidate start ≥ `min`, or -1 when none is left. */
  next(min: number): number;
}

/** One sorted bucket; a candidate start is a gram position minus the gram's offset in the form. */
class BucketCursor implements CandidateCursor {
  constructor(
    private readonly positions: Int32Array,
    private at: number,
    private readonly end: number,
    private readonly offset: number,
  ) {}

  next(min: number): number {
    const target = min + this.offset;
    const positions = this.positions;
    let at = this.at;
    if (at < this.end && positions[at] < target) {
      // Gallop, then binary search: one step when walking candidates in
      // order, a logarithmic jump when a caller skips a rejected part.
      let step = 1;
      while (at + step < this.end && positions[at + step] < target) step *= 2;
      at = firstAtLeastInt32(positions, target, at + (step >>> 1) + 1, Math.min(at + step, this.end));
      this.at = at;
    }
    return at < this.end ? positions[at] - this.offset : -1;
  }
}

/** Several sorted buckets read as one sorted sequence (two-unit forms). */
class MergedCursor implements CandidateCursor {
  constructor(private readonly lists: BucketCursor[]) {}

  next(min: number): number {
    let best = -1;
    for (const list of this.lists) {
      const c = list.next(min);
      if (c >= 0 && (best < 0 || c < best)) best = c;
    }
    return best;
  }
}

/**
 * Starts at which two buckets both hold their gram (each at its own offset
 * in the form), found by leapfrogging: each side gallops to the other's last
 * start until they agree. Work is bounded by the shorter bucket and shrinks
 * where the buckets barely meet. Both walks are inlined on one positions
 * array: this loop is the hottest in a lookup of a common phrase.
 */
class PairCursor implements CandidateCursor {
  constructor(
    private readonly positions: Int32Array,
    private aAt: number,
    private readonly aEnd: number,
    private readonly aOffset: number,
    private bAt: number,
    private readonly bEnd: number,
    private readonly bOffset: number,
  ) {}

  next(min: number): number {
    const positions = this.positions;
    const aEnd = this.aEnd;
    const bEnd = this.bEnd;
    const aOffset = this.aOffset;
    const bOffset = this.bOffset;
    let a = this.aAt;
    let b = this.bAt;
    let c = min;
    let found = -1;
    for (;;) {
      a = seek(positions, a, aEnd, c + aOffset);
      if (a === aEnd) break;
      c = positions[a] - aOffset;
      b = seek(positions, b, bEnd, c + bOffset);
      if (b === bEnd) break;
      const d = positions[b] - bOffset;
      if (d === c) {
        found = c;
        break;
      }
      c = d;
    }
    this.aAt = a;
    this.bAt = b;
    return found;
  }
}

/** The first index in `[at, end)` whose position is ≥ `target` (`end` if none): gallop, then binary search. */
function seek(positions: Int32Array, at: number, end: number, target: number): number {
  if (at >= end || positions[at] >= target) return at;
  let step = 1;
  while (at + step < end && positions[at + step] < target) step *= 2;
  return firstAtLeastInt32(positions, target, at + (step >>> 1) + 1, Math.min(at + step, end));
}

/** Yields candidate starts in decreasing order. */
export interface BackwardCursor {
  /** The largest candidate start ≤ `max`, or -1 when none is left. */
  prev(max: number): number;
}

/** One sorted bucket read from its end. */
class BackwardBucketCursor implements BackwardCursor {
  constructor(
    private readonly positions: Int32Array,
    private readonly start: number,
    /** One past the last entry not yet passed. */
    private at: number,
    private readonly offset: number,
  ) {}

  prev(max: number): number {
    this.at = seekBack(this.positions, this.start, this.at, max + this.offset);
    return this.at > this.start ? this.positions[this.at - 1] - this.offset : -1;
  }
}

/** Several sorted buckets read from their ends as one decreasing sequence. */
class BackwardMergedCursor implements BackwardCursor {
  constructor(private readonly lists: BackwardBucketCursor[]) {}

  prev(max: number): number {
    let best = -1;
    for (const list of this.lists) {
      const c = list.prev(max);
      if (c > best) best = c;
    }
    return best;
  }
}

/** PairCursor's leapfrogging, from the end down. */
class BackwardPairCursor implements BackwardCursor {
  constructor(
    private readonly positions: Int32Array,
    private readonly aStart: number,
    private aAt: number,
    private readonly aOffset: number,
    private readonly bStart: number,
    private bAt: number,
    private readonly bOffset: number,
  ) {}

  prev(max: number): number {
    const positions = this.positions;
    let a = this.aAt;
    let b = this.bAt;
    let c = max;
    let found = -1;
    for (;;) {
      a = seekBack(positions, this.aStart, a, c + this.aOffset);
      if (a === this.aStart) break;
      c = positions[a - 1] - this.aOffset;
      b = seekBack(positions, this.bStart, b, c + this.bOffset);
      if (b === this.bStart) break;
      const d = positions[b - 1] - this.bOffset;
      if (d === c) {
        found = c;
        break;
      }
      c = d;
    }
    this.aAt = a;
    this.bAt = b;
    return found;
  }
}

/**
 * One past the last index in `[start, at)` whose position is ≤ `target`
 * (`start` if none): gallop down from `at`, then binary search.
 */
function seekBack(positions: Int32Array, start: number, at: number, target: number): number {
  if (at <= start || positions[at - 1] <= target) return at;
  let step = 1;
  while (at - step > start && positions[at - step - 1] > target) step *= 2;
  // positions[at - 1 - step/2] > target, and positions[at - step - 1] ≤ target or lies below `start`.
  return firstAboveInt32(positions, target, Math.max(start, at - step), at - 1 - (step >>> 1));
}
