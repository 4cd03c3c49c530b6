/**
 * OpenAI Chat Completions files: request/response dumps (alone or as
 * `{request, response}`), bare message arrays, fine-tune JSONL (one
 * conversation per line), and Batch API input (`body`) and output
 * (`response.body`) JSONL. Each JSONL line is its own conversation.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { eachJsonLine, readJsonDocument } from '../json/jsonLines';
import { emitChatMessages, emitChatTools, emitChoices, type ChatContext } from './shapes/chatMessages';
import { ContextGaps } from './contextGaps';
import { hasAnyPair, hasKey, hasPair } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { isObject, obj, type JsonObject } from './shapes/jsonValues';
import type { JsonPath } from '../json/jsonRegion';
import { looksLikeStreamingDump, streamingDumpError } from './shapes/streamingDumps';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';

const OPENAI_MARKERS = ['"tool_calls"', '"tool_call_id"', '"image_url"'];
const OPENAI_ROLES = ['system', 'developer', 'tool'];
/** Anthropic request dumps also have `messages` with roles; leave those to the Anthropic parser. */
const ANTHROPIC_MARKERS = ['"tool_use"', '"tool_result"', '"input_schema"', '"stop_reason"', '"anthropic_version"', '<environment_details>'];

export const openaiChatFormat: FormatParser = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  containers: ['json', 'events'],
  sniff(head: string): number {
    if (hasPair(head, 'url', '/v1/chat/completions') || hasPair(head, 'object', 'chat.completion.chunk')) return 0.9;
    // Trace formats (Inspect, LangSmith, Langfuse) embed whole completions: yield to their own markers.
    if (hasPair(head, 'object', 'chat.completion')) return 0.82;
    if (!head.includes('"role"')) return 0;
    // Gemini's `{role: "model", parts}` is not a chat message: claiming it would read it as an empty chat.
    if (hasPair(head, 'role', 'model') && hasKey(head, 'parts')) return 0;
    const anthropic = ANTHROPIC_MARKERS.some((m) => head.includes(m));
    const openai = OPENAI_MARKERS.some((m) => head.includes(m)) || hasAnyPair(head, 'role', OPENAI_ROLES);
    if (!anthropic && openai) return 0.7;
    return head.includes('"messages"') || head.trimStart().startsWith('[') ? 0.5 : 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new FileOrderTranscriptBuilder();
    const raw = input.raw;
    if (looksLikeStreamingDump(raw.slice(0, 4096))) {
      errors.push(streamingDumpError(raw));
      return b.build('openai-chat', errors);
    }
    const callNames = new Map<string, string>();
    if (isJsonLines(raw)) {
      // Line by line (a fine-tuning file is a conversation a line): each line's parsed value is let go once its segments are read.
      eachJsonLine(raw, errors, (line) => emitRecord({ b, src: lineSource(line), callNames }, line.value, [], -1));
    } else {
      const doc = readJsonDocument(raw, errors);
      if (doc) emitRecord({ b, src: documentSource(raw, doc.region, doc.value), callNames }, doc.value, [], -1);
    }
    return b.build('openai-chat', errors);
  },
};

function emitRecord(ctx: ChatContext, value: unknown, path: JsonPath, parent: number): number {
  if (Array.isArray(value)) return emitChatMessages(ctx, value, path, parent);
  if (!isObject(value)) return parent;
  const body = obj(value.body);
  if (body) return emitRecord(ctx, body, [...path, 'body'], parent);
  const response = obj(value.response);
  const request = obj(value.request);
  if (request || response) {
    const tail = request ? emitRecord(ctx, request, [...path, 'request'], parent) : parent;
    if (!response) return tail;
    if (!request) ctx.b.addFileGap(ContextGaps.requestNotInFile);
    return emitRecord(ctx, response, [...path, 'response'], tail);
  }
  return emitConversation(ctx, value, path, parent);
}

/** `tools`/`functions`, then `messages`, then any `choices` answering them. */
function emitConversation(ctx: ChatContext, v: JsonObject, path: JsonPath, parent: number): number {
  let tail = emitChatTools(ctx, v.tools, [...path, 'tools'], parent);
  tail = emitChatTools(ctx, v.functions, [...path, 'functions'], tail);
  tail = emitChatMessages(ctx, v.messages, [...path, 'messages'], tail);
  if (Array.isArray(v.choices)) {
    if (!Array.isArray(v.messages) && path[path.length - 1] !== 'response') ctx.b.addFileGap(ContextGaps.requestNotInFile);
    tail = emitChoices(ctx, v.choices, [...path, 'choices'], tail);
  }
  return tail;
}
