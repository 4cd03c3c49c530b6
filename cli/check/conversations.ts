/**
 * Splits a transcript into its independent conversations: the trees of its
 * causal forest. A RAG fixture with 10,000 rows is 10,000 trees, and no row
 * can ground another's answer, so checking each tree against its own small
 * index gives the same verdicts as one index over the file while every
 * lookup scans one row's context instead of all of them. A compaction whose
 * summary starts a tree of its own stays with the branch it summarised
 * (`Segment.compactedFrom`): rules that read the whole session read that
 * branch too.
 */
import { causalForest } from '../../shared/transcript/causalContext';
import type { Segment, Transcript } from '../../shared/transcript/model';

/** Below this many trees one index over the file is as cheap as many small ones. */
const SPLIT_FROM_TREES = 8;

/** One conversation; `origin[i]` is the id its segment `i` has in the whole file (absent when ids are the file's). */
export type Conversation = Transcript & { origin?: readonly number[] };

export function conversationsOf(transcript: Transcript): Conversation[] {
  const segments = transcript.segments;
  const parentOf = causalForest(transcript).parentOf;
  const rootOf = new Int32Array(segments.length).fill(-1);
  for (let id = 0; id < segments.length; id++) findRoot(id, parentOf, rootOf);
  const joined = joinedTrees(segments, rootOf);
  const members = new Map<number, number[]>();
  for (let id = 0; id < segments.length; id++) {
    const tree = joined(rootOf[id]);
    let list = members.get(tree);
    if (!list) members.set(tree, (list = []));
    list.push(id);
  }
  if (members.size < SPLIT_FROM_TREES) return [transcript];
  const trees: Conversation[] = [];
  for (const ids of members.values()) {
    if (!ids.some((id) => segments[id].isOutput)) continue;
    const local = new Map<number, number>(ids.map((id, i) => [id, i]));
    // The effective parent: dangling and cyclic links were already cut to roots.
    const sub: Segment[] = ids.map((id, i) => renumbered(segments[id], i, parentOf[id] === -1 ? -1 : local.get(parentOf[id])!, local));
    trees.push({ format: transcript.format, segments: sub, errors: [], gaps: transcript.gaps, origin: ids });
  }
  return trees;
}

/** The tree each root's conversation is named by: trees a compaction links are one conversation. */
function joinedTrees(segments: readonly Segment[], rootOf: Int32Array): (root: number) => number {
  const over = new Map<number, number>();
  const top = (root: number): number => {
    let at = root;
    while (over.has(at)) at = over.get(at)!;
    // Each root on the way now points at the top, so later questions take one step.
    for (let r = root; r !== at; ) {
      const next = over.get(r)!;
      over.set(r, at);
      r = next;
    }
    return at;
  };
  segments.forEach((s, id) => {
    if (s.compactedFrom === undefined || s.compactedFrom < 0 || s.compactedFrom >= segments.length) return;
    const a = top(rootOf[id]);
    const b = top(rootOf[s.compactedFrom]);
    if (a !== b) over.set(Math.max(a, b), Math.min(a, b));
  });
  return top;
}

/**
 * A copy of a segment with a new id and parent (and its compaction link in
 * the new ids). Parsers may define fields such as `line` as lazy getters
 * (they cost an offset-aware re-parse), so the copy takes the property
 * descriptors rather than the values: nothing is computed that no one reads.
 */
function renumbered(segment: Segment, id: number, parent: number, local: ReadonlyMap<number, number>): Segment {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(segment)) as Segment;
  copy.id = id;
  copy.parent = parent;
  if (segment.compactedFrom !== undefined) {
    const before = local.get(segment.compactedFrom);
    if (before === undefined) delete copy.compactedFrom;
    else copy.compactedFrom = before;
  }
  return copy;
}

/** The root of `id`'s tree, memoised along the path so the whole pass stays linear. */
function findRoot(id: number, parentOf: Int32Array, rootOf: Int32Array): number {
  const path: number[] = [];
  let at = id;
  while (rootOf[at] === -1 && parentOf[at] !== -1) {
    path.push(at);
    at = parentOf[at];
  }
  const root = rootOf[at] === -1 ? at : rootOf[at];
  rootOf[at] = root;
  for (const p of path) rootOf[p] = root;
  return root;
}
