/**
 * Causal context: which segments an output could have seen.
 *
 * Segments form a forest through `parent`. An output's context is its strict
 * ancestors whose role grounds claims (plus model-written ones when echoes
 * count). Siblings, later turns, rewound branches and grader fields are never
 * context. An Euler tour numbers the forest once so "is `a` an ancestor of
 * `o`" is two integer comparisons, which lets one shared index filter matches
 * per output without building a context per turn.
 */
import { ECHO_ROLES, GROUNDING_ROLES, type Segment, type Transcript } from './model';

export interface ContextOptions {
  /** Also count earlier model-written text (assistant, tool calls, reasoning). */
  echo?: boolean;
}

export class CausalForest {
  /** Tour entry time per segment of the tour. */
  private enter: Int32Array;
  /** Tour exit time per segment of the tour: descendants have entry times in `(enter, exit)`. */
  private exit: Int32Array;
  /** The parent actually used: -1 for roots and for links that were dangling or cyclic. */
  parentOf: Int32Array;
  /** Per segment: its highest-numbered strict ancestor, or -1; filled on first use. */
  private latest: Int32Array | undefined;
  /** Segments the tour numbers; later ones were appended (see `extend`). */
  private toured: number;
  private readonly appended = new AppendedForest();
  /** Room for appended parents: `parentOf` is a view of its first entries. */
  private parents: Int32Array;

  constructor(segments: readonly Pick<Segment, 'parent'>[]) {
    const n = segments.length;
    this.parents = effectiveParents(segments);
    this.parentOf = this.parents;
    this.toured = n;
    this.enter = new Int32Array(n);
    this.exit = new Int32Array(n);
    this.tour();
  }

  /** True when `a` is a strict ancestor of `b` (a segment is not its own ancestor). */
  isAncestor(a: number, b: number): boolean {
    const toured = this.toured;
    if (b < toured) return a < toured && a !== b && this.enter[a] < this.enter[b] && this.exit[b] <= this.exit[a];
    if (a < toured) {
      const anchor = this.appended.anchorOf(b - toured);
      return anchor !== -1 && (a === anchor || (this.enter[a] < this.enter[anchor] && this.exit[anchor] <= this.exit[a]));
    }
    return a < b && this.appended.isAncestor(a - toured, b - toured);
  }

  /**
   * Takes in segments appended to the list the forest was built from. Each
   * new one's parent must come before it (as a parser appending lines gives
   * them); otherwise nothing is taken and the answer is false. The tour is
   * redone once as many segments were appended as it numbers, so appending
   * costs a constant per segment over time.
   */
  extend(segments: readonly Pick<Segment, 'parent'>[]): boolean {
    const from = this.parentOf.length;
    const n = segments.length;
    for (let id = from; id < n; id++) {
      const p = segments[id].parent;
      if (Number.isInteger(p) && p >= id) return false;
    }
    if (this.parents.length < n) {
      const grown = new Int32Array(Math.max(n, this.parents.length * 2));
      grown.set(this.parentOf);
      this.parents = grown;
    }
    for (let id = from; id < n; id++) {
      const p = segments[id].parent;
      this.parents[id] = Number.isInteger(p) && p >= 0 ? p : -1;
    }
    this.parentOf = this.parents.subarray(0, n);
    if (n - this.toured > this.toured) {
      this.toured = n;
      this.enter = new Int32Array(n);
      this.exit = new Int32Array(n);
      this.appended.clear();
      this.tour();
    } else {
      for (let id = from; id < n; id++) {
        const p = this.parents[id];
        if (p === -1 || p < this.toured) this.appended.add(-1, p);
        else this.appended.add(p - this.toured, this.appended.anchorOf(p - this.toured));
      }
    }
    if (this.latest) this.latest = extendLatest(this.latest, this.parentOf, from);
    return true;
  }

  /**
   * The highest segment id among the strict ancestors of `id` (-1 for a
   * root). Nothing after it can be an ancestor, so a per-output look over a
   * list in file order can start there instead of at the end of the session.
   */
  latestAncestor(id: number): number {
    if (!this.latest) this.latest = latestAncestors(this.parentOf);
    return this.latest[id];
  }

  /** Strict ancestors of `id`, root first (the order the conversation happened in). */
  ancestors(id: number): number[] {
    const out: number[] = [];
    for (let p = this.parentOf[id]; p !== -1; p = this.parentOf[p]) out.push(p);
    return out.reverse();
  }

  private tour(): void {
    const n = this.toured;
    // Children in compressed rows (counts, then offsets) to avoid an array per node.
    const childStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) if (this.parentOf[i] !== -1) childStart[this.parentOf[i] + 1]++;
    for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
    const children = new Int32Array(childStart[n]);
    const fill = childStart.slice(0, n);
    for (let i = 0; i < n; i++) {
      const p = this.parentOf[i];
      if (p !== -1) children[fill[p]++] = i;
    }
    // Iterative DFS: a 20,000-turn linear session is 20,000 levels deep.
    const stack = new Int32Array(n);
    const nextChild = childStart.slice(0, n);
    let clock = 0;
    for (let root = 0; root < n; root++) {
      if (this.parentOf[root] !== -1) continue;
      let top = 0;
      stack[0] = root;
      this.enter[root] = clock++;
      while (top >= 0) {
        const node = stack[top];
        if (nextChild[node] < childStart[node + 1]) {
          const child = children[nextChild[node]++];
          this.enter[child] = clock++;
          stack[++top] = child;
        } else {
          this.exit[node] = clock;
          top--;
        }
      }
    }
  }
}

/** `latest` with entries for segments `from..` (whose parents come before them); room doubles as it grows. */
function extendLatest(latest: Int32Array, parentOf: Int32Array, from: number): Int32Array {
  let out = latest;
  if (out.length < parentOf.length) {
    out = new Int32Array(Math.max(parentOf.length, latest.length * 2));
    out.set(latest.subarray(0, from));
  }
  for (let id = from; id < parentOf.length; id++) {
    const p = parentOf[id];
    out[id] = p === -1 ? -1 : Math.max(out[p], p);
  }
  return out;
}

/**
 * Segments appended after a forest's tour, numbered from 0, each with its
 * nearest toured ancestor (`anchor`). Ancestry among them is read with skew-
 * binary jump pointers (Myers 1983): adding a segment is constant work and
 * finding its ancestor at a depth takes logarithmic steps.
 */
class AppendedForest {
  private parent: number[] = [];
  private jump: number[] = [];
  private depth: number[] = [];
  private anchor: number[] = [];

  clear(): void {
    this.parent = [];
    this.jump = [];
    this.depth = [];
    this.anchor = [];
  }

  /** Appends a segment under appended segment `parent` (-1: under `anchor`, a toured segment, or a root). */
  add(parent: number, anchor: number): void {
    const id = this.parent.length;
    this.parent.push(parent);
    this.anchor.push(anchor);
    if (parent === -1) {
      this.depth.push(0);
      this.jump.push(id);
      return;
    }
    const { jump, depth } = this;
    const j = jump[parent];
    this.depth.push(depth[parent] + 1);
    this.jump.push(depth[parent] - depth[j] === depth[j] - depth[jump[j]] ? jump[j] : parent);
  }

  anchorOf(id: number): number {
    return this.anchor[id];
  }

  /** `a` is a strict ancestor of `b` among the appended segments (`a` < `b`). */
  isAncestor(a: number, b: number): boolean {
    const { parent, jump, depth } = this;
    const target = depth[a];
    if (target >= depth[b]) return false;
    let v = b;
    while (depth[v] > target) v = depth[jump[v]] >= target ? jump[v] : parent[v];
    return v === a;
  }
}

/** Each segment resolved once: a walk climbs to the first resolved ancestor (or a root) and fills the path back down. */
function latestAncestors(parentOf: Int32Array): Int32Array {
  const n = parentOf.length;
  const latest = new Int32Array(n);
  const resolved = new Uint8Array(n);
  const path: number[] = [];
  for (let id = 0; id < n; id++) {
    let node = id;
    while (node !== -1 && resolved[node] === 0) {
      path.push(node);
      node = parentOf[node];
    }
    for (let k = path.length - 1; k >= 0; k--) {
      const child = path[k];
      const p = parentOf[child];
      latest[child] = p === -1 ? -1 : Math.max(latest[p], p);
      resolved[child] = 1;
    }
    path.length = 0;
  }
  return latest;
}

/**
 * Parents as given, except that a link out of range becomes a root and a
 * cycle is cut where it was first entered, so every segment lies on exactly
 * one root path whatever a parser produced.
 */
function effectiveParents(segments: readonly Pick<Segment, 'parent'>[]): Int32Array {
  const n = segments.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = segments[i].parent;
    parent[i] = Number.isInteger(p) && p >= 0 && p < n && p !== i ? p : -1;
  }
  // 0 = unvisited, 1 = on the current walk, 2 = known to reach a root.
  const state = new Uint8Array(n);
  const walk: number[] = [];
  for (let i = 0; i < n; i++) {
    let node = i;
    while (node !== -1 && state[node] === 0) {
      state[node] = 1;
      walk.push(node);
      node = parent[node];
    }
    if (node !== -1 && state[node] === 1) parent[node] = -1; // closed a cycle: cut it here
    for (const w of walk) state[w] = 2;
    walk.length = 0;
  }
  return parent;
}

const forests = new WeakMap<Transcript, CausalForest>();

/** The forest of a transcript, built once per transcript object. */
export function causalForest(transcript: Transcript): CausalForest {
  let forest = forests.get(transcript);
  if (!forest) {
    forest = new CausalForest(transcript.segments);
    forests.set(transcript, forest);
  }
  return forest;
}

/** Whether a segment may ground an output under these options: by its role, or as a successful action. */
export function canGround(segment: Pick<Segment, 'role' | 'action'>, options: ContextOptions = {}): boolean {
  return GROUNDING_ROLES.has(segment.role) || segment.action === true || (options.echo === true && ECHO_ROLES.has(segment.role));
}

/** Ids of the segments that form `outputId`'s context, oldest first. */
export function contextOf(transcript: Transcript, outputId: number, options: ContextOptions = {}): number[] {
  const segments = transcript.segments;
  return causalForest(transcript)
    .ancestors(outputId)
    .filter((id) => canGround(segments[id], options));
}
