/**
 * What a stop hook prints: the reason an agent is sent back with, or the
 * note a user sees, one finding a line: the value as the answer wrote it,
 * what the session says instead (or that nothing in it supports the
 * value), and where that evidence is.
 */
import type { EntityStatus, EntityType } from '../classifier/types';

export interface HookFinding {
  /** Stable across stops: the value and the text of the output it is in (see `findingKey`). */
  key: string;
  value: string;
  type: EntityType;
  status: EntityStatus;
  /** The rule that decided the verdict (`groundcheck rules` lists them). */
  rule?: string;
  /** What the session says instead (a contradiction's value). */
  says?: string;
  /** The check's own account (file-lines: which lines the file was read with). */
  detail?: string;
  /** Where the evidence is: `the Bash result of \`npm test\` (session line 12)`. */
  evidence?: string;
}

export type HookReply = { decision: 'block'; reason: string } | { systemMessage: string };

/** Findings listed in one message; a turn with more names how many are left out. */
export const MAX_LISTED = 10;
const VALUE_LENGTH = 80;

/**
 * Words every block reason holds: an agent that logs the reason as a plain
 * user message (not marked as a hook's) still has it recognised as ours.
 */
export const BLOCK_REASON_MARK = 'not what this session shows. Check each against its evidence';

export function blockReason(findings: readonly HookFinding[]): string {
  const head = `groundcheck: ${countOf(findings.length)} in your answer ${findings.length === 1 ? 'is' : 'are'} ${BLOCK_REASON_MARK} and correct the answer, or say where the value comes from:`;
  return [head, ...listed(findings)].join('\n');
}

/** For the user: `why` says why the stop was not blocked (report mode, a repeat, the cap). */
export function userMessage(findings: readonly HookFinding[], why?: string): string {
  const head = `groundcheck: ${countOf(findings.length)} in the last answer not backed by the session${why ? ` (${why})` : ''}:`;
  return [head, ...listed(findings)].join('\n');
}

export function findingLine(f: HookFinding): string {
  const value = `'${shortened(f.value)}'`;
  let what: string;
  if (f.status === 'contradicted') what = f.says !== undefined ? `the session says '${shortened(f.says)}'` : 'the session says otherwise';
  else if (f.status === 'misattributed') what = 'in the session, but not in the source cited for it';
  else what = 'nothing in the session supports it';
  const detail = f.detail ? `; ${f.detail}` : '';
  const where = f.evidence ? ` (${f.evidence})` : '';
  return `- ${value}: ${what}${where}${detail}`;
}

function listed(findings: readonly HookFinding[]): string[] {
  const lines = findings.slice(0, MAX_LISTED).map(findingLine);
  if (findings.length > MAX_LISTED) lines.push(`- and ${findings.length - MAX_LISTED} more`);
  return lines;
}

function countOf(n: number): string {
  return n === 1 ? '1 value' : `${n} values`;
}

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= VALUE_LENGTH ? flat : `${flat.slice(0, VALUE_LENGTH - 1)}…`;
}
