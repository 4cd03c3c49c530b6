/**
 * Where a Claude Code session's sub-agents logged their own turns: newer
 * versions write `<session-id>/subagents/agent-<id>.jsonl` beside the
 * session's `<session-id>.jsonl`; older ones wrote `agent-<id>.jsonl` into
 * the same folder as the session, tied to it only by the `sessionId` its
 * records carry.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readHead } from '../io/boundedRead';

/** How much of an older-layout agent file is read to find the session it belongs to. */
const HEAD_BYTES = 64 * 1024;

/** Whether a file is named as a sub-agent's own log, so it is summed into a session rather than given sub-agents itself. */
export function isSubAgentFileName(path: string): boolean {
  const name = basename(path);
  return name.startsWith('agent-') && name.endsWith('.jsonl');
}

/** The sub-agent files of the session logged at `sessionPath` whose records name `sessionId`, sorted by path. */
export function subAgentFilesOf(sessionPath: string, sessionId: string | undefined): string[] {
  if (isSubAgentFileName(sessionPath)) return [];
  const dir = dirname(sessionPath);
  const stem = basename(sessionPath).replace(/\.jsonl$/, '');
  const found = new Set<string>();
  for (const folder of new Set([stem, sessionId].filter((x): x is string => x !== undefined && x !== ''))) {
    for (const name of agentFilesIn(join(dir, folder, 'subagents'))) found.add(join(dir, folder, 'subagents', name));
  }
  if (sessionId !== undefined) {
    const tag = `"sessionId":"${sessionId}"`;
    for (const name of agentFilesIn(dir)) {
      const path = join(dir, name);
      if (headOf(path).includes(tag)) found.add(path);
    }
  }
  return [...found].sort();
}

function agentFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && isSubAgentFileName(e.name))
      .map((e) => e.name);
  } catch {
    return []; // No such folder: the session ran no sub-agents, or they were not kept.
  }
}

function headOf(path: string): string {
  try {
    return readHead(path, HEAD_BYTES).toString('utf8');
  } catch {
    return '';
  }
}
