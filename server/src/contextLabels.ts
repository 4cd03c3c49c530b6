/**
 * Words for what a context consists of: role names in the singular and
 * plural, and "2 tool results, 1 user turn" summaries of a set of segments.
 */
import { canGround, causalForest } from '../../shared/transcript/causalContext';
import type { Role, Segment, Transcript } from '../../shared/transcript/model';

const ROLE_NAMES: Record<Role, [one: string, many: string]> = {
  system: ['system prompt', 'system prompts'],
  developer: ['developer message', 'developer messages'],
  tool_definition: ['tool definition', 'tool definitions'],
  user: ['user turn', 'user turns'],
  tool_result: ['tool result', 'tool results'],
  document: ['document', 'documents'],
  assistant: ['earlier assistant turn', 'earlier assistant turns'],
  tool_call: ['tool call', 'tool calls'],
  reasoning: ['reasoning block', 'reasoning blocks'],
  grader: ['grader field', 'grader fields'],
};

export function roleName(role: Role): string {
  return ROLE_NAMES[role][0];
}

const ROLES = Object.keys(ROLE_NAMES) as Role[];

/** "2 tool results, 1 user turn", most frequent first; "nothing" for an empty context. */
export function describeContext(segments: readonly Pick<Segment, 'role'>[]): string {
  const counts = new Map<Role, number>();
  for (const s of segments) counts.set(s.role, (counts.get(s.role) ?? 0) + 1);
  return describeCounts(counts);
}

const NOTHING = 'nothing (no earlier context)';

function describeCounts(counts: Map<Role, number>): string {
  if (counts.size === 0) return NOTHING;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([role, n]) => `${n} ${ROLE_NAMES[role][n === 1 ? 0 : 1]}`)
    .join(', ');
}

/**
 * Counts by role of every output's context, sharing work along the parent
 * links: a segment's counts are its parent's plus the parent itself. Listing
 * each output's ancestors instead is quadratic in a long linear session.
 */
export class ContextCounter {
  /** Per segment, counts (one slot per role) of its strict grounding ancestors; filled on demand. */
  private readonly memo: (Int32Array | undefined)[];

  constructor(
    private readonly t: Transcript,
    private readonly echo: boolean,
  ) {
    this.memo = new Array(t.segments.length);
  }

  describe(id: number): string {
    const slots = this.countsOf(id);
    // The words describeCounts gives, read from the slots themselves: this runs for every output of a file.
    const present: number[] = [];
    for (let i = 0; i < ROLES.length; i++) if (slots[i] > 0) present.push(i);
    if (present.length === 0) return NOTHING;
    // Stable: roles counted alike keep the order of ROLES, as a map filled in that order does.
    present.sort((a, b) => slots[b] - slots[a]);
    return present.map((i) => `${slots[i]} ${ROLE_NAMES[ROLES[i]][slots[i] === 1 ? 0 : 1]}`).join(', ');
  }

  private countsOf(id: number): Int32Array {
    const parentOf = causalForest(this.t).parentOf;
    // Climb to the nearest ancestor already counted, then fill back down.
    const chain: number[] = [];
    let node = id;
    while (node !== -1 && this.memo[node] === undefined) {
      chain.push(node);
      node = parentOf[node];
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i];
      const p = parentOf[n];
      const slots = p === -1 ? new Int32Array(ROLES.length) : Int32Array.from(this.memo[p]!);
      if (p !== -1 && canGround(this.t.segments[p], { echo: this.echo })) slots[ROLES.indexOf(this.t.segments[p].role)]++;
      this.memo[n] = slots;
    }
    return this.memo[id]!;
  }
}

/** A segment's own label, or its role name. */
export function segmentLabel(segment: Pick<Segment, 'role' | 'label'>): string {
  return segment.label ?? roleName(segment.role);
}

/** How an output is named in messages: "assistant turn" rather than a bare role word, else its own label. */
export function outputLabel(segment: Pick<Segment, 'role' | 'label'>): string {
  if (segment.role === 'assistant' && (!segment.label || segment.label === 'assistant')) return 'assistant turn';
  return segment.label ?? roleName(segment.role);
}
