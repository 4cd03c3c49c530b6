/**
 * One Gemini CLI message record to segments. A `user` message is what the
 * person sent (the CLI inlines `@file` contents there as text parts); a
 * `gemini` message is the model's turn: its thought summaries (reasoning,
 * never evidence), its text (checked), then its tool calls, each input field
 * a segment, and the results the CLI recorded on the call (evidence).
 * `info`, `error` and `warning` messages are the CLI talking to the person
 * and never reach the model, so they are skipped. The part readers are also
 * what a checkpoint (the API's own `Content[]`) is read with.
 */
import type { JsonPath } from '../../json/jsonRegion';
import type { ToolRef } from '../../model';
import { ContextGaps } from '../contextGaps';
import type { FileOrderTranscriptBuilder, JsonSource, SegmentSpec } from './fileOrderTranscriptBuilder';
import { arr, obj, str, type JsonObject } from './jsonValues';
import { emitStringLeaves } from './stringLeaves';

export interface GeminiMessageContext {
  b: FileOrderTranscriptBuilder;
  src: JsonSource;
}

/** Emits the message at `path` after `parent`; returns the new branch tail. */
export function emitGeminiMessage(ctx: GeminiMessageContext, m: JsonObject, path: JsonPath, parent: number): number {
  switch (str(m.type)) {
    case 'user':
      return emitGeminiParts(ctx, m.content, [...path, 'content'], { role: 'user', parent, label: 'user' });
    case 'gemini':
      return emitModelTurn(ctx, m, path, parent);
    default:
      return parent;
  }
}

function emitModelTurn(ctx: GeminiMessageContext, m: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  const thoughts = arr(m.thoughts);
  for (let i = 0; i < thoughts.length; i++) {
    const t = obj(thoughts[i]);
    if (!t) continue;
    for (const field of ['subject', 'description']) {
      const text = str(t[field]);
      if (text !== undefined) tail = ctx.b.addString(ctx.src, [...path, 'thoughts', i, field], text, { role: 'reasoning', parent: tail, label: 'thinking' });
    }
  }
  tail = emitGeminiParts(ctx, m.content, [...path, 'content'], { role: 'assistant', parent: tail, label: 'assistant', isOutput: true });
  const calls = arr(m.toolCalls);
  for (let i = 0; i < calls.length; i++) {
    const call = obj(calls[i]);
    if (call) tail = emitToolCall(ctx, call, [...path, 'toolCalls', i], tail);
  }
  return tail;
}

function emitToolCall(ctx: GeminiMessageContext, call: JsonObject, path: JsonPath, parent: number): number {
  const name = str(call.name) ?? 'tool';
  const callId = str(call.id);
  const ref = { name, ...(callId !== undefined ? { callId } : {}) };
  const tail = emitGeminiCallArgs(ctx, call.args, [...path, 'args'], ref, parent);
  // A call the person refused, or that failed, still has a result: the reason it did not run.
  const failed = call.status === 'error' || call.status === 'cancelled';
  const spec: SegmentSpec = { role: 'tool_result', parent: tail, label: `tool result (${name})`, tool: { ...ref, ...(failed ? { failed: true } : {}) } };
  return emitGeminiResult(ctx, call.result, [...path, 'result'], spec);
}

/** A call's `args`, one segment per string field, model-written. */
export function emitGeminiCallArgs(ctx: GeminiMessageContext, args: unknown, path: JsonPath, ref: ToolRef, parent: number): number {
  return emitStringLeaves(ctx.b, ctx.src, args, path, { role: 'tool_call', parent, label: `tool call (${ref.name})`, tool: { ...ref, input: args } });
}

/**
 * A call's `result` is the part list sent back to the model: normally one
 * `functionResponse` whose `response` holds `output` or `error`; text parts
 * and files (an image a tool read) may come with it.
 */
export function emitGeminiResult(ctx: GeminiMessageContext, result: unknown, path: JsonPath, spec: SegmentSpec): number {
  return emitPartList(ctx, result, path, spec, emitResultPart);
}

/** A string, one part, or a list of strings and parts, each part given to `emitOne`. */
function emitPartList(
  ctx: GeminiMessageContext,
  value: unknown,
  path: JsonPath,
  spec: SegmentSpec,
  emitOne: (ctx: GeminiMessageContext, part: JsonObject, path: JsonPath, spec: SegmentSpec) => number,
): number {
  if (typeof value === 'string') return ctx.b.addString(ctx.src, path, value, spec);
  if (!Array.isArray(value)) return obj(value) ? emitOne(ctx, obj(value)!, path, spec) : spec.parent;
  let tail = spec.parent;
  for (let i = 0; i < value.length; i++) {
    const part = value[i];
    if (typeof part === 'string') tail = ctx.b.addString(ctx.src, [...path, i], part, { ...spec, parent: tail });
    else if (obj(part)) tail = emitOne(ctx, obj(part)!, [...path, i], { ...spec, parent: tail });
  }
  return tail;
}

function emitResultPart(ctx: GeminiMessageContext, part: JsonObject, path: JsonPath, spec: SegmentSpec): number {
  const response = obj(obj(part.functionResponse)?.response);
  if (!response) return emitPart(ctx, part, path, spec);
  const error = str(response.error);
  const failed = error !== undefined ? { ...spec, tool: { ...spec.tool!, failed: true as const } } : spec;
  let tail = spec.parent;
  for (const key of Object.keys(response)) {
    const at = [...path, 'functionResponse', 'response', key];
    const value = response[key];
    if (typeof value === 'string') tail = ctx.b.addString(ctx.src, at, value, { ...failed, parent: tail });
    // MCP tools answer with structured content: each string in it is what the model read.
    else tail = emitStringLeaves(ctx.b, ctx.src, value, at, { ...failed, parent: tail });
  }
  if (tail !== spec.parent) return tail;
  // An empty response (`{}`: a statement run, nothing printed) still says the call came back, and how.
  return ctx.b.addEmptyResult(ctx.src, [...path, 'functionResponse', 'response'], failed);
}

/** `content`: a string, one part, or a list of parts (`text`, or a file the model saw as data). */
export function emitGeminiParts(ctx: GeminiMessageContext, content: unknown, path: JsonPath, spec: SegmentSpec): number {
  return emitPartList(ctx, content, path, spec, emitPart);
}

function emitPart(ctx: GeminiMessageContext, part: JsonObject, path: JsonPath, spec: SegmentSpec): number {
  const text = str(part.text);
  // A part flagged `thought` is the model's reasoning, whatever message holds it.
  if (text !== undefined) {
    const thought = part.thought === true;
    const as = thought ? { role: 'reasoning' as const, label: 'thinking', isOutput: false } : {};
    return ctx.b.addString(ctx.src, [...path, 'text'], text, { ...spec, ...as });
  }
  const data = obj(part.inlineData) ?? obj(part.fileData);
  if (data && spec.role !== 'assistant') {
    const image = str(data.mimeType)?.startsWith('image/') === true;
    const gap = image ? ContextGaps.image : ContextGaps.unreadableDocument;
    return ctx.b.addGapMarker(ctx.src, path, gap, { ...spec, label: image ? 'image' : 'file' });
  }
  return spec.parent;
}
