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
import type { CallUsage, SessionUsage, TokenCounts } from '../../shared/usage/model';
import { firstAtLeastBy } from '../../shared/text/sortedSearch';
import type { ReadLines } from '../../shared/usage/readUsage';
import { readAgentFile, readUsageWithSubAgents } from '../../shared/usage/withSubAgentFiles';
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

export function fileUsageOf(read: { usage: SessionUsage; own: SessionUsage }): FileUsage {
  // The lenses sit on this file's lines: a sub-agent file's calls are in the summary only.
  const calls = read.own.calls.map(callCountsOf).sort(byLine);
  // A response both files log is one call of the merged list, at the session's own line.
  const ownCount = read.own.calls.length;
  const sessionCalls = read.usage.calls.map((c, i) => ({ ...(i < ownCount ? { line: c.line - 1 } : {}), model: c.model, agent: c.agent, counts: c.counts }));
  return { summary: usageSummary(read.usage, DEFAULT_PRICES), calls, sessionCalls };
}

/** A call of the file as FileUsage lists it. */
export function callCountsOf(c: CallUsage): CallCounts {
  return { line: c.line - 1, model: c.model, agent: c.agent, counts: c.counts };
}

const byLine = (a: CallCounts, b: CallCounts) => a.line - b.line;

/** A FileUsage's lists of calls. */
export type CallLists = Pick<FileUsage, 'calls' | 'sessionCalls'>;

/** The lists of a session with no sub-agent file summed in, from its calls (as fileUsageOf makes them). */
export function callListsOf(calls: readonly CallUsage[]): CallLists {
  const sessionCalls = calls.map(callCountsOf);
  return { calls: sessionCalls.slice().sort(byLine), sessionCalls };
}

/**
 * Puts `call` in the lists as session call `at`: in place of the call there
 * (a response logged again: its line moves to the latest record), or added
 * after the last; in `calls`, by its line. Lists of a session with no
 * sub-agent file summed in, whose calls each have a line of their own.
 */
export function placeCall(lists: CallLists, at: number, call: CallCounts): CallCounts {
  const { calls, sessionCalls } = lists;
  if (at < sessionCalls.length) {
    const was = firstAtLeastBy(calls, (c) => c.line, sessionCalls[at].line ?? -1);
    calls.splice(was, 1);
    sessionCalls[at] = call;
  } else sessionCalls.push(call);
  // Calls come in the order their lines are written: most go last.
  if (calls.length === 0 || calls[calls.length - 1].line < call.line) calls.push(call);
  else
    calls.splice(
      firstAtLeastBy(calls, (c) => c.line, call.line),
      0,
      call,
    );
  return call;
}

/**
 * What a usage read changed since the read before it: the summary, and each
 * session call (by index) that a line changed or added. Sent instead of the
 * whole usage to a requester that holds the read before, so what crosses
 * from the worker is the size of the lines appended, not of the session.
 */
export interface UsageChange {
  summary: UsageSummary;
  /** How many session calls the read before had. */
  base: number;
  /** Ascending `at`; an `at` from `base` on adds a call. */
  calls: Array<{ at: number; call: CallCounts }>;
}

/** `held`, the usage of the read before (of `change.base` session calls), brought up to the read that made `change` (held is left as it was). */
export function applyUsageChange(held: FileUsage, change: UsageChange): FileUsage {
  const lists = { calls: held.calls.slice(), sessionCalls: held.sessionCalls.slice() };
  for (const { at, call } of change.calls) placeCall(lists, at, call);
  const usage = { summary: change.summary, ...lists };
  changedFrom.set(usage, { held, first: change.calls[0]?.at ?? change.base });
  return usage;
}

/**
 * Each usage made by applyUsageChange: the usage it was made from, and the
 * first of its session calls that differs from that one's, so what was
 * added up over the calls before (budget crossings) is kept.
 */
const changedFrom = new WeakMap<FileUsage, { held: FileUsage; first: number }>();

export function changeOf(usage: FileUsage): { held: FileUsage; first: number } | undefined {
  return changedFrom.get(usage);
}

/**
 * Which worker read each usage held here is (the stamp it was sent with),
 * so a later read can be sent as the change from it: a stamp is kept beside
 * the usage rather than in it, and a usage without one is sent whole.
 */
const stamps = new WeakMap<FileUsage, string>();

export function stampOf(usage: FileUsage | undefined): string | undefined {
  return usage && stamps.get(usage);
}

export function stampUsage(usage: FileUsage | undefined, stamp: string | undefined): void {
  if (usage && stamp !== undefined) stamps.set(usage, stamp);
}

/**
 * The usage a worker's usage reply gives, from `held`, the usage held
 * before: the change applied to it, or the usage sent whole with each call
 * that `held` had the same kept (see keepCalls); null when the file records
 * none; undefined for a change that does not follow `held`.
 */
export function usageOfReply(
  held: FileUsage | undefined,
  reply: { usage: FileUsage | null; stamp?: string } | { usageChange: UsageChange; stamp: string },
): FileUsage | null | undefined {
  let usage: FileUsage | null;
  if ('usageChange' in reply) {
    if (held?.sessionCalls.length !== reply.usageChange.base) return undefined;
    usage = applyUsageChange(held, reply.usageChange);
  } else usage = reply.usage && keepCalls(held, reply.usage);
  if (usage) stampUsage(usage, reply.stamp);
  return usage;
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

export function cachedAgentFile(file: string): TimedUsage | undefined {
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
