/**
 * Tool calls of a transcript, each with its input fields and its result,
 * linked by call id (or, in formats without ids, a result answers the call
 * just before it), and whether the call succeeded.
 *
 * A successful call is something the agent did and knows: the file it
 * wrote, the edit it made, the command it ran. Those input fields ground
 * later claims like a tool result does (`Segment.action`); the agent's prose
 * and its failed or unanswered calls still ground nothing.
 */
import type { Segment } from './model';

export interface ToolCall {
  name: string;
  input: unknown;
  /** The call's input segments, in file order. */
  segments: number[];
  /** Its result segments, in file order. */
  results: number[];
  /** A result came back and did not report failure. */
  succeeded: boolean;
}

export interface ToolCalls {
  calls: ToolCall[];
  /** Per segment: index into `calls` for call and result segments, else -1. */
  callOf: number[];
}

/** Input fields whose text is what the call did: the file, the command, the content written. */
// biome-ignore format: a list of words or values reads best packed
const ACTION_FIELDS = new Set([
  'file_path', 'path', 'notebook_path', 'absolute_path', 'target_file', 'filename', 'command', 'cmd', 'pattern',
  'content', 'contents', 'new_string', 'old_string', 'new_str', 'old_str', 'file_text', 'patch', 'input', 'diff',
  'url', 'unified_diff', 'new_source',
]);

/** Tools whose input is the agent's plan or a delegation, not an action on the workspace. */
const PLANNING_TOOL = /todo|plan|task|agent/i;

/** Tools whose record is itself the completed action (no separate result follows). */
const SELF_COMPLETING = new Set(['file_change']);

/** One pass over the segments in file order. */
export function linkToolCalls(segments: readonly Segment[]): ToolCalls {
  const linker = new ToolCallLinker();
  linker.link(segments, 0);
  return linker;
}

/** A call as it stood before `ToolCallLinker.link` read more segments. */
export interface TouchedCall {
  index: number;
  /** Input and result segments it had before (0 for a call the pass created). */
  segmentsBefore: number;
  resultsBefore: number;
  succeededBefore: boolean;
}

/**
 * Links calls and results in file order, and goes on from where it stopped
 * when segments are appended: a session that grows is linked once per segment.
 */
export class ToolCallLinker implements ToolCalls {
  readonly calls: ToolCall[] = [];
  // A plain array: a typed array's own allocation costs more than the pass on the
  // thousands of three-segment conversations a RAG fixture splits into.
  callOf: number[] = [];
  private readonly byId = new Map<string, number>();
  private last = -1;

  /**
   * Links `segments[from..]`. With `touched`, records there the calls those
   * segments added to, each once, as they were before.
   */
  link(segments: readonly Segment[], from: number, touched?: TouchedCall[]): void {
    const calls = this.calls;
    if (this.callOf.length === 0) this.callOf = new Array<number>(segments.length).fill(-1);
    else for (let id = this.callOf.length; id < segments.length; id++) this.callOf.push(-1);
    const callOf = this.callOf;
    const seen = touched && new Set<number>();
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      if (s.role === 'tool_call' && s.tool) {
        let index = s.tool.callId !== undefined ? (this.byId.get(s.tool.callId) ?? -1) : -1;
        if (index === -1) {
          index = calls.length;
          calls.push({ name: s.tool.name, input: s.tool.input, segments: [], results: [], succeeded: SELF_COMPLETING.has(s.tool.name) });
          if (s.tool.callId !== undefined) this.byId.set(s.tool.callId, index);
        }
        if (seen) touch(calls, index, seen, touched);
        calls[index].segments.push(s.id);
        callOf[s.id] = index;
        this.last = index;
      } else if (s.role === 'tool_result' && s.tool) {
        const index = s.tool.callId !== undefined ? (this.byId.get(s.tool.callId) ?? -1) : this.last;
        if (index === -1) continue;
        if (seen) touch(calls, index, seen, touched);
        const call = calls[index];
        if (call.results.length === 0) call.succeeded = s.tool.failed !== true;
        else if (s.tool.failed === true) call.succeeded = false;
        call.results.push(s.id);
        callOf[s.id] = index;
      }
    }
  }
}

/** Records call `index` as it stands, the first time a pass touches it. */
function touch(calls: readonly ToolCall[], index: number, seen: Set<number>, touched: TouchedCall[] | undefined): void {
  if (seen.has(index)) return;
  seen.add(index);
  const c = calls[index];
  touched!.push({ index, segmentsBefore: c.segments.length, resultsBefore: c.results.length, succeededBefore: c.succeeded });
}

/** Sets `action` on the input fields of successful calls that record what the agent did. */
export function markActions(segments: Segment[]): void {
  for (const call of linkToolCalls(segments).calls) markActionsOf(call, segments);
}

/** Sets `action` on one call's input fields if it succeeded; answers the segments it set it on. */
export function markActionsOf(call: ToolCall, segments: Segment[]): number[] {
  const marked: number[] = [];
  if (!call.succeeded || PLANNING_TOOL.test(call.name)) return marked;
  for (const id of call.segments) {
    const field = segments[id].tool?.field;
    if ((field === '' || ACTION_FIELDS.has(fieldKey(field))) && segments[id].action !== true) {
      segments[id].action = true;
      marked.push(id);
    }
  }
  return marked;
}

/** `edits.0.new_string` → `new_string`; `command.2` → `command`. */
function fieldKey(field: string | undefined): string {
  if (!field) return '';
  const parts = field.split('.');
  for (let i = parts.length - 1; i >= 0; i--) if (!/^\d+$/.test(parts[i])) return parts[i];
  return '';
}
