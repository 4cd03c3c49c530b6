/**
 * A small Claude Code session for tests: two turns, the second answering
 * with a test count the session's last test run contradicts.
 */
const SESSION = 'b7e1c9d2-0a4f-4c31-9e57-3d2a8f6b1c05';

export function line(type: 'user' | 'assistant', uuid: string, parentUuid: string | null, content: unknown): string {
  const message = type === 'user' ? { role: 'user', content } : { id: `msg_${uuid}`, role: 'assistant', model: 'claude-sonnet-4-5', content };
  return JSON.stringify({
    type,
    uuid,
    parentUuid,
    timestamp: '2026-01-05T10:00:00.000Z',
    message,
    sessionId: SESSION,
    cwd: '/home/dev/app',
    version: '2.0.14',
    isSidechain: false,
    userType: 'external',
  });
}

/** The session's lines; `answer` is the second turn's reply. */
export function claudeSession(answer = 'All 31 tests pass now.'): string {
  return [
    line('user', 'u1', null, 'Run the tests, please.'),
    line('assistant', 'a1', 'u1', [{ type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'npm test', description: 'Run the tests' } }]),
    line('user', 'u2', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '12 passing (40ms)\n0 failing' }]),
    line('assistant', 'a2', 'u2', [{ type: 'text', text: 'The suite ran: 12 passing.' }]),
    line('user', 'u3', 'a2', 'Did everything pass?'),
    line('assistant', 'a3', 'u3', [{ type: 'text', text: answer }]),
    '',
  ].join('\n');
}
