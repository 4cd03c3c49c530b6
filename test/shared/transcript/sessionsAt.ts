/**
 * A one-question Claude Code session and Codex rollout recorded at a working
 * directory: what the tests of instruction files (CLAUDE.md, AGENTS.md read
 * from that directory) open in the library, the CLI and the editor.
 */

export const QUESTION = 'How are accounts settled?';

export function claudeSessionAt(cwd: string, answer: string): string {
  const lines = [
    { type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', cwd, timestamp: '2026-01-05T10:00:00Z', message: { role: 'user', content: QUESTION } },
    {
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      sessionId: 's',
      cwd,
      message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: answer }] },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

export function codexRolloutAt(cwd: string, answer: string): string {
  const lines = [
    { timestamp: 't', type: 'session_meta', payload: { id: 'x', cwd, originator: 'codex_cli_rs', cli_version: '0.50.0' } },
    { timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: QUESTION }] } },
    { timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] } },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}
