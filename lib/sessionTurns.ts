/**
 * Numbers a transcript's turns as a person counts them: turn N starts at the
 * N-th prompt a person wrote (in file order) and holds every output whose
 * nearest prompt above it on its branch is that one; outputs before any
 * prompt are turn 0. A sub-agent's lines in its parent's session belong to
 * the parent's turn that started them, and hook feedback or injected text
 * starts no turn (see shared/hook/endedTurn).
 */
import { isPrompt, isSubAgent } from '../shared/hook/endedTurn';
import type { Transcript } from '../shared/transcript/model';

export interface SessionTurns {
  /** Prompts a person wrote: turns run 1..count. */
  count: number;
  /** The turn of each segment. */
  turnOf: Int32Array;
  /** The turn the session ends in: that of its last line on the main agent's branch. */
  last: number;
}

export function sessionTurns(t: Transcript): SessionTurns {
  const segments = t.segments;
  const number = new Int32Array(segments.length).fill(-1);
  let count = 0;
  for (const s of segments) if (opensTurn(s)) number[s.id] = ++count;
  const turnOf = new Int32Array(segments.length).fill(-1);
  for (let id = 0; id < segments.length; id++) resolveTurn(id, t, number, turnOf);
  let lastId = segments.length - 1;
  while (lastId > 0 && isSubAgent(segments[lastId])) lastId--;
  return { count, turnOf, last: lastId < 0 ? 0 : turnOf[lastId] };
}

function opensTurn(s: Transcript['segments'][number]): boolean {
  return isPrompt(s) && !isSubAgent(s);
}

/** Walks up to the nearest prompt or known turn, then writes the answer along the path, so the whole pass stays linear. */
function resolveTurn(id: number, t: Transcript, number: Int32Array, turnOf: Int32Array): void {
  const path: number[] = [];
  const onPath = new Set<number>();
  let at = id;
  let turn = 0;
  while (at !== -1 && turnOf[at] === -1 && !onPath.has(at)) {
    if (number[at] !== -1) {
      turn = number[at];
      break;
    }
    path.push(at);
    onPath.add(at);
    at = t.segments[at].parent;
  }
  if (at !== -1 && turnOf[at] !== -1) turn = turnOf[at];
  if (at !== -1 && number[at] !== -1) turnOf[at] = number[at];
  for (const p of path) turnOf[p] = turn;
}
