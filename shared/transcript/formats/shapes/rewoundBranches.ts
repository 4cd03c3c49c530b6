/**
 * Names outputs that sit on a branch the user left: after a rewind or an
 * edit, the conversation goes on from an earlier point and the old replies
 * stay in the file. They are still checked against their own branch; the
 * label tells the reader why their context differs from the final one.
 */
import type { Segment } from '../../model';

/**
 * Marks every output not on the chain that ends at `leaf`. The chain goes on
 * across a compaction to where the conversation stood before it
 * (`Segment.compactedFrom`), so pre-compaction replies still count as the
 * current branch.
 */
export function labelRewoundOutputs(segments: Segment[], leaf: number, skip: (s: Segment) => boolean): void {
  if (leaf < 0) return;
  const current = currentBranch(segments, leaf);
  for (const s of segments) {
    if (s.isOutput && current[s.id] === 0 && !skip(s)) labelRewound(s);
  }
}

/** 1 for every segment on the chain that ends at `leaf`, compactions followed back to the branch they replaced. */
export function currentBranch(segments: readonly Segment[], leaf: number): Uint8Array {
  const current = new Uint8Array(segments.length);
  const pending = leaf < 0 ? [] : [leaf];
  while (pending.length > 0) {
    for (let id = pending.pop()!; id >= 0 && current[id] === 0; id = segments[id].parent) {
      current[id] = 1;
      const before = segments[id].compactedFrom;
      if (before !== undefined) pending.push(before);
    }
  }
  return current;
}

export function labelRewound(s: Segment): void {
  s.label = `${s.label ?? 'assistant'} (rewound branch)`;
}
