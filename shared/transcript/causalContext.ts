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
  /** Tour entry time per segment. */
  private readonly enter: Int32Array;
  /** Tour exit time per segment: descendants have entry times in `(enter, exit)`. */
  private readonly exit: Int32Array;
  /** The parent actually used: -1 for roots and for links that were dangling or cyclic. */
  readonly parentOf: Int32Array;
  /** Per segment: its highest-numbered strict ancestor, or -1; filled on first use. */
  private latest: Int32Array | undefined;

  constructor(segments: readonly Pick<Segment, 'parent'>[]) {
    const n = segments.length;
    this.parentOf = effectiveParents(segments);
    this.enter = new Int32Array(n);
    this.exit = new Int32Array(n);
    this.tour();
  }

  /** True when `a` is a strict ancestor of `b` (a segment is not its own ancestor). */
  isAncestor(a: number, b: number): boolean {
    return a !== b && this.enter[a] < this.enter[b] && this.exit[b] <= this.exit[a];
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
    const n = this.parentOf.length;
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
