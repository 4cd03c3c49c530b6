/**
 * Checks the turn an agent just ended: parses its session file, indexes the
 * session once and classifies only the turn's outputs against it (a long
 * session has hundreds of earlier outputs the hook has no reason to
 * re-check), and turns what the context does not back into hook findings
 * that say where the evidence is.
 */
import { cliProjectFolders } from '../check/checkTarget';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CheckOptions, checkOutput, type OutputCheck } from '../../shared/check/checkTranscript';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { isFinding } from '../../shared/classifier/findingStatus';
import { type EndedTurn, endedTurn } from '../../shared/hook/endedTurn';
import type { HookFinding } from '../../shared/hook/hookReply';
import { FileRefused, readBounded } from '../../shared/io/boundedRead';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import type { Segment, Transcript } from '../../shared/transcript/model';
import { classifyOptionsOf } from '../check/checkSettings';
import { outputRecord } from '../check/checkFile';
import { fileCheckOptions, type FileCheckSetup } from '../check/fileCheckSetup';
import type { EntityRecord, OutputRecord } from '../check/fileReport';
import { Locator } from '../check/locator';

export interface TurnFindings {
  /** Names the turn: its prompt's place and text, so blocks are counted per turn. */
  turn: string;
  /** The session file's line (1-based) of the prompt that opened the turn, when it has one and outputs to check. */
  promptLine?: number;
  /** How many outputs the turn has (all checked). */
  outputs: number;
  findings: HookFinding[];
}

/** Thrown for a session the hook cannot check; the hook then lets the stop through. */
export class UncheckableSession extends Error {}

/**
 * The agent may start the hook before it has written the end of the turn to
 * the session file. With `lastMessage` (the event's `last_assistant_message`)
 * the file is read again, while it grows, until the turn ends with that
 * message; a file cut inside its last line is read again too. After
 * `waitMs` the session is uncheckable: checking a turn without its last
 * answer would judge the wrong text.
 */
export interface SessionWait {
  lastMessage?: string;
  waitMs: number;
}

const POLL_MS = 100;

/**
 * A session file read for the hook: its text, the transcript parsed from it,
 * and the index and locator built on demand. A loader may hand back ones it
 * kept from an earlier stop (see heldSessions.ts) as long as they are what a
 * fresh read of the file's bytes now would give.
 */
export interface LoadedSession {
  raw: string;
  parsed: Transcript;
  index(): TranscriptIndex;
  locator(): Locator;
  /** The check of one output (a loader may hand back one it made before the stop, see heldSessions.ts). */
  checkOf(id: number, options: CheckOptions): OutputCheck;
}

/** Reads and parses the session file; throws UncheckableSession for a file the hook cannot check. */
export type SessionLoader = (sessionPath: string, path: string, settings: FileCheckSetup['settings']) => LoadedSession;

/** Reads the whole file afresh at every call. */
export const freshLoad: SessionLoader = (sessionPath, path, settings) => {
  let bytes: Buffer;
  try {
    bytes = readBounded(path, settings.maxFileSizeMB * 1024 * 1024);
  } catch (err) {
    throw unreadable(sessionPath, err);
  }
  return parsedSession(sessionPath, path, bytes.toString('utf8'), settings);
};

export function unreadable(sessionPath: string, err: unknown): UncheckableSession {
  return new UncheckableSession(
    `cannot read the session ${sessionPath}: ${err instanceof FileRefused ? err.reason : err instanceof Error ? err.message : String(err)}`,
  );
}

/** The session parsed from `raw`, its index and locator built when first asked for. */
export function parsedSession(sessionPath: string, path: string, raw: string, settings: FileCheckSetup['settings']): LoadedSession {
  // The project's CLAUDE.md / AGENTS.md, where the session's folder or the agent's (the hook runs in it) holds them: the same folders `check` reads.
  const parsed = parseTranscript({ raw, path, maxSegments: settings.maxSegments, projectFolders: cliProjectFolders(path, undefined) });
  if (isNotTranscript(parsed)) throw new UncheckableSession(`${sessionPath}: ${parsed.reason}`);
  let index: TranscriptIndex | undefined;
  let locator: Locator | undefined;
  const indexed = () => (index ??= TranscriptIndex.build(parsed));
  return {
    raw,
    parsed,
    index: indexed,
    locator: () => (locator ??= new Locator(sessionPath, raw, path)),
    checkOf: (id, options) => checkOutput(indexed(), id, options),
  };
}

/** `setup` as `groundcheck check` has it: the project's settings, and where its ignore rules are. */
export function turnFindings(
  sessionPath: string,
  subAgent: boolean,
  setup: Omit<FileCheckSetup, 'ledger' | 'conversation'>,
  wait: SessionWait = { waitMs: 0 },
  load: SessionLoader = freshLoad,
): TurnFindings {
  const path = resolve(sessionPath);
  const deadline = Date.now() + wait.waitMs;
  let size = -1;
  let read: SessionRead | { notYet: string } | undefined;
  for (;;) {
    const now = sizeOf(path);
    if (now !== size || read === undefined) {
      size = now;
      read = readTurn(sessionPath, load(sessionPath, path, setup.settings), subAgent, wait.lastMessage);
    }
    if (!('notYet' in read)) break;
    if (Date.now() >= deadline) throw new UncheckableSession(`${read.notYet}${wait.waitMs > 0 ? ` after ${wait.waitMs} ms` : ''}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, POLL_MS);
  }
  return findingsOf(read, setup);
}

/** The findings of a turn the session file holds whole. */
export function findingsOf(read: SessionRead, setup: Omit<FileCheckSetup, 'ledger' | 'conversation'>): TurnFindings {
  const { session, turn } = read;
  const parsed = session.parsed;
  const key = turnKey(parsed, turn.prompt);
  if (turn.outputs.length === 0) return { turn: key, outputs: 0, findings: [] };
  const options = classifyOptionsOf(setup.settings);
  const locator = session.locator();
  // Conversation mode ties a contradiction to the segment it is in, which names the evidence.
  const fileOptions = fileCheckOptions({ ...setup, ledger: false, conversation: true });
  const records = turn.outputs.map((id) => ({ segment: id, record: outputRecord(parsed, session.checkOf(id, options), locator, fileOptions) }));
  const findings = hookFindingsOf(parsed, records);
  const promptAt = turn.prompt === -1 ? undefined : parsed.segments[turn.prompt].map.toRaw(0);
  return { turn: key, ...(promptAt !== undefined ? { promptLine: locator.here([promptAt, promptAt]).line } : {}), outputs: turn.outputs.length, findings };
}

/**
 * The hook's findings in a turn's output records (in file order): what the
 * context does not back and no ignore rule hides, each value once per
 * output text. `groundcheck check`'s records of the same outputs give the
 * same list.
 */
export function hookFindingsOf(parsed: Transcript, records: readonly { segment: number; record: OutputRecord }[]): HookFinding[] {
  const findings: HookFinding[] = [];
  const seen = new Set<string>();
  for (const { segment, record } of records) {
    const outputHash = digest(parsed.segments[segment].text);
    for (const entity of record.entities) {
      if (!isFinding(entity.status) || entity.suppressed || entity.occurrences.every((o) => o.ignored)) continue;
      const finding = hookFinding(parsed, entity, `${entity.type}\u0000${entity.text}\u0000${outputHash}`);
      if (seen.has(finding.key)) continue;
      seen.add(finding.key);
      findings.push(finding);
    }
  }
  return findings;
}

export interface SessionRead {
  session: LoadedSession;
  turn: EndedTurn;
}

/** The session's ended turn, or why the file does not hold the whole turn yet. */
export function readTurn(sessionPath: string, session: LoadedSession, subAgent: boolean, lastMessage: string | undefined): SessionRead | { notYet: string } {
  const parsed = session.parsed;
  const turn = endedTurn(parsed, subAgent);
  const last = turn.outputs.length === 0 ? undefined : parsed.segments[turn.outputs[turn.outputs.length - 1]];
  // A session cut short (by the segment cap, or inside a line still being written) may be missing the turn itself.
  const cut = parsed.errors.find((e) => last === undefined || e.rawRange[0] >= last.map.toRaw(last.text.length));
  if (cut) return { notYet: `${sessionPath}:${cut.line + 1}: ${cut.message}` };
  const wanted = lastMessage === undefined ? '' : withoutSpace(lastMessage);
  if (wanted !== '' && (last === undefined || !endsWithOutput(wanted, withoutSpace(last.text)))) {
    return { notYet: `${sessionPath} does not end with the agent's last answer (last_assistant_message)` };
  }
  return { session, turn };
}

/**
 * The event's message may join the answer's text blocks, or space them
 * otherwise than the log: the answer's last block must end it, whitespace aside.
 */
function endsWithOutput(message: string, output: string): boolean {
  return output !== '' && message.endsWith(output);
}

function withoutSpace(text: string): string {
  return text.replace(/\s+/g, '');
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

function hookFinding(t: Transcript, e: EntityRecord, key: string): HookFinding {
  const f: HookFinding = { key: digest(key), value: e.text, type: e.type, status: e.status };
  if (e.rule) f.rule = e.rule;
  if (e.detail) f.detail = e.detail;
  const c = e.contradiction;
  if (c) {
    f.says = c.value;
    f.evidence = placeOf(t, c.segment, c.line);
  } else if (e.closest && !e.detail) {
    f.evidence = `closest in the session: '${e.closest.text}'${e.closest.line !== undefined ? ` at session line ${e.closest.line}` : ''}`;
  }
  return f;
}

/** `the Bash result of \`npm test\`, session line 12`: what showed the evidence, then where it is in the file. */
function placeOf(t: Transcript, segment: number | undefined, line: number | undefined): string {
  const at = line !== undefined ? `session line ${line}` : 'in the session';
  const s = segment === undefined ? undefined : t.segments[segment];
  if (!s) return at;
  const command = s.tool?.callId !== undefined ? commandOf(t.segments, s.tool.callId) : undefined;
  if (s.role === 'tool_result' && s.tool) return `${s.tool.name} result${command ? ` of \`${command}\`` : ''}, ${at}`;
  return `${s.label ?? s.role}, ${at}`;
}

/** The command or file a tool call was given, for naming its result. */
function commandOf(segments: readonly Segment[], callId: string): string | undefined {
  for (const s of segments) {
    if (s.role !== 'tool_call' || s.tool?.callId !== callId) continue;
    const input = s.tool.input as Record<string, unknown> | undefined;
    const named = input?.command ?? input?.cmd ?? input?.file_path ?? input?.path;
    if (typeof named === 'string') return named.length > 80 ? `${named.slice(0, 79)}…` : named;
    if (Array.isArray(named)) return named.join(' ').slice(0, 80);
  }
  return undefined;
}

function turnKey(t: Transcript, prompt: number): string {
  if (prompt === -1) return 'start';
  const s = t.segments[prompt];
  return digest(`${s.map.toRaw(0)}\u0000${s.text}`);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
