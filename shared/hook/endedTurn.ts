/**
 * The turn a Stop hook is asked about: the outputs on the branch the agent
 * just ended, back to the last prompt a person wrote. What an agent records
 * as if the user said it (a hook's block feedback, injected reminders,
 * images) does not start a turn: a turn a hook sent back is the same turn.
 * Its outputs before the latest hook feedback were checked at the stop that
 * feedback answered, so only the ones after it are the turn's to check.
 */
import type { Segment, Transcript } from '../transcript/model';
import { BLOCK_REASON_MARK } from './hookReply';

/** How Claude Code words the user message a blocking stop hook's reason becomes. */
const HOOK_FEEDBACK = ['Stop hook feedback:', 'SubagentStop hook feedback:'];
const SUB_AGENT = 'sub-agent ';

export interface EndedTurn {
  /** The prompt that opened the turn, or -1 when the branch has none. */
  prompt: number;
  /** Output segment ids of the turn after its latest hook feedback, in file order. */
  outputs: number[];
}

/**
 * `subAgent`: the session is a sub-agent's (SubagentStop), so its own
 * segments count; otherwise the main agent's branch is followed and a
 * sub-agent's lines logged in the same file are passed over.
 */
export function endedTurn(t: Transcript, subAgent: boolean): EndedTurn {
  const leaf = lastOnBranch(t.segments, subAgent);
  const outputs: number[] = [];
  let prompt = -1;
  let resumed = false;
  const seen = new Uint8Array(t.segments.length);
  for (let id = leaf; id !== -1 && seen[id] === 0; id = t.segments[id].parent) {
    seen[id] = 1;
    const s = t.segments[id];
    if (isPrompt(s)) {
      prompt = id;
      break;
    }
    if (s.role === 'user' && isHookFeedback(s.text)) resumed = true;
    if (s.isOutput && !resumed) outputs.push(id);
  }
  return { prompt, outputs: outputs.reverse() };
}

function lastOnBranch(segments: readonly Segment[], subAgent: boolean): number {
  for (let id = segments.length - 1; id >= 0; id--) {
    if (subAgent || !isSubAgent(segments[id])) return id;
  }
  return segments.length - 1;
}

/** A line a sub-agent logged in its parent's session (Claude Code labels them `sub-agent …`). */
export function isSubAgent(s: Segment): boolean {
  return s.label?.startsWith(SUB_AGENT) === true;
}

/** Text a person typed: a user segment that is not an image, injected text or a hook's feedback. */
export function isPrompt(s: Segment): boolean {
  if (s.role !== 'user') return false;
  const label = isSubAgent(s) ? s.label!.slice(SUB_AGENT.length) : (s.label ?? 'user');
  if (label === 'image' || label === 'injected text') return false;
  return !isHookFeedback(s.text);
}

/** Claude Code's wording of any stop hook's feedback, or our own block reason however it was logged. */
export function isHookFeedback(text: string): boolean {
  const start = text.trimStart();
  // An agent may wrap the reason in words or tags of its own; the reason's own words still show.
  return HOOK_FEEDBACK.some((p) => start.startsWith(p)) || (text.includes(BLOCK_REASON_MARK) && text.includes('groundcheck: '));
}
