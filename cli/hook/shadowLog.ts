/**
 * The stop hook's shadow log: with `--shadow` the hook never answers the
 * agent and instead appends, for each stop, what it would have done (block,
 * report, or nothing) and the findings behind it, one JSON object a line.
 * A user runs it on their own sessions first and reads the log with
 * `groundcheck hook summary`.
 *
 * The log is bounded: when a line would take it past its cap it is renamed
 * to `<log>.1` (replacing the one before) and a new log begins, so the two
 * together stay under twice the cap.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StopEvent } from '../../shared/hook/hookInput';
import type { HookFinding } from '../../shared/hook/hookReply';
import { groundcheckCache } from './guardStore';

/** What the hook would have done at a stop. */
export type ShadowAction = 'clean' | 'block' | 'report' | 'repeated' | 'capped' | 'unchecked';

export const SHADOW_ACTIONS: readonly ShadowAction[] = ['clean', 'block', 'report', 'repeated', 'capped', 'unchecked'];

export interface ShadowFinding {
  value: string;
  rule?: string;
  /** contradicted, unverified, misattributed. */
  verdict: string;
  /** What the session says instead. */
  says?: string;
  evidence?: string;
  detail?: string;
}

export interface ShadowEntry {
  /** ISO 8601. */
  time: string;
  session: string;
  agent?: string;
  event: StopEvent;
  transcript: string;
  /** Names the turn (a hash of its prompt and where it is). */
  turn?: string;
  /** The session file's line of the turn's prompt. */
  turnLine?: number;
  mode: 'report' | 'block';
  action: ShadowAction;
  findings: ShadowFinding[];
  /** Findings past MAX_FINDINGS, counted but not written. */
  more?: number;
  /** Why the stop was not checked (`unchecked`). */
  error?: string;
}

export const DEFAULT_SHADOW_MAX_MB = 10;
/** Findings written per stop; a line stays small whatever a turn holds. */
const MAX_FINDINGS = 50;
const MAX_TEXT = 300;

export function defaultShadowLog(env: NodeJS.ProcessEnv = process.env): string {
  return join(groundcheckCache(env), 'hook-shadow.jsonl');
}

/** Thrown when the log cannot be written; the hook says so on stderr and exits 0. */
export class ShadowLogError extends Error {}

export class ShadowLog {
  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {}

  append(entry: ShadowEntry): void {
    const line = `${JSON.stringify(entry)}\n`;
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      if (sizeOf(this.path) + Buffer.byteLength(line) > this.maxBytes) renameSync(this.path, `${this.path}.1`);
      // One write of one line in append mode: hooks of sessions running side by side do not interleave their lines.
      appendFileSync(this.path, line, { mode: 0o600 });
    } catch (err) {
      throw new ShadowLogError(`cannot write the shadow log ${this.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export function shadowFindings(findings: readonly HookFinding[]): Pick<ShadowEntry, 'findings' | 'more'> {
  const listed = findings.slice(0, MAX_FINDINGS).map((f): ShadowFinding => {
    const s: ShadowFinding = { value: cut(f.value), verdict: f.status };
    if (f.rule) s.rule = f.rule;
    if (f.says !== undefined) s.says = cut(f.says);
    if (f.evidence) s.evidence = cut(f.evidence);
    if (f.detail) s.detail = cut(f.detail);
    return s;
  });
  return findings.length > MAX_FINDINGS ? { findings: listed, more: findings.length - MAX_FINDINGS } : { findings: listed };
}

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`;
}
