/**
 * Splits a transcript into its independent conversations: the trees of its
 * causal forest. A RAG fixture with 10,000 rows is 10,000 trees, and no row
 * can ground another's answer, so checking each tree against its own small
 * index gives the same verdicts as one index over the file while every
 * lookup scans one row's context instead of all of them.
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
  const members = new Map<number, number[]>();
  for (let id = 0; id < segments.length; id++) {
    const root = findRoot(id, parentOf, rootOf);
    let list = members.get(root);
    if (!list) members.set(root, (list = []));
    list.push(id);
  }
  if (members.size < SPLIT_FROM_TREES) return [transcript];
  const trees: Conversation[] = [];
  for (const ids of members.values()) {
    if (!ids.some((id) => segments[id].isOutput)) continue;
    const local = new Map<number, number>(ids.map((id, i) => [id, i]));
    // The effective parent: dangling and cyclic links were already cut to roots.
    const sub: Segment[] = ids.map((id, i) => renumbered(segments[id], i, parentOf[id] === -1 ? -1 : local.get(parentOf[id])!));
    trees.push({ format: transcript.format, segments: sub, errors: [], gaps: transcript.gaps, origin: ids });
  }
  return trees;
}

/**
 * A copy of a segment with a new id and parent. Parsers may define fields
 * such as `line` as lazy getters (they cost an offset-aware re-parse), so the
 * copy takes the property descriptors rather than the values: nothing is
 * computed that no one reads.
 */
function renumbered(segment: Segment, id: number, parent: number): Segment {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(segment)) as Segment;
  copy.id = id;
  copy.parent = parent;
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
