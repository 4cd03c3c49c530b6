/**
 * Anthropic Messages API files: request bodies, response objects,
 * `{request, response}` pairs (claude-trace logs put each under `body`),
 * bare message arrays, and JSONL of any of these (each line its own
 * conversation).
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { readJsonDocument, readJsonLines } from '../json/jsonLines';
import type { UserTextClassifier } from './shapes/anthropicBlocks';
import type { TextPiece } from './shapes/clineAssistantText';
import { emitAnthropicRecord } from './shapes/anthropicRequest';
import { hasAnyPair, hasPair } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { obj } from './shapes/jsonValues';
import { looksLikeStreamingDump, streamingDumpError } from './shapes/streamingDumps';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';

const BLOCK_TYPES = ['tool_use', 'tool_result', 'document', 'search_result', 'thinking', 'redacted_thinking', 'server_tool_use'];
const KEYS = ['"input_schema"', '"stop_reason"', '"anthropic_version"', '"model":"claude', '"model": "claude', 'api.anthropic.com/v1/messages'];
const STREAM_EVENTS = ['message_start', 'content_block_delta'];

export const anthropicMessagesFormat: FormatParser = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  containers: ['json', 'events'],
  sniff(head: string): number {
    if (hasAnyPair(head, 'type', STREAM_EVENTS) || head.startsWith('event: message_start')) return 0.9;
    if (!head.includes('"role"') && !hasPair(head, 'type', 'message')) return 0;
    return hasAnyPair(head, 'type', BLOCK_TYPES) || KEYS.some((k) => head.includes(k)) ? 0.75 : 0;
  },
  parse(input: ParseInput): Transcript {
    return parseAnthropicFile(input.raw, 'anthropic');
  },
};

/** What sets a Cline history apart from a plain Anthropic file. */
export interface AnthropicDialect {
  /** A fresh classifier for each conversation's user text. */
  newClassifier?: () => UserTextClassifier;
  splitAssistantText?: (text: string) => TextPiece[];
  /** Tool → the input field that is an answer to the user (Cline's `attempt_completion` → `result`). */
  answerFields?: Readonly<Record<string, string>>;
}

/** Reads any Anthropic Messages file; Cline histories reuse it with their own dialect. */
export function parseAnthropicFile(raw: string, format: string, dialect: AnthropicDialect = {}): Transcript {
  const errors: ParseError[] = [];
  const b = new FileOrderTranscriptBuilder();
  if (looksLikeStreamingDump(raw.slice(0, 4096))) {
    errors.push(streamingDumpError(raw));
    return b.build(format, errors);
  }
  const toolNames = new Map<string, string>();
  if (isJsonLines(raw)) {
    for (const line of readJsonLines(raw, errors)) {
      const ctx = {
        b,
        src: lineSource(line),
        toolNames,
        classifyUserText: dialect.newClassifier?.(),
        splitAssistantText: dialect.splitAssistantText,
        answerFields: dialect.answerFields,
      };
      emitAnthropicRecord(ctx, line.value, [], -1);
      if (hasStreamedResponse(line.value)) {
        errors.push({
          message: `Line ${line.line + 1}: the response was streamed (SSE in body_raw); streaming dumps are not supported yet, so its output is not checked.`,
          rawRange: [line.start, line.end],
          line: line.line,
        });
      }
    }
  } else {
    const doc = readJsonDocument(raw, errors);
    if (doc) {
      const ctx = {
        b,
        src: documentSource(raw, doc.region, doc.value),
        toolNames,
        classifyUserText: dialect.newClassifier?.(),
        splitAssistantText: dialect.splitAssistantText,
        answerFields: dialect.answerFields,
      };
      emitAnthropicRecord(ctx, doc.value, [], -1);
    }
  }
  return b.build(format, errors);
}

/** A claude-trace pair whose response was logged as the raw event stream. */
function hasStreamedResponse(value: unknown): boolean {
  const response = obj(obj(value)?.response);
  return response !== undefined && typeof response.body_raw === 'string' && !obj(response.body);
}
