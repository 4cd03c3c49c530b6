/**
 * Reads a shadow log back and tallies it per session (and sub-agent): how
 * many stops the hook saw, how many it would have blocked, how many it
 * would have reported to the user, how many it could not check, and which
 * rules the findings behind those came from. A line that is not a shadow
 * log entry is named by its line number and passed over.
 */
import { SHADOW_ACTIONS, type ShadowAction } from './shadowLog';

export interface SessionTally {
  session: string;
  agent?: string;
  transcript: string;
  first: string;
  last: string;
  stops: number;
  wouldBlock: number;
  wouldReport: number;
  unchecked: number;
  /** Findings in stops that would block or report, by rule, most first. */
  rules: Array<{ rule: string; findings: number }>;
}

export interface ShadowSummary {
  sessions: SessionTally[];
  total: Omit<SessionTally, 'session' | 'agent' | 'transcript' | 'first' | 'last'>;
  /** Lines that are not entries: 1-based line number (in the file named) and why. */
  skipped: Array<{ file: string; line: number; reason: string }>;
}

/** A finding without a rule: every verdict has one, but a log may be older or hand-edited. */
const NO_RULE = '(no rule)';

interface Entry {
  time: string;
  session: string;
  agent?: string;
  transcript: string;
  action: ShadowAction;
  rules: string[];
}

export class SummaryBuilder {
  private readonly tallies = new Map<string, SessionTally & { counts: Map<string, number> }>();
  private readonly skipped: ShadowSummary['skipped'] = [];

  /** Adds one log's text, `file` naming it in what is skipped. */
  add(file: string, text: string): void {
    let line = 0;
    for (let start = 0; start < text.length; ) {
      const end = text.indexOf('\n', start);
      const stop = end === -1 ? text.length : end;
      line++;
      const raw = text.slice(start, stop).trim();
      start = stop + 1;
      if (raw === '') continue;
      const entry = entryOf(raw);
      if (typeof entry === 'string') this.skipped.push({ file, line, reason: entry });
      else this.count(entry);
    }
  }

  private count(e: Entry): void {
    const key = `${e.session}\u0000${e.agent ?? ''}`;
    let t = this.tallies.get(key);
    if (!t) {
      t = {
        session: e.session,
        ...(e.agent !== undefined ? { agent: e.agent } : {}),
        transcript: e.transcript,
        first: e.time,
        last: e.time,
        stops: 0,
        wouldBlock: 0,
        wouldReport: 0,
        unchecked: 0,
        rules: [],
        counts: new Map(),
      };
      this.tallies.set(key, t);
    }
    t.stops++;
    if (e.time < t.first) t.first = e.time;
    if (e.time > t.last) t.last = e.time;
    if (e.action === 'block') t.wouldBlock++;
    else if (e.action === 'report' || e.action === 'repeated' || e.action === 'capped') t.wouldReport++;
    else if (e.action === 'unchecked') t.unchecked++;
    if (e.action !== 'clean' && e.action !== 'unchecked') for (const rule of e.rules) t.counts.set(rule, (t.counts.get(rule) ?? 0) + 1);
  }

  summary(): ShadowSummary {
    const sessions: SessionTally[] = [];
    const all = new Map<string, number>();
    const total = { stops: 0, wouldBlock: 0, wouldReport: 0, unchecked: 0, rules: [] as SessionTally['rules'] };
    for (const { counts, ...t } of this.tallies.values()) {
      sessions.push({ ...t, rules: ranked(counts) });
      total.stops += t.stops;
      total.wouldBlock += t.wouldBlock;
      total.wouldReport += t.wouldReport;
      total.unchecked += t.unchecked;
      for (const [rule, n] of counts) all.set(rule, (all.get(rule) ?? 0) + n);
    }
    total.rules = ranked(all);
    return { sessions, total, skipped: this.skipped };
  }
}

function ranked(counts: Map<string, number>): SessionTally['rules'] {
  return [...counts].map(([rule, findings]) => ({ rule, findings })).sort((a, b) => b.findings - a.findings || a.rule.localeCompare(b.rule));
}

/** The entry a line holds, or why it holds none. */
function entryOf(raw: string): Entry | string {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return 'not JSON (a line cut short?)';
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not a JSON object';
  const o = v as Record<string, unknown>;
  if (typeof o.session !== 'string' || o.session === '') return 'no "session"';
  if (typeof o.action !== 'string' || !(SHADOW_ACTIONS as readonly string[]).includes(o.action)) return `"action" is not one of ${SHADOW_ACTIONS.join(', ')}`;
  if (o.findings !== undefined && !Array.isArray(o.findings)) return '"findings" is not a list';
  const rules = ((o.findings as unknown[] | undefined) ?? []).map((f) => {
    const rule = typeof f === 'object' && f !== null ? (f as Record<string, unknown>).rule : undefined;
    return typeof rule === 'string' && rule !== '' ? rule : NO_RULE;
  });
  return {
    time: typeof o.time === 'string' ? o.time : '',
    session: o.session,
    ...(typeof o.agent === 'string' && o.agent !== '' ? { agent: o.agent } : {}),
    transcript: typeof o.transcript === 'string' ? o.transcript : '',
    action: o.action as ShadowAction,
    rules,
  };
}
