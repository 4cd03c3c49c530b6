/**
 * Words for what a context consists of: role names in the singular and
 * plural, and "2 tool results, 1 user turn" summaries of a set of segments.
 */
import type { Role, Segment } from '../../shared/transcript/model';

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

/** "2 tool results, 1 user turn", most frequent first; "nothing" for an empty context. */
export function describeContext(segments: readonly Pick<Segment, 'role'>[]): string {
  const counts = new Map<Role, number>();
  for (const s of segments) counts.set(s.role, (counts.get(s.role) ?? 0) + 1);
  if (counts.size === 0) return 'nothing (no earlier context)';
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([role, n]) => `${n} ${ROLE_NAMES[role][n === 1 ? 0 : 1]}`)
    .join(', ');
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
