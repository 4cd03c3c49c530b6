/**
 * The token usage a checked file records, for the lenses, the status item
 * and the conversation view: the session's summary and, per model call, the
 * line its counts were read from. Read again with every check, since an
 * appended line can finish a response whose first lines were already there.
 * A Claude Code session's sub-agent files beside it are summed into the
 * summary as `groundcheck usage` sums them (the lenses stay the file's own),
 * and the summary is costed at the shipped price table.
 */
import { statSync } from 'node:fs';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import type { SessionUsage, TokenCounts } from '../../shared/usage/model';
import { type LinesRead, type ReadLines, usageOfJsonLines } from '../../shared/usage/readUsage';
import { readAgentFile, readUsageWithSubAgents, withSubAgentFiles } from '../../shared/usage/withSubAgentFiles';
import type { TimedUsage } from '../../shared/usage/withSubAgents';
import { usageSummary, type UsageSummary } from '../../shared/usageView/summary';

export interface CallCounts {
  /** 0-based line of the record the counts were read from (the last line of a response logged over several). */
  line: number;
  model: string;
  agent: string;
  counts: TokenCounts;
}

export interface FileUsage {
  summary: UsageSummary;
  /** In file order of their lines. */
  calls: CallCounts[];
  /**
   * Every call the summary counts, in the order budgets add them up: this
   * file's, then its sub-agent files' (which have no line here).
   */
  sessionCalls: SessionCall[];
}

export interface SessionCall {
  /** 0-based line of the record in this file; absent for a sub-agent file's call. */
  line?: number;
  model: string;
  agent: string;
  counts: TokenCounts;
}

/** `lines`: what the check's parse read of `raw` already, so the file is not parsed a second time. */
export function fileUsage(raw: string, path: string | undefined, lines?: ReadLines): FileUsage | undefined {
  const read = readUsageWithSubAgents(raw, path, cachedAgentFile, lines);
  return 'notTranscript' in read ? undefined : fileUsageOf(read);
}

/** The usage of a JSON Lines log from the lines usageFiguresOf kept of it (see UsageLines), as fileUsage reads it from the text. */
export function fileUsageOfLines(kept: LinesRead, path: string | undefined): FileUsage {
  return fileUsageOf(withSubAgentFiles(usageOfJsonLines(kept), path, cachedAgentFile));
}

function fileUsageOf(read: { usage: SessionUsage; own: SessionUsage }): FileUsage {
  // The lenses sit on this file's lines: a sub-agent file's calls are in the summary only.
  const calls = read.own.calls.map((c) => ({ line: c.line - 1, model: c.model, agent: c.agent, counts: c.counts })).sort((a, b) => a.line - b.line);
  // A response both files log is one call of the merged list, at the session's own line.
  const ownCount = read.own.calls.length;
  const sessionCalls = read.usage.calls.map((c, i) => ({ ...(i < ownCount ? { line: c.line - 1 } : {}), model: c.model, agent: c.agent, counts: c.counts }));
  return { summary: usageSummary(read.usage, DEFAULT_PRICES), calls, sessionCalls };
}

/**
 * `after`, the usage read again, with each call that `before` had the same
 * kept as the same object, so what was made of it (its lens) is kept too:
 * a turn appended to a session adds a call or two to thousands.
 */
export function keepCalls(before: FileUsage | undefined, after: FileUsage): FileUsage {
  if (!before) return after;
  const n = Math.min(before.calls.length, after.calls.length);
  for (let i = 0; i < n; i++) if (sameCall(before.calls[i], after.calls[i])) after.calls[i] = before.calls[i];
  return after;
}

function sameCall(a: CallCounts, b: CallCounts): boolean {
  const x = a.counts;
  const y = b.counts;
  return (
    a.line === b.line &&
    a.model === b.model &&
    a.agent === b.agent &&
    x.input === y.input &&
    x.output === y.output &&
    x.cacheWrite === y.cacheWrite &&
    x.cacheRead === y.cacheRead &&
    x.reasoning === y.reasoning &&
    x.cacheWrite1h === y.cacheWrite1h
  );
}

/**
 * Sub-agent files read before, by path, while their size and modification
 * time stay the same: a live session is read again after every append, and
 * its finished sub-agents' files do not change.
 */
const agentFiles = new Map<string, { size: number; mtimeMs: number; usage: TimedUsage | undefined }>();
const AGENT_FILES_KEPT = 256;

function cachedAgentFile(file: string): TimedUsage | undefined {
  let stat: { size: number; mtimeMs: number };
  try {
    stat = statSync(file);
  } catch {
    agentFiles.delete(file);
    return undefined;
  }
  const kept = agentFiles.get(file);
  if (kept && kept.size === stat.size && kept.mtimeMs === stat.mtimeMs) return kept.usage;
  const usage = readAgentFile(file, DEFAULT_SETTINGS.maxFileSizeMB * 1024 * 1024);
  if (agentFiles.size >= AGENT_FILES_KEPT) agentFiles.delete(agentFiles.keys().next().value as string);
  agentFiles.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, usage });
  return usage;
}
