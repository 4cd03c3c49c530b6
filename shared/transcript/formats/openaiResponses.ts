/**
 * OpenAI Responses API files: requests (`instructions`, `input`, `tools`),
 * response objects (`"object":"response"`, `output[]`), `{request, response}`
 * pairs, bare item lists, and JSONL of any of these (each line its own
 * conversation), and streamed dumps that reach `response.completed`.
 * Server-side history (`previous_response_id`, `conversation`) and a
 * response without its input are reported as gaps.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { eachJsonLine, readJsonDocument } from '../json/jsonLines';
import type { JsonPath } from '../json/jsonRegion';
import { ContextGaps } from './contextGaps';
import { hasAnyPair, hasPair } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { arr, isObject, obj, str, type JsonObject } from './shapes/jsonValues';
import { emitResponsesItem, type ResponsesContext } from './shapes/responsesItems';
import { readEvents } from './shapes/eventStream';
import { looksLikeStreamingDump, streamingDumpError } from './shapes/streamingDumps';
import { emitToolDefinition } from './shapes/toolDefinitions';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';

const STREAM_EVENTS = ['response.created', 'response.output_text.delta'];
const ITEM_TYPES = ['function_call_output', 'input_text', 'output_text'];

export const openaiResponsesFormat: FormatParser = {
  id: 'openai-responses',
  label: 'OpenAI Responses API',
  containers: ['json', 'events'],
  sniff(head: string): number {
    if (hasAnyPair(head, 'type', STREAM_EVENTS)) return 0.9;
    // Trace formats embed whole response objects: yield to their own markers.
    if (hasPair(head, 'object', 'response') || head.includes('"previous_response_id"')) return 0.82;
    return hasAnyPair(head, 'type', ITEM_TYPES) ? 0.6 : 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new FileOrderTranscriptBuilder();
    const raw = input.raw;
    const callNames = new Map<string, string>();
    if (looksLikeStreamingDump(raw.slice(0, 4096))) {
      if (!emitCompletedResponses(b, callNames, raw, errors)) errors.push(streamingDumpError(raw));
      return b.build('openai-responses', errors);
    }
    if (isJsonLines(raw)) {
      // Line by line: each line's parsed value is let go once its segments are read.
      eachJsonLine(raw, errors, (line) => emitRecord({ b, src: lineSource(line), callNames }, line.value, [], -1));
    } else {
      const doc = readJsonDocument(raw, errors);
      if (doc) emitRecord({ b, src: documentSource(raw, doc.region, doc.value), callNames }, doc.value, [], -1);
    }
    return b.build('openai-responses', errors);
  },
};

/**
 * A streamed response ends with `response.completed` (or `.incomplete` /
 * `.failed`), which holds the whole response object: its text sits there in
 * one piece, so it is read from that event and the deltas are not needed.
 */
function emitCompletedResponses(b: FileOrderTranscriptBuilder, callNames: Map<string, string>, raw: string, errors: ParseError[]): boolean {
  let found = false;
  for (const event of readEvents(raw, errors)) {
    const v = obj(event.value);
    const type = v ? str(v.type) : undefined;
    const response = v ? obj(v.response) : undefined;
    if (!response || (type !== 'response.completed' && type !== 'response.incomplete' && type !== 'response.failed')) continue;
    emitResponse({ b, src: lineSource(event), callNames }, response, ['response'], -1, false);
    found = true;
  }
  return found;
}

function emitRecord(ctx: ResponsesContext, value: unknown, path: JsonPath, parent: number): number {
  if (Array.isArray(value)) return emitItems(ctx, value, path, parent);
  if (!isObject(value)) return parent;
  const request = obj(value.request);
  const response = obj(value.response);
  if (request || response) {
    const tail = request ? emitRequest(ctx, request, [...path, 'request'], parent) : parent;
    return response ? emitResponse(ctx, response, [...path, 'response'], tail, request !== undefined) : tail;
  }
  if (value.object === 'response' || Array.isArray(value.output)) return emitResponse(ctx, value, path, parent, false);
  return emitRequest(ctx, value, path, parent);
}

/** Instructions, tools, then input (a string or a list of items). */
function emitRequest(ctx: ResponsesContext, req: JsonObject, path: JsonPath, parent: number): number {
  noteServerHistory(ctx, req);
  let tail = emitInstructionsAndTools(ctx, req, path, parent);
  if (typeof req.input === 'string') {
    tail = ctx.b.addString(ctx.src, [...path, 'input'], req.input, { role: 'user', parent: tail, label: 'user' });
  } else {
    tail = emitItems(ctx, arr(req.input), [...path, 'input'], tail);
  }
  return tail;
}

/**
 * A response object repeats the request's instructions and tools; when the
 * request was emitted already they are not emitted twice.
 */
function emitResponse(ctx: ResponsesContext, res: JsonObject, path: JsonPath, parent: number, hadRequest: boolean): number {
  noteServerHistory(ctx, res);
  let tail = parent;
  if (!hadRequest) {
    tail = emitInstructionsAndTools(ctx, res, path, tail);
    ctx.b.addFileGap(ContextGaps.inputNotInFile);
  }
  return emitItems(ctx, arr(res.output), [...path, 'output'], tail);
}

function emitInstructionsAndTools(ctx: ResponsesContext, v: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  if (typeof v.instructions === 'string') {
    tail = ctx.b.addString(ctx.src, [...path, 'instructions'], v.instructions, { role: 'system', parent: tail, label: 'system prompt (instructions)' });
  }
  const tools = arr(v.tools);
  for (let i = 0; i < tools.length; i++) {
    const tool = obj(tools[i]);
    if (tool && tool.type === 'function') tail = emitToolDefinition(ctx.b, ctx.src, tool, [...path, 'tools', i], tail);
  }
  return tail;
}

function emitItems(ctx: ResponsesContext, items: unknown[], path: JsonPath, parent: number): number {
  let tail = parent;
  for (let i = 0; i < items.length; i++) {
    const item = obj(items[i]);
    if (item) tail = emitResponsesItem(ctx, item, [...path, i], tail);
  }
  return tail;
}

function noteServerHistory(ctx: ResponsesContext, v: JsonObject): void {
  if (str(v.previous_response_id) || v.conversation) ctx.b.addFileGap(ContextGaps.serverSideHistory);
}
