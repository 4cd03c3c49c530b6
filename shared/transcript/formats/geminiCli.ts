/**
 * Gemini CLI sessions (`~/.gemini/tmp/<project>/chats/session-*.jsonl`): a
 * first line of session metadata (`sessionId`, `projectHash`, …), then one
 * record per line, replayed as the CLI replays them (shapes/geminiRecords.ts:
 * a message written again under its `id` replaces the earlier version, which
 * is not read; `$rewindTo` drops messages; `$set` updates metadata or
 * rewrites the message list). Older versions wrote the whole session as one
 * JSON document with a `messages` array of the same records.
 *
 * The log records neither the system prompt nor the tool schemas nor the
 * GEMINI.md files put into it, only a hash of the project's path, so those
 * stay a gap on every output.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { readJsonDocument, readJsonLines, type JsonDocument } from '../json/jsonLines';
import { ContextGaps } from './contextGaps';
import { FileOrderTranscriptBuilder, type JsonSource } from './shapes/fileOrderTranscriptBuilder';
import { emitGeminiMessage } from './shapes/geminiMessages';
import { GeminiConversation, type GeminiEntry } from './shapes/geminiRecords';
import { hasAnyPair, hasKey } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { arr, obj, str } from './shapes/jsonValues';
import { labelRewound } from './shapes/rewoundBranches';

const MESSAGE_TYPES = ['user', 'gemini', 'info', 'error', 'warning'];

export const geminiCliFormat: FormatParser = {
  id: 'gemini-cli',
  label: 'Gemini CLI session',
  containers: ['json'],
  sniff(head: string): number {
    if (!hasKey(head, 'sessionId') || !hasKey(head, 'projectHash')) return 0;
    return hasAnyPair(head, 'type', MESSAGE_TYPES) ? 0.95 : 0.7;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const conversation = new GeminiConversation();
    const doc = isJsonLines(input.raw) ? undefined : readDocument(input.raw, errors);
    const v = doc ? obj(doc.value) : undefined;
    if (doc && v) {
      const src = documentSource(input.raw, doc.region, doc.value);
      const messages = arr(v.messages);
      for (let i = 0; i < messages.length; i++) {
        const m = obj(messages[i]);
        if (m) conversation.upsert(src, m, ['messages', i]);
      }
    } else if (!doc) {
      const before = errors.length;
      const lines = readJsonLines(input.raw, errors);
      input.onJsonLines?.(lines, 'gemini-cli', errors.slice(before));
      for (const line of lines) {
        const r = obj(line.value);
        if (r) readRecord(conversation, lineSource(line), r);
      }
    }
    return build(conversation, errors);
  },
};

/**
 * The file as one document, or undefined to read it as JSON Lines: a session
 * whose first line is broken is not a document, and reading it line by line
 * keeps every other line.
 */
function readDocument(raw: string, errors: ParseError[]): JsonDocument | undefined {
  const tried: ParseError[] = [];
  const doc = readJsonDocument(raw, tried);
  if (doc || isOneLine(raw)) {
    errors.push(...tried);
    return doc;
  }
  return undefined;
}

function isOneLine(raw: string): boolean {
  const nl = raw.indexOf('\n');
  return nl === -1 || raw.slice(nl).trim() === '';
}

function readRecord(conversation: GeminiConversation, src: JsonSource, v: Record<string, unknown>): void {
  const rewind = str(v.$rewindTo);
  const patch = obj(v.$set);
  if (rewind !== undefined) conversation.rewindTo(rewind);
  else if (str(v.id) !== undefined) conversation.upsert(src, v, []);
  else if (patch) conversation.set(src, patch, ['$set']);
  // Anything else is the session's metadata line: nothing the model saw.
}

function build(conversation: GeminiConversation, errors: ParseError[]): Transcript {
  const b = new FileOrderTranscriptBuilder();
  b.addFileGap(ContextGaps.geminiSystemPrompt);
  const tails = new Map<GeminiEntry, number>();
  for (const entry of conversation.entries) {
    const parent = entry.before ? tails.get(entry.before)! : -1;
    const from = b.segments.length;
    tails.set(entry, emitGeminiMessage({ b, src: entry.src }, entry.value, entry.path, parent));
    for (let id = from; id < b.segments.length; id++) {
      const s = b.segments[id];
      if (!s.isOutput) continue;
      if (entry.rewritten) {
        s.isOutput = false;
        s.label = `${s.label} (rewritten history)`;
      } else if (entry.rewound) labelRewound(s);
    }
  }
  return b.build('gemini-cli', errors);
}
