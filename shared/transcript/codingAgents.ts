/**
 * The formats coding agents write (Claude Code, Codex, Gemini CLI, Cline,
 * Aider, SpecStory, Claude Code's `/export`,
 * Copilot CLI's and Codex's Markdown exports): every output in them is an agent's turn, whether or not the
 * format logs the agent's tool calls, so the rules for agents' turns apply
 * (instructions are advice, values must be tied to what the agent saw).
 */
// biome-ignore format: a list of words or values reads best packed
const CODING_AGENT_FORMATS: ReadonlySet<string> = new Set(['claude-code', 'claude-stream', 'codex', 'codex-exec', 'gemini-cli', 'gemini-checkpoint', 'cline', 'cline-export', 'aider-chat', 'aider-llm-history', 'specstory', 'claude-code-export', 'copilot-cli-export', 'codex-export']);

export function isCodingAgentFormat(format: string): boolean {
  return CODING_AGENT_FORMATS.has(format);
}
