/**
 * The token usage a checked file records, for the lenses, the status item
 * and the conversation view: the session's summary and, per model call, the
 * line its counts were read from. Read again with every check, since an
 * appended line can finish a response whose first lines were already there.
 */
import { readUsage } from '../../shared/usage/readUsage';
import type { TokenCounts } from '../../shared/usage/model';
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
}

export function fileUsage(raw: string, path: string | undefined): FileUsage | undefined {
  const read = readUsage({ raw, ...(path !== undefined ? { path } : {}) });
  if ('notTranscript' in read) return undefined;
  const calls = read.calls.map((c) => ({ line: c.line - 1, model: c.model, agent: c.agent, counts: c.counts })).sort((a, b) => a.line - b.line);
  return { summary: usageSummary(read), calls };
}
