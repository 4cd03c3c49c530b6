/**
 * A Claude Code session of short turns whose every answer has a finding:
 * each tool result is one line of status text (no newline, so no escape
 * anywhere in the file), and each answer gives a count the result does not.
 * Work done per finding (the closest match, its raw place) is what this
 * shape grows; a per-finding walk over earlier context shows up here as
 * growth faster than the file.
 */
import type { GeneratedSession } from './claudeSession';
import { prng } from './prng';
import { countedIds, SessionLines } from './sessionLines';

const CWD = '/home/dev/queue-ops';
const SESSION_ID = '5b1c9a7e-2d4f-4e6a-8b0c-9d8e7f6a5b4c';

export function generateShortTurnsSession(options: { targetSize?: number; seed?: number } = {}): GeneratedSession {
  const targetSize = options.targetSize ?? 20_000_000;
  const rand = prng(options.seed ?? 11);
  const session = new SessionLines(countedIds(SESSION_ID, CWD, 'b', Date.UTC(2025, 9, 2, 8, 0, 0), () => 500 + Math.floor(rand() * 2000)));

  let parent: string | null = session.envelope('user', null, {
    message: { role: 'user', content: 'Watch the queues and tell me how many jobs each one has.' },
  });
  let outputs = 0;
  for (let turn = 0; session.size < targetSize; turn++) {
    const id = turn.toString(36).padStart(10, '0');
    const toolId = `toolu_02${id}`;
    const queue = turn % 500;
    parent = session.envelope('assistant', parent, {
      requestId: `req_022C${id}`,
      message: {
        id: `msg_02${id}`,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'tool_use', id: toolId, name: 'Bash', input: { command: `qstat queue-${queue}` } }],
      },
    });
    const jobs = 10 + Math.floor(rand() * 900);
    const shards = Array.from(
      { length: 40 },
      (_, s) => `shard ${s} of queue-${queue} holds ${Math.floor(rand() * 90)} jobs, ${Math.floor(rand() * 9)} retrying`,
    ).join('; ');
    parent = session.envelope('user', parent, {
      message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: `queue-${queue}: ${jobs} jobs waiting; ${shards}.` }] },
    });
    // Off by a few thousand: no shard or total says it.
    parent = session.envelope('assistant', parent, {
      requestId: `req_022C${id}t`,
      message: { id: `msg_02${id}t`, type: 'message', role: 'assistant', content: [{ type: 'text', text: `Queue-${queue} has ${jobs + 5000} jobs waiting.` }] },
    });
    outputs++;
  }
  return { raw: session.raw, lines: session.lines.length, outputs, fabricated: outputs };
}
