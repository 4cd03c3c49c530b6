/**
 * The JSON a coding agent (Claude Code, Codex) writes to a Stop or
 * SubagentStop hook's standard input, checked field by field. Anything the
 * hook cannot use is a message, never an exception: the hook fails open.
 */

export type StopEvent = 'Stop' | 'SubagentStop';

export interface StopHookInput {
  sessionId: string;
  /** The session file of the agent whose turn ended: the sub-agent's own file on SubagentStop when given. */
  sessionPath: string;
  cwd?: string;
  event: StopEvent;
  /** True when the agent is already continuing because a stop hook blocked it. */
  stopHookActive: boolean;
  /** SubagentStop: which sub-agent stopped, so its blocks are counted apart from the main agent's. */
  agentId?: string;
  /** The text the agent ended its turn with, which the session file may not hold yet. */
  lastAssistantMessage?: string;
}

export function parseStopHookInput(text: string): StopHookInput | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `standard input is not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'standard input is not a JSON object' };
  const v = value as Record<string, unknown>;
  const event = v.hook_event_name;
  if (event !== 'Stop' && event !== 'SubagentStop')
    return { error: `hook_event_name is ${JSON.stringify(event) ?? 'missing'}; this hook handles Stop and SubagentStop` };
  const sessionId = v.session_id;
  if (typeof sessionId !== 'string' || sessionId === '') return { error: 'session_id is missing' };
  const agentPath = event === 'SubagentStop' ? nonEmpty(v.agent_transcript_path) : undefined;
  const sessionPath = agentPath ?? nonEmpty(v.transcript_path);
  if (sessionPath === undefined) return { error: 'transcript_path is missing' };
  const agentId = event === 'SubagentStop' ? nonEmpty(v.agent_id) : undefined;
  const last = nonEmpty(v.last_assistant_message);
  return {
    sessionId,
    sessionPath,
    ...(nonEmpty(v.cwd) !== undefined ? { cwd: v.cwd as string } : {}),
    event,
    stopHookActive: v.stop_hook_active === true,
    ...(agentId !== undefined ? { agentId } : {}),
    ...(last !== undefined ? { lastAssistantMessage: last } : {}),
  };
}

function nonEmpty(x: unknown): string | undefined {
  return typeof x === 'string' && x !== '' ? x : undefined;
}
