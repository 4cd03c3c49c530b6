/**
 * OpenAI Chat Completions shapes to segments: `tools[]`, `messages[]` and
 * `choices[].message`, shared by request/response dumps, bare message arrays,
 * fine-tune lines and Batch API lines.
 *
 * System, developer, user and tool messages and tool definitions ground;
 * assistant content is checked (except fine-tune messages with `weight: 0`,
 * which the user chose not to train on); `tool_calls[].function.arguments`
 * is a JSON string whose strings are model-written.
 */
import type { Role } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import { ContextGaps } from '../contextGaps';
import { emitEscapedJsonLeaves } from './escapedJsonLeaves';
import { parseJsonInString } from './jsonInString';
import { arr, obj, str, type JsonObject } from './jsonValues';
import { emitStringLeaves } from './stringLeaves';
import { emitToolDefinition } from './toolDefinitions';
import { emitUrlCitations } from './urlCitations';
import type { JsonSource, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

export interface ChatContext {
  b: FileOrderTranscriptBuilder;
  src: JsonSource;
  /** tool_calls[].id → function name. */
  callNames: Map<string, string>;
}

/** Function tools (`{type, function:{name, description, parameters}}`) and legacy `functions[]`. */
export function emitChatTools(ctx: ChatContext, tools: unknown, path: JsonPath, parent: number): number {
  let tail = parent;
  const list = arr(tools);
  for (let i = 0; i < list.length; i++) {
    const tool = obj(list[i]);
    if (!tool) continue;
    const fn = obj(tool.function);
    const defPath = fn ? [...path, i, 'function'] : [...path, i];
    tail = emitToolDefinition(ctx.b, ctx.src, fn ?? tool, defPath, tail);
  }
  return tail;
}

export function emitChatMessages(ctx: ChatContext, messages: unknown, path: JsonPath, parent: number): number {
  let tail = parent;
  const list = arr(messages);
  for (let i = 0; i < list.length; i++) {
    const m = obj(list[i]);
    if (m) tail = emitChatMessage(ctx, m, [...path, i], tail);
  }
  return tail;
}

const ROLES: Record<string, Role> = {
  system: 'system',
  developer: 'developer',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool_result',
  function: 'tool_result',
};

export function emitChatMessage(ctx: ChatContext, m: JsonObject, path: JsonPath, parent: number): number {
  const role = ROLES[str(m.role) ?? ''];
  if (!role) return parent;
  let label: string = role;
  let isOutput = false;
  if (role === 'system') label = 'system prompt';
  else if (role === 'assistant') {
    isOutput = m.weight !== 0;
    label = isOutput ? 'assistant' : 'assistant (weight 0)';
  } else if (role === 'tool_result') {
    const name = str(m.name) ?? ctx.callNames.get(str(m.tool_call_id) ?? '') ?? 'tool';
    label = `tool result (${name})`;
  }
  const cites = role === 'assistant' && arr(m.annotations).some((a) => obj(a)?.type === 'url_citation');
  const cited = cites ? emitUrlCitations(ctx.b, ctx.src, m.annotations, [...path, 'annotations'], parent, true) : parent;
  const first = ctx.b.segments.length;
  let tail = emitContent(ctx, m.content, [...path, 'content'], role, label, isOutput, cited);
  // Search models read pages during the call; only their URLs and titles are in the file.
  if (cites) {
    for (let id = first; id < ctx.b.segments.length; id++) ctx.b.carryGap(id, ContextGaps.searchResultsNotIncluded);
  }
  if (role === 'tool_result' && typeof m.content === 'string') {
    tail = emitEscapedJsonLeaves(ctx.b, ctx.src, [...path, 'content'], m.content, { role, parent: tail, label });
  }
  if (role === 'assistant') {
    if (typeof m.refusal === 'string') tail = ctx.b.addString(ctx.src, [...path, 'refusal'], m.refusal, { role, parent: tail, label: 'refusal' });
    const calls = arr(m.tool_calls);
    for (let i = 0; i < calls.length; i++) {
      const call = obj(calls[i]);
      const fn = call ? obj(call.function) : undefined;
      if (call && fn) tail = emitCall(ctx, fn, [...path, 'tool_calls', i, 'function'], str(call.id), tail);
    }
    const legacy = obj(m.function_call);
    if (legacy) tail = emitCall(ctx, legacy, [...path, 'function_call'], undefined, tail);
  }
  return tail;
}

function emitContent(ctx: ChatContext, content: unknown, path: JsonPath, role: Role, label: string, isOutput: boolean, parent: number): number {
  if (typeof content === 'string') return ctx.b.addString(ctx.src, path, content, { role, parent, label, isOutput });
  let tail = parent;
  const parts = arr(content);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (!part) continue;
    const type = str(part.type);
    if (typeof part.text === 'string') {
      tail = ctx.b.addString(ctx.src, [...path, i, 'text'], part.text, { role, parent: tail, label, isOutput });
    } else if (type === 'image_url' || type === 'input_audio') {
      // A data: URL may be megabytes of base64: marked by position, never read.
      tail = ctx.b.addGapMarker(ctx.src, [...path, i], ContextGaps.image, { role, parent: tail, label: type === 'image_url' ? 'image' : 'audio' });
    } else if (type === 'file') {
      tail = ctx.b.addGapMarker(ctx.src, [...path, i], ContextGaps.unreadableDocument, { role: 'document', parent: tail, label: 'file' });
    }
  }
  return tail;
}

function emitCall(ctx: ChatContext, fn: JsonObject, path: JsonPath, id: string | undefined, parent: number): number {
  const name = str(fn.name) ?? 'tool';
  if (id) ctx.callNames.set(id, name);
  const spec = { role: 'tool_call' as Role, parent, label: `tool call (${name})` };
  const args = fn.arguments;
  if (typeof args !== 'string') return emitStringLeaves(ctx.b, ctx.src, args, [...path, 'arguments'], spec);
  const nested = parseJsonInString(ctx.src, [...path, 'arguments'], args);
  if (nested) return emitStringLeaves(ctx.b, nested.src, nested.value, [], spec);
  return ctx.b.addString(ctx.src, [...path, 'arguments'], args, spec);
}

/** `choices[].message` of a chat.completion: the outputs. */
export function emitChoices(ctx: ChatContext, choices: unknown, path: JsonPath, parent: number): number {
  let tail = parent;
  const list = arr(choices);
  for (let i = 0; i < list.length; i++) {
    const message = obj(obj(list[i])?.message);
    // Choices are alternatives to one another: each hangs from the request, not from the previous choice.
    const end = message ? emitChatMessage(ctx, message, [...path, i, 'message'], parent) : parent;
    if (i === 0) tail = end;
  }
  return tail;
}
