/**
 * Names outputs that sit on a branch the user left: after a rewind or an
 * edit, the conversation goes on from an earlier point and the old replies
 * stay in the file. They are still checked against their own branch; the
 * label tells the reader why their context differs from the final one.
 */
import type { Segment } from '../../model';

/**
 * Marks every output not on the chain that ends at `leaf`. `jumps` links the
 * first segment after a compaction to where the conversation stood before
 * it, so pre-compaction replies still count as the current branch.
 */
export function labelRewoundOutputs(segments: Segment[], leaf: number, jumps: ReadonlyMap<number, number>, skip: (s: Segment) => boolean): void {
  if (leaf < 0) return;
  const current = currentBranch(segments, leaf, jumps);
  for (const s of segments) {
    if (s.isOutput && current[s.id] === 0 && !skip(s)) labelRewound(s);
  }
}

/** 1 for every segment on the chain that ends at `leaf`, jumps across compactions followed. */
export function currentBranch(segments: readonly Segment[], leaf: number, jumps: ReadonlyMap<number, number>): Uint8Array {
  const current = new Uint8Array(segments.length);
  const pending = leaf < 0 ? [] : [leaf];
  while (pending.length > 0) {
    for (let id = pending.pop()!; id >= 0 && current[id] === 0; id = segments[id].parent) {
      current[id] = 1;
      const jump = jumps.get(id);
      if (jump !== undefined) pending.push(jump);
    }
  }
  return current;
}

export function labelRewound(s: Segment): void {
  s.label = `${s.label ?? 'assistant'} (rewound branch)`;
}
