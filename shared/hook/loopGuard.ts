/**
 * Keeps a blocking stop hook from sending an agent round in circles. Per
 * session (and sub-agent) it remembers which findings it already blocked
 * on and how often it blocked in the current turn: a finding is blocked on
 * at most once; when it comes back the stop goes through with a note to
 * the user; a turn with no findings forgets them all. Pure: the caller
 * loads and stores the state.
 */

export interface GuardState {
  /** The turn the block count is for (see `turnKey`). */
  turn: string;
  /** Blocks in that turn. */
  blocks: number;
  /** Keys of the findings blocked on since the last clean turn, oldest first. */
  blocked: string[];
}

export interface GuardInput {
  turn: string;
  /** Keys of this turn's findings, each once. */
  findings: readonly string[];
  stopHookActive: boolean;
  maxBlocks: number;
}

export type GuardDecision =
  | { kind: 'clean' }
  /** Block on these findings (new ones). */
  | { kind: 'block'; keys: string[] }
  /** Every finding was blocked on before. */
  | { kind: 'repeated' }
  /** This turn already had its share of blocks. */
  | { kind: 'capped' };

/** How many finding keys a session remembers: enough for any turn, and the state file stays small. */
export const MAX_REMEMBERED = 200;

export function decide(state: GuardState | undefined, input: GuardInput): { decision: GuardDecision; next: GuardState | undefined } {
  if (input.findings.length === 0) return { decision: { kind: 'clean' }, next: undefined };
  const blocked = state?.blocked ?? [];
  const blocksThisTurn = state && state.turn === input.turn ? state.blocks : 0;
  const known = new Set(blocked);
  const fresh = input.findings.filter((k) => !known.has(k));
  const keep = (blocks: number, more: readonly string[] = []): GuardState => ({
    turn: input.turn,
    blocks,
    blocked: [...blocked, ...more].slice(-MAX_REMEMBERED),
  });
  if (fresh.length === 0) return { decision: { kind: 'repeated' }, next: keep(blocksThisTurn) };
  // The agent's own count: without our state (lost, or another hook blocked) stop_hook_active still says this turn was sent back once.
  const sentBack = Math.max(blocksThisTurn, input.stopHookActive ? 1 : 0);
  if (sentBack >= input.maxBlocks) return { decision: { kind: 'capped' }, next: keep(blocksThisTurn) };
  return { decision: { kind: 'block', keys: fresh }, next: keep(blocksThisTurn + 1, fresh) };
}
