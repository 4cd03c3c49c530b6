/**
 * OpenAI Codex CLI rollouts (`~/.codex/sessions/…/rollout-*.jsonl`): one
 * `{timestamp, type, payload}` envelope per line, where `response_item`
 * payloads are Responses API items and `event_msg` lines repeat them for the
 * UI (ignored, so nothing counts twice, unless an event is the only record). Older rollouts without the envelope
 * hold bare items, read the same way; the first TypeScript CLI wrote one
 * JSON document `{session, items}`.
 */
import type { AllowedFolders } from '../../io/referenceReads';
import type { FormatParser, InstructionFiles, ParseError, ParseInput, Transcript } from '../model';
import { findInstructionFiles } from '../instructionFiles';
import { readJsonDocument, readJsonLines, type JsonLine } from '../json/jsonLines';
import { keepReader, ReadPosition, type AppendableReader, type AppendOutcome } from '../parseAppendedLines';
import { ContextGaps } from './contextGaps';
import { emitInstructionFiles, withInstructionNote } from './shapes/instructionSegments';
import { hasAnyPair } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { emitResponsesItem, type ResponsesContext } from './shapes/responsesItems';
import { FileOrderTranscriptBuilder, type JsonSource } from './shapes/fileOrderTranscriptBuilder';

export const codexRolloutFormat: FormatParser = {
  id: 'codex',
  label: 'Codex CLI rollout',
  containers: ['json'],
  sniff(head: string): number {
    if (head.includes('"type":"session_meta"')) return 0.95;
    if (head.includes('"type":"response_item"') && head.includes('"payload"')) return 0.9;
    if (head.includes('"record_type":"state"')) return 0.85;
    if (isSessionDocumentHead(head)) return 0.8;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    if (!isJsonLines(input.raw) && isSessionDocumentHead(input.raw.slice(0, 65536))) {
      const errors: ParseError[] = [];
      const session = newSession(input.projectFolders);
      const doc = readJsonDocument(input.raw, errors);
      const v = doc ? obj(doc.value) : undefined;
      if (doc && v) readSessionDocument(session, documentSource(input.raw, doc.region, doc.value), v);
      return finish(session, errors);
    }
    const reader = new CodexRolloutReader(input.projectFolders);
    const t = reader.read(input.raw, input.onJsonLines);
    keepReader(t, reader);
    return t;
  },
};

function newSession(folders: AllowedFolders | undefined): SessionState {
  return { b: new FileOrderTranscriptBuilder(), callNames: new Map(), tail: -1, sawBasePrompt: false, itemTexts: new Set(), eventTexts: new Set(), folders };
}

function finish(session: SessionState, errors: ParseError[]): Transcript {
  if (!session.sawBasePrompt) session.b.addFileGap(withInstructionNote(ContextGaps.codexInstructions, session.instructions));
  session.b.addFileGap(ContextGaps.codexToolSchemas);
  const t = session.b.build('codex', errors);
  if (session.instructions) t.instructions = session.instructions;
  return t;
}

/**
 * Reads a rollout's lines in order and goes on reading lines appended to it
 * later (Codex appends as the session runs), with the same state.
 */
class CodexRolloutReader implements AppendableReader {
  private readonly session: SessionState;
  private readonly position = new ReadPosition();
  private transcript: Transcript | undefined;

  constructor(folders: AllowedFolders | undefined) {
    this.session = newSession(folders);
  }

  read(raw: string, onJsonLines?: ParseInput['onJsonLines']): Transcript {
    const errors: ParseError[] = [];
    const lines = readJsonLines(raw, errors);
    onJsonLines?.(lines, 'codex', errors);
    this.session.itemTexts = messageItemTexts(lines);
    this.feed(lines);
    this.position.advance(raw);
    this.transcript = finish(this.session, errors);
    return this.transcript;
  }

  append(piece: string): AppendOutcome {
    const t = this.transcript;
    if (!t) return { fallback: 'nothing was read yet' };
    if (!this.position.complete) return { fallback: 'the text read before ended inside a line' };
    const session = this.session;
    const errors: ParseError[] = [];
    const lines = readJsonLines(piece, errors, this.position);
    this.position.advance(piece);
    const from = session.b.segments.length;
    // A prompt taken from an event is one no message item holds, anywhere in the file.
    for (const text of messageItemTexts(lines)) {
      if (session.eventTexts.has(text)) return { fallback: 'a new message repeats a prompt taken from an event' };
      session.itemTexts.add(text);
    }
    const sawBasePrompt = session.sawBasePrompt;
    const looked = session.instructions !== undefined;
    this.feed(lines);
    if (session.sawBasePrompt !== sawBasePrompt) return { fallback: "the new lines record Codex's base instructions" };
    if (!looked && session.instructions) return { fallback: 'the new lines give the working directory, whose instruction files change the whole file' };
    const built = session.b.appendToBuilt(from);
    if ('fallback' in built) return built;
    for (const e of errors) t.errors.push(e);
    return { from, lines: lines.length, actionsAdded: built.actionsAdded };
  }

  private feed(lines: readonly JsonLine[]): void {
    for (const line of lines) {
      const v = obj(line.value);
      if (v) readLine(this.session, lineSource(line), v);
    }
  }
}

interface SessionState {
  b: FileOrderTranscriptBuilder;
  callNames: Map<string, string>;
  tail: number;
  /** Whether Codex's own base instructions were recorded (only newer rollouts do). */
  sawBasePrompt: boolean;
  /** Texts of message items, to tell UI echoes from prompts logged only as events. */
  itemTexts: Set<string>;
  /** Prompts taken from events. */
  eventTexts: Set<string>;
  /** Where the instruction files may be looked for; absent: not at all. */
  folders: AllowedFolders | undefined;
  /** What was found of them, once the working directory is known. */
  instructions?: InstructionFiles;
}

function readLine(session: SessionState, src: JsonSource, v: JsonObject): void {
  const ctx: ResponsesContext = { b: session.b, src, callNames: session.callNames };
  const payload = obj(v.payload);
  switch (str(v.type)) {
    case 'session_meta':
      if (payload) emitInstructions(session, src, payload, ['payload']);
      return;
    case 'response_item':
      if (payload) session.tail = emitResponsesItem(ctx, payload, ['payload'], session.tail);
      return;
    case 'compacted':
      if (payload) session.tail = emitCompaction(session.b, src, payload, session.tail);
      return;
    case 'event_msg':
      if (payload) emitUnechoedEvent(session, src, payload);
      return;
    case 'turn_context':
      return;
    default:
      // Older rollouts: a bare session line first (with `instructions`), then bare items.
      if (v.record_type !== undefined) return;
      if (v.type === undefined && v.role === undefined) emitInstructions(session, src, v, []);
      else session.tail = emitResponsesItem(ctx, v, [], session.tail);
  }
}

function readSessionDocument(session: SessionState, src: JsonSource, v: JsonObject): void {
  const meta = obj(v.session);
  if (meta) emitInstructions(session, src, meta, ['session']);
  const ctx: ResponsesContext = { b: session.b, src, callNames: session.callNames };
  const items = arr(v.items);
  for (let i = 0; i < items.length; i++) {
    const item = obj(items[i]);
    if (item) session.tail = emitResponsesItem(ctx, item, ['items', i], session.tail);
  }
}

/**
 * `event_msg` lines repeat messages for the UI and are skipped, except a
 * user message no `response_item` holds: some rollouts log the prompt only
 * as an event, and dropping it would leave answers ungrounded. (An extra
 * copy of grounding is harmless; an extra copy of an answer is not, so agent
 * messages are never taken from events.)
 */
function emitUnechoedEvent(session: SessionState, src: JsonSource, payload: JsonObject): void {
  const text = str(payload.message);
  if (payload.type !== 'user_message' || text === undefined || session.itemTexts.has(text)) return;
  session.eventTexts.add(text);
  session.tail = session.b.addString(src, ['payload', 'message'], text, { role: 'user', parent: session.tail, label: 'user (from event)' });
}

function messageItemTexts(lines: readonly JsonLine[]): Set<string> {
  const texts = new Set<string>();
  for (const line of lines) {
    const v = obj(line.value);
    const item = v && v.type === 'response_item' ? obj(v.payload) : undefined;
    if (!item || item.type !== 'message') continue;
    for (const part of arr(item.content)) {
      const text = str(obj(part)?.text);
      if (text !== undefined) texts.add(text);
    }
  }
  return texts;
}

/**
 * `instructions` holds the user's instructions (AGENTS.md, skills, a custom
 * instructions file); Codex's own system prompt is recorded, by newer
 * versions only, as `base_instructions.text`.
 */
function emitInstructions(session: SessionState, src: JsonSource, meta: JsonObject, path: (string | number)[]): void {
  const base = obj(meta.base_instructions);
  if (base && typeof base.text === 'string') {
    const before = session.tail;
    session.tail = session.b.addString(src, [...path, 'base_instructions', 'text'], base.text, {
      role: 'system',
      parent: before,
      label: 'system prompt (base instructions)',
    });
    session.sawBasePrompt ||= session.tail !== before;
  }
  if (typeof meta.instructions === 'string') {
    session.tail = session.b.addString(src, [...path, 'instructions'], meta.instructions, { role: 'system', parent: session.tail, label: 'user instructions' });
  }
  const cwd = str(meta.cwd);
  if (session.folders && cwd !== undefined && !session.instructions) {
    const { files, found } = findInstructionFiles('codex', cwd, session.folders);
    session.instructions = found;
    // After everything on the session's line, before the line after it.
    session.tail = emitInstructionFiles(session.b, files, session.tail, [...src.orderOf(path), Number.MAX_SAFE_INTEGER]);
  }
}

/** The TypeScript CLI's `{"session": {…}, "items": [ …Responses items… ]}`. */
function isSessionDocumentHead(head: string): boolean {
  if (!head.trimStart().startsWith('{') || !head.includes('"session"') || !head.includes('"items"')) return false;
  return hasAnyPair(head, 'type', ['input_text', 'output_text', 'function_call', 'function_call_output']);
}

/**
 * After compaction the model sees a summary it wrote instead of the earlier
 * turns: an echo at best, so later outputs carry a gap.
 */
function emitCompaction(b: FileOrderTranscriptBuilder, src: JsonSource, payload: JsonObject, tail: number): number {
  if (typeof payload.message !== 'string') return tail;
  const id = b.addString(src, ['payload', 'message'], payload.message, { role: 'assistant', parent: tail, label: 'compaction summary' });
  if (id !== tail) b.carryGap(id, ContextGaps.compactedHistory);
  return id;
}
