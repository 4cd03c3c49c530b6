/**
 * Anthropic Messages request and response bodies to segments: top-level
 * `system`, `tools[]` (`description`, `input_schema`), `messages[]`, and a
 * response's `content`. Shared by Anthropic dumps (including claude-trace
 * `{request:{body}, response:{body}}` lines) and Cline task histories.
 */
import type { JsonPath } from '../../json/jsonRegion';
import { emitAnthropicContent, type AnthropicContext } from './anthropicBlocks';
import { ContextGaps } from '../contextGaps';
import { arr, isObject, obj, str, type JsonObject } from './jsonValues';
import { emitToolDefinition } from './toolDefinitions';

export function emitAnthropicRecord(ctx: AnthropicContext, value: unknown, path: JsonPath, parent: number): number {
  if (Array.isArray(value)) return emitMessages(ctx, value, path, parent);
  if (!isObject(value)) return parent;
  if (isObject(value.request) || isObject(value.response)) {
    let tail = parent;
    const request = obj(value.request);
    if (request) {
      const body = obj(request.body);
      tail = emitRequest(ctx, body ?? request, body ? [...path, 'request', 'body'] : [...path, 'request'], tail);
    }
    const response = obj(value.response);
    if (response) {
      const body = obj(response.body);
      if (!request) ctx.b.addFileGap(ContextGaps.requestNotInFile);
      tail = emitResponse(ctx, body ?? response, body ? [...path, 'response', 'body'] : [...path, 'response'], tail);
    }
    return tail;
  }
  if (value.type === 'message' && value.role === 'assistant') {
    ctx.b.addFileGap(ContextGaps.requestNotInFile);
    return emitResponse(ctx, value, path, parent);
  }
  return emitRequest(ctx, value, path, parent);
}

function emitRequest(ctx: AnthropicContext, req: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  if (typeof req.system === 'string') {
    tail = ctx.b.addString(ctx.src, [...path, 'system'], req.system, { role: 'system', parent: tail, label: 'system prompt' });
  } else {
    const blocks = arr(req.system);
    for (let i = 0; i < blocks.length; i++) {
      const text = str(obj(blocks[i])?.text);
      if (text !== undefined) tail = ctx.b.addString(ctx.src, [...path, 'system', i, 'text'], text, { role: 'system', parent: tail, label: 'system prompt' });
    }
  }
  const tools = arr(req.tools);
  for (let i = 0; i < tools.length; i++) {
    const tool = obj(tools[i]);
    // Server tools (web search, code execution) are declared by type and carry no schema.
    if (tool && tool.input_schema !== undefined) tail = emitToolDefinition(ctx.b, ctx.src, tool, [...path, 'tools', i], tail, 'input_schema');
  }
  return emitMessages(ctx, arr(req.messages), [...path, 'messages'], tail);
}

function emitResponse(ctx: AnthropicContext, res: JsonObject, path: JsonPath, parent: number): number {
  return emitAnthropicContent(ctx, res.content, [...path, 'content'], 'assistant', parent);
}

function emitMessages(ctx: AnthropicContext, messages: unknown[], path: JsonPath, parent: number): number {
  let tail = parent;
  for (let i = 0; i < messages.length; i++) {
    const m = obj(messages[i]);
    const role = m ? str(m.role) : undefined;
    if (m && (role === 'user' || role === 'assistant')) tail = emitAnthropicContent(ctx, m.content, [...path, i, 'content'], role, tail);
  }
  return tail;
}
