/**
 * One session's usage as `groundcheck usage` gives it for that file alone:
 * a Claude Code session with its sub-agents' own files beside it summed in
 * (see subAgentFiles.ts), for the views that show one file (the editor, the
 * HTML report). The files are read through `readAgent`, so a caller can
 * bound or cache the reads; a file that cannot be read is left out.
 */
import { readBounded } from '../io/boundedRead';
import type { SessionUsage } from './model';
import { readUsageAndTimes, type NotASession, type ReadLines } from './readUsage';
import { isSubAgentFileName, subAgentFilesOf } from './subAgentFiles';
import { withSubAgents, type TimedUsage } from './withSubAgents';

/** Reads a sub-agent file's usage, or undefined when it cannot be read or is no Claude Code log. */
export type AgentReader = (file: string) => TimedUsage | undefined;

/**
 * `path`: the session's absolute path, when it is a file on disk (sub-agent
 * files are looked for beside it). `usage` has the sub-agents summed in;
 * `own` is the file's alone, whose calls are on its own lines. `lines`: what
 * a parser of `raw` read of it already (see UsageInput).
 */
export function readUsageWithSubAgents(
  raw: string,
  path: string | undefined,
  readAgent: AgentReader,
  lines?: ReadLines,
): { usage: SessionUsage; own: SessionUsage } | NotASession {
  const read = readUsageAndTimes({ raw, ...(path !== undefined ? { path } : {}), ...(lines ? { lines } : {}) });
  return 'notTranscript' in read ? read : withSubAgentFiles(read, path, readAgent);
}

/** A session's own usage (`read`, as readUsageAndTimes gives it) with its sub-agents' files beside `path` summed in, as readUsageWithSubAgents sums them. */
export function withSubAgentFiles(read: TimedUsage, path: string | undefined, readAgent: AgentReader): { usage: SessionUsage; own: SessionUsage } {
  const own = read.usage;
  if (path === undefined || own.format !== 'claude-code' || isSubAgentFileName(path)) return { usage: own, own };
  const agents: Array<TimedUsage & { file: string }> = [];
  for (const file of subAgentFilesOf(path, read.usage.sessionId)) {
    const agent = readAgent(file);
    if (agent && agent.usage.format === 'claude-code') agents.push({ ...agent, file });
  }
  if (agents.length === 0) return { usage: own, own };
  const merged = withSubAgents(read, agents);
  // A sub-agent the session holds only as progress copies is counted once its own file is summed in.
  if (merged.progressOnlyAgents) {
    const counted = new Set(merged.groups.map((g) => g.agent));
    const missing = merged.progressOnlyAgents.filter((a) => !counted.has(a));
    if (missing.length > 0) merged.progressOnlyAgents = missing;
    else delete merged.progressOnlyAgents;
  }
  return { usage: merged, own };
}

/** Reads a sub-agent file from disk, whole, up to `maxBytes` (the size `check` reads); undefined when it cannot be read. */
export function readAgentFile(file: string, maxBytes: number): TimedUsage | undefined {
  let raw: string;
  try {
    raw = readBounded(file, maxBytes).toString('utf8');
  } catch {
    return undefined; // Removed, unreadable or too large: the session's own figures still stand.
  }
  const read = readUsageAndTimes({ raw, path: file });
  return 'notTranscript' in read ? undefined : read;
}
