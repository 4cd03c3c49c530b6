/**
 * The usage a session file records, whatever its format: the format is
 * recognised as `check` recognises it, then the records that carry token
 * counts are read. A format that records none, or records it in a way not
 * read here, gives no counts and a note saying which, never an estimate.
 * Malformed lines become located errors and the other lines still count.
 */
import { CONDENSE_LENGTH, isNotTranscript, recognise, SNIFF_LENGTH } from '../transcript/detect';
import { readJsonLines, type JsonLine } from '../transcript/json/jsonLines';
import type { ParseError } from '../transcript/model';
import { isJsonLines } from '../transcript/formats/shapes/jsonLayout';
import { claudeCodeCalls, progressAgents } from './claudeCodeUsage';
import { codexExecCalls, codexRolloutUsage } from './codexUsage';
import { obj, str } from '../transcript/formats/shapes/jsonValues';
import { IDLE_GAP_MS, NO_USAGE_RECORDED, perModel, summarise, type CallUsage, type SessionUsage, type TokenCounts } from './model';
import { activeTimeOf, timestampsOf, wallTimeOf } from './wallTime';

/** Formats that log usage in a form not read here, with where it is (so the note is accurate, not "none"). */
const UNREAD_USAGE: Record<string, string> = {
  'aider-chat': 'this format records usage only as rounded figures ("Tokens: 3.2k sent"), which are not read',
  cline: 'this format records usage inside api_req_started messages, which are not read',
  'claude-stream': 'usage records of this format are not read',
  langfuse: 'usage records of this format are not read',
  langsmith: 'usage records of this format are not read',
  otlp: 'usage records of this format are not read',
  promptfoo: 'usage records of this format are not read',
  inspect: 'usage records of this format are not read',
  'openai-chat': 'usage records of this format are not read',
  'openai-responses': 'usage records of this format are not read',
  anthropic: 'usage records of this format are not read',
};

/** Formats whose usage is read, all JSON Lines (but for the first Codex CLI's single document, which records none). */
const LINE_FORMATS = new Set(['claude-code', 'codex', 'codex-exec']);

export type UsageInput = { raw: string; path?: string };

export type NotASession = { notTranscript: true; reason: string };

/** The session's usage, or why the file is no session at all. */
export function readUsage(input: UsageInput): SessionUsage | NotASession {
  const read = readUsageAndTimes(input);
  return 'notTranscript' in read ? read : read.usage;
}

/** readUsage, with every record's timestamp (ms, sorted), so sessions can be merged with their sub-agents' files. */
export function readUsageAndTimes(input: UsageInput): { usage: SessionUsage; times: number[] } | NotASession {
  const { raw, path } = input;
  const detected = recognise(raw.slice(0, SNIFF_LENGTH), path, raw.length <= SNIFF_LENGTH, () => raw.slice(0, CONDENSE_LENGTH));
  if (isNotTranscript(detected)) return { notTranscript: true, reason: detected.reason };
  const format = detected.parser.id;
  const jsonLines = LINE_FORMATS.has(format) && !isOneDocument(raw);
  const parseErrors: ParseError[] = [];
  const lines: JsonLine[] = jsonLines ? readJsonLines(raw, parseErrors) : [];
  const errors = parseErrors.map((e) => ({ line: e.line + 1, message: e.message }));
  const wall = wallTimeOf(lines);
  const times = timestampsOf(lines);
  const sessionId = format === 'claude-code' ? sessionIdOf(lines) : undefined;
  const base = { format, errors, ...wall, ...(wall ? { activeMs: activeTimeOf(times, IDLE_GAP_MS) } : {}), ...(sessionId !== undefined ? { sessionId } : {}) };

  const read = jsonLines ? usageOfLines(format, lines) : undefined;
  const calls = read?.calls;
  const reportedTotals = read?.totals;
  if (!calls) {
    return { usage: { ...base, recorded: false, note: UNREAD_USAGE[format] ?? NO_USAGE_RECORDED, turns: 0, totals: null, models: [], groups: [], calls: [] }, times };
  }
  const { groups, totals, models } = summarise(calls);
  // Older Codex rollouts, for one, log no token counts at all.
  if (calls.length === 0) return { usage: { ...base, recorded: false, note: 'no usage recorded in this file', turns: 0, totals: null, models: [], groups: [], calls: [] }, times };
  const session: SessionUsage = { ...base, recorded: true, turns: calls.length, totals: reportedTotals !== undefined ? reportedTotals : totals, models, groups, calls, byModel: perModel(groups) };
  // Codex's counters, not its turns, give the total; with one model, that total is the model's.
  if (reportedTotals && models.length === 1) session.byModel = [{ model: models[0], turns: calls.length, counts: reportedTotals }];
  if (format === 'claude-code') {
    const counted = new Set(calls.map((c) => c.agent));
    const uncounted = progressAgents(lines).filter((a) => !counted.has(a));
    if (uncounted.length > 0) session.progressOnlyAgents = uncounted;
  }
  return { usage: session, times };
}

/**
 * The model calls a JSON Lines log of `format` records, and the total when
 * the log keeps its own (Codex's counters); undefined for a format whose
 * usage is not read from JSON Lines.
 */
export function usageOfLines(format: string, lines: readonly JsonLine[]): { calls: CallUsage[]; totals?: TokenCounts | null } | undefined {
  if (format === 'claude-code') return { calls: claudeCodeCalls(lines) };
  if (format === 'codex') return codexRolloutUsage(lines);
  if (format === 'codex-exec') return { calls: codexExecCalls(lines) };
  return undefined;
}

/** The first `sessionId` a Claude Code log names. */
function sessionIdOf(lines: readonly JsonLine[]): string | undefined {
  for (const line of lines) {
    const id = str(obj(line.value)?.sessionId);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** A file that is one JSON document over several lines, not JSON Lines (a malformed first line does not make one). */
function isOneDocument(raw: string): boolean {
  if (isJsonLines(raw)) return false;
  try {
    JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
    return raw.trimEnd().includes('\n');
  } catch {
    return false;
  }
}
