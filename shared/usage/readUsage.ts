/**
 * The usage a session file records, whatever its format: the format is
 * recognised as `check` recognises it, then the records that carry token
 * counts are read. A format that records none, or records it in a way not
 * read here, gives no counts and a note saying which, never an estimate.
 * Malformed lines become located errors and the other lines still count.
 */
import { CONDENSE_LENGTH, isNotTranscript, recognise, SNIFF_LENGTH } from '../transcript/detect';
import { lineOfOffset, readJsonDocument, readJsonLines, type JsonLine } from '../transcript/json/jsonLines';
import { InOrderTranscriptBuilder } from '../transcript/formats/common/inOrderTranscriptBuilder';
import { readSpans } from '../transcript/formats/otel/spanReader';
import { apiUsageCalls } from './apiUsage';
import { inspectUsageCalls, langfuseUsageCalls, langsmithUsageCalls } from './evalLogUsage';
import { spanUsageCalls } from './spanUsage';
import type { ParseError } from '../transcript/model';
import { isJsonLines } from '../transcript/formats/shapes/jsonLayout';
import { claudeCodeCalls } from './claudeCodeUsage';
import { clineUiCalls, isClineUiLog } from './clineUsage';
import { geminiDocumentCalls } from './geminiUsage';
import { obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import {
  IDLE_GAP_MS,
  NO_USAGE_RECORDED,
  perModel,
  summarise,
  type CallUsage,
  type SessionUsage,
  type TokenCounts,
  type UsageError,
  type UsageLine,
} from './model';
import { activeTimeOf } from './wallTime';
import { lineCallReader, recordedSession, RunningUsage } from './runningUsage';

/** Formats that log usage in a form not read here, with where it is (so the note is accurate, not "none"). */
const UNREAD_USAGE: Record<string, string> = {
  'aider-chat': 'this format records usage only as rounded figures ("Tokens: 3.2k sent"), which are not read',
  cline: "Cline records this task's usage in ui_messages.json beside this file; give that file (or the task's folder)",
  promptfoo: 'usage records of this format are not read',
};

/** Formats whose usage sits in whole-file JSON (or JSON Lines, or a stream of `data:` events) and is read here. */
const DOCUMENT_FORMATS = new Set(['anthropic', 'openai-chat', 'openai-responses', 'claude-stream', 'otlp', 'inspect', 'langsmith', 'langfuse', 'gemini-cli']);

/** Formats whose usage is read, all JSON Lines (but for the first Codex CLI's single document, which records none, and Gemini CLI's, read as a document). */
const LINE_FORMATS = new Set(['claude-code', 'codex', 'codex-exec', 'gemini-cli']);

export type UsageInput = {
  raw: string;
  path?: string;
  /** Set for a binary file (an Inspect `.eval` zip), whose usage is not read. */
  bytes?: Uint8Array;
  /** The lines a parser of `raw` read already (ParseInput.onJsonLines): read instead of the text when they are of the format recognised here. */
  lines?: ReadLines;
};

/** JSON Lines read from a whole file by a parser of `format`, with the lines that could not be read. */
export interface ReadLines {
  format: string;
  lines: readonly JsonLine[];
  errors: readonly ParseError[];
}

/** Lines of a log of `format` as usageOfJsonLines reads them, with those that could not be read. */
export interface LinesRead {
  format: string;
  lines: readonly UsageLine[];
  errors: readonly ParseError[];
}

export type NotASession = { notTranscript: true; reason: string };

/** The session's usage, or why the file is no session at all. */
export function readUsage(input: UsageInput): SessionUsage | NotASession {
  const read = readUsageAndTimes(input);
  return 'notTranscript' in read ? read : read.usage;
}

/** readUsage, with every record's timestamp (ms, sorted), so sessions can be merged with their sub-agents' files. */
export function readUsageAndTimes(input: UsageInput): { usage: SessionUsage; times: number[] } | NotASession {
  const { raw, path } = input;
  const read = howUsageIsRead(raw, path);
  if (read === 'cline-ui') return clineUiUsage(raw);
  if ('notTranscript' in read) return read;
  const { format, jsonLines } = read;
  // Lines a parser read already are not parsed again: on a 20 MB session that is most of this read's time.
  const given = jsonLines && input.lines?.format === format ? input.lines : undefined;
  if (jsonLines) {
    const parseErrors: ParseError[] = [];
    const lines = given ? given.lines : readJsonLines(raw, parseErrors);
    return usageOfJsonLines({ format, lines, errors: given ? given.errors : parseErrors });
  }
  return sessionUsage(format, [], (errors) => (DOCUMENT_FORMATS.has(format) ? documentUsage(format, raw, errors, input.bytes !== undefined) : undefined));
}

/** How readUsageAndTimes reads a file's usage: as a Cline UI log, or by its format, from its lines or as a whole; or why the file is no session. */
function howUsageIsRead(raw: string, path: string | undefined): 'cline-ui' | { format: string; jsonLines: boolean } | NotASession {
  if (isClineUiLog(raw.slice(0, SNIFF_LENGTH))) return 'cline-ui';
  const detected = recognise(raw.slice(0, SNIFF_LENGTH), path, raw.length <= SNIFF_LENGTH, () => raw.slice(0, CONDENSE_LENGTH));
  if (isNotTranscript(detected)) return { notTranscript: true, reason: detected.reason };
  const format = detected.parser.id;
  return { format, jsonLines: LINE_FORMATS.has(format) && !isOneDocument(raw) };
}

/** The format of the lines readUsageAndTimes reads the usage of `raw` from (usageOfJsonLines); undefined when it reads it otherwise, or reads none. */
export function lineUsageFormat(raw: string, path: string | undefined): string | undefined {
  const read = howUsageIsRead(raw, path);
  return read !== 'cline-ui' && 'jsonLines' in read && read.jsonLines ? read.format : undefined;
}

/**
 * What readUsageAndTimes reads from a JSON Lines log of a format whose usage
 * is read line by line (readsUsageByLine), from its lines, added up one at a
 * time as a reader that follows a growing log adds them (RunningUsage).
 */
export function usageOfJsonLines(read: LinesRead): { usage: SessionUsage; times: number[] } {
  const running = RunningUsage.of(read.format);
  // Every format read line by line has a reader: this is what a format without one would give.
  if (!running) return sessionUsage(read.format, read.errors, () => undefined);
  running.addErrors(read.errors);
  for (const line of read.lines) running.add(line);
  return running.read();
}

/** Whether the usage of a JSON Lines log of `format` is read from its lines (see usageOfJsonLines). */
export function readsUsageByLine(format: string): boolean {
  return LINE_FORMATS.has(format);
}

function sessionUsage(
  format: string,
  parseErrors: readonly ParseError[],
  readCalls: (errors: UsageError[]) => { calls: CallUsage[]; totals?: TokenCounts | null } | { notRead: string } | undefined,
): { usage: SessionUsage; times: number[] } {
  const errors = parseErrors.map((e) => ({ line: e.line + 1, message: e.message }));
  const base = { format, errors };
  const read = readCalls(errors);
  if (read && 'notRead' in read) {
    return { usage: { ...base, recorded: false, note: read.notRead, turns: 0, totals: null, models: [], groups: [], calls: [] }, times: [] };
  }
  if (!read) {
    return {
      usage: { ...base, recorded: false, note: UNREAD_USAGE[format] ?? NO_USAGE_RECORDED, turns: 0, totals: null, models: [], groups: [], calls: [] },
      times: [],
    };
  }
  return { usage: recordedSession(base, read.calls, summarise(read.calls), read.totals), times: [] };
}

/**
 * The model calls a JSON Lines log of `format` records, and the total when
 * the log keeps its own (Codex's counters); undefined for a format whose
 * usage is not read from JSON Lines.
 */
export function usageOfLines(format: string, lines: readonly UsageLine[]): { calls: CallUsage[]; totals?: TokenCounts | null } | undefined {
  const reader = lineCallReader(format);
  if (!reader) return undefined;
  for (const line of lines) reader.add(line);
  return reader.totals ? { calls: reader.calls, totals: reader.totals() } : { calls: reader.calls };
}

/**
 * A line of a `format` log cut down to what usageOfLines reads from it, or
 * undefined when it reads nothing there: a check that follows a growing log
 * keeps these (a few small objects per turn), so its budgets are added up
 * again over them when lines are appended, without the rest of the file.
 */
export function usageRecordOf(format: string, line: UsageLine): UsageLine | undefined {
  const v = obj(line.value);
  if (!v) return undefined;
  let kept: JsonObject | undefined;
  if (format === 'claude-code' && v.type === 'assistant') {
    const m = obj(v.message);
    kept = { type: v.type, isSidechain: v.isSidechain, agentId: v.agentId, message: m ? { id: m.id, model: m.model, usage: m.usage } : undefined };
  } else if (format === 'codex' && v.type === 'turn_context') kept = { type: v.type, payload: { model: obj(v.payload)?.model } };
  else if (format === 'codex' && v.type === 'event_msg' && obj(v.payload)?.type === 'token_count')
    kept = { type: v.type, payload: { type: 'token_count', info: obj(v.payload)?.info } };
  else if (format === 'codex-exec' && v.type === 'turn.completed') kept = { type: v.type, usage: v.usage };
  else if (format === 'gemini-cli' && v.type === 'gemini') kept = { type: v.type, id: v.id, model: v.model, tokens: v.tokens };
  return kept ? { line: line.line, start: line.start, end: line.end, value: kept } : undefined;
}

/**
 * The calls a whole-file format records: located errors for what could not
 * be read go to `errors`; an archive is said not to be read.
 */
function documentUsage(format: string, raw: string, errors: UsageError[], archive: boolean): { calls: CallUsage[] } | { notRead: string } {
  if (archive || raw.startsWith('PK\u0003\u0004'))
    return { notRead: 'usage in .eval archives is not read; read the log written as JSON (inspect log convert --to json)' };
  const b = new InOrderTranscriptBuilder(format, raw);
  const lineOf = (offset: number) => lineOfOffset(raw, offset) + 1;
  let calls: CallUsage[];
  if (format === 'otlp') calls = spanUsageCalls(readSpans(raw, b), (s) => lineOf(s.region.start));
  else if (format === 'langsmith') calls = langsmithUsageCalls(raw, b, lineOf);
  else {
    const values = jsonValues(raw, b.errors);
    if (format === 'claude-stream')
      calls = claudeCodeCalls(values.map((v) => ({ line: v.line - 1, start: v.range?.[0] ?? 0, end: v.range?.[1] ?? 0, value: v.value })));
    else if (format === 'inspect') calls = values.flatMap((v) => inspectUsageCalls(v.value).map((c) => ({ ...c, line: v.line })));
    else if (format === 'langfuse') calls = langfuseUsageCalls(values);
    else if (format === 'gemini-cli') calls = values.flatMap((v) => geminiDocumentCalls(v.value, v.line));
    else calls = apiUsageCalls(values, format === 'anthropic' ? 'anthropic' : format === 'openai-responses' ? 'openai-responses' : undefined);
  }
  for (const e of b.errors) errors.push({ line: e.line + 1, message: e.message });
  return { calls };
}

/** The JSON values of a file: its lines (JSON Lines), its `data:` events (a server-sent event stream), or the one document. */
function jsonValues(raw: string, errors: ParseError[]): Array<{ value: unknown; line: number; range?: [number, number] }> {
  if (isJsonLines(raw)) return readJsonLines(raw, errors).map((l) => ({ value: l.value, line: l.line + 1, range: [l.start, l.end] as [number, number] }));
  if (/^(event|data):/m.test(raw.slice(0, 4096))) return sseEvents(raw);
  const doc = readJsonDocument(raw, errors);
  return doc ? [{ value: doc.value, line: 1 }] : [];
}

/** The JSON of every `data:` line (`[DONE]` and other text skipped). */
function sseEvents(raw: string): Array<{ value: unknown; line: number; range: [number, number] }> {
  const out: Array<{ value: unknown; line: number; range: [number, number] }> = [];
  let start = 0;
  for (let line = 1; start <= raw.length; line++) {
    let end = raw.indexOf('\n', start);
    if (end === -1) end = raw.length;
    if (raw.startsWith('data:', start)) {
      try {
        out.push({ value: JSON.parse(raw.slice(start + 5, end)), line, range: [start, end] });
      } catch {
        // `data: [DONE]`, or a payload that is no JSON: not a usage record.
      }
    }
    start = end + 1;
  }
  return out;
}

/** A Cline UI log's usage (see clineUsage.ts), its wall time from the messages' `ts` (milliseconds since 1970). */
function clineUiUsage(raw: string): { usage: SessionUsage; times: number[] } {
  const parseErrors: ParseError[] = [];
  const doc = readJsonDocument(raw, parseErrors);
  const errors = parseErrors.map((e) => ({ line: e.line + 1, message: e.message }));
  const messages = Array.isArray(doc?.value) ? (doc.value as unknown[]) : [];
  // One line in practice (Cline writes the array compactly); a pretty-printed copy has no line per message to name.
  const calls = clineUiCalls(messages, () => 1);
  const times = messages
    .map((m) => obj(m)?.ts)
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
    .sort((a, b) => a - b);
  const wall =
    times.length > 0
      ? {
          firstTimestamp: new Date(times[0]).toISOString(),
          lastTimestamp: new Date(times[times.length - 1]).toISOString(),
          wallMs: times[times.length - 1] - times[0],
          activeMs: activeTimeOf(times, IDLE_GAP_MS),
        }
      : {};
  const base = { format: 'cline', errors, ...wall };
  if (calls.length === 0)
    return { usage: { ...base, recorded: false, note: 'no usage recorded in this file', turns: 0, totals: null, models: [], groups: [], calls: [] }, times };
  const { groups, totals, models } = summarise(calls);
  return { usage: { ...base, recorded: true, turns: calls.length, totals, models, groups, calls, byModel: perModel(groups) }, times };
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
