/**
 * Anthropic tool results as grounding: `tool_result` blocks (a string or a
 * list of text, image, document and search-result blocks), server-tool
 * results with `stdout`/`stderr` objects, and web search results, whose
 * titles and URLs ground but whose page text arrives encrypted.
 */
import type { JsonPath } from '../../json/jsonRegion';
import type { ToolRef } from '../../model';
import { emitDocument, emitSearchResult } from './anthropicDocuments';
import type { AnthropicContext } from './anthropicBlocks';
import { ContextGaps } from '../contextGaps';
import { emitEscapedJsonLeaves } from './escapedJsonLeaves';
import { arr, isObject, obj, str, type JsonObject } from './jsonValues';

export function emitToolResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
  const id = str(block.tool_use_id);
  const name = id ? ctx.toolNames.get(id) : undefined;
  const error = block.is_error === true ? ' error' : '';
  const label = `${ctx.labelPrefix ?? ''}tool result (${name ?? str(block.type) ?? 'tool'})${error}`;
  const tool: ToolRef = { name: name ?? str(block.type) ?? 'tool', ...(id ? { callId: id } : {}), ...(error ? { failed: true } : {}) };
  const result: ResultSpec = { name, label, tool };
  const content = block.content;
  const contentPath = [...path, 'content'];
  if (typeof content === 'string') {
    const tail = addResultText(ctx, content, contentPath, result, parent);
    return emitEscapedJsonLeaves(ctx.b, ctx.src, contentPath, content, { role: 'tool_result', parent: tail, label, tool });
  }
  if (isObject(content)) return emitResultObject(ctx, content, contentPath, result, parent);
  let tail = parent;
  const parts = arr(content);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (!part) continue;
    const partPath = [...contentPath, i];
    const partType = str(part.type);
    if (partType === 'text' && typeof part.text === 'string') {
      tail = addResultText(ctx, part.text, [...partPath, 'text'], result, tail);
    } else if (partType === 'image') {
      tail = ctx.b.addGapMarker(ctx.src, partPath, ContextGaps.image, { role: 'tool_result', parent: tail, label: `${label} image` });
    } else if (partType === 'document') {
      tail = emitDocument(ctx, part, partPath, tail);
    } else if (partType === 'search_result') {
      tail = emitSearchResult(ctx, part, partPath, tail, 'tool_result');
    } else if (partType) {
      tail = emitResultObject(ctx, part, partPath, result, tail);
    }
  }
  return tail;
}

/** Server-tool results that are objects: code execution `stdout`/`stderr`, fetched `content`. */
function emitResultObject(ctx: AnthropicContext, content: JsonObject, path: JsonPath, result: ResultSpec, parent: number): number {
  let tail = parent;
  for (const key of ['stdout', 'stderr', 'text', 'content'] as const) {
    const value = content[key];
    if (typeof value === 'string') tail = addResultText(ctx, value, [...path, key], result, tail);
  }
  return tail;
}

/** Who a result's texts belong to: the tool's name (for cleaning), the label and the call link. */
interface ResultSpec {
  name: string | undefined;
  label: string;
  tool: ToolRef;
}

function addResultText(ctx: AnthropicContext, text: string, path: JsonPath, result: ResultSpec, parent: number): number {
  const spec = { role: 'tool_result' as const, parent, label: result.label, tool: result.tool };
  const clean = ctx.cleanToolResult ? ctx.cleanToolResult(result.name, text) : text;
  if (clean === text) return ctx.b.addString(ctx.src, path, text, spec);
  if (clean.trim() === '') return parent;
  // Same length as the JSON value, so the string's own map still holds.
  return ctx.b.addCleanedString(ctx.src, path, text, clean, spec);
}

export function emitWebSearchResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
  const label = `${ctx.labelPrefix ?? ''}web search result`;
  let tail = parent;
  let encrypted = false;
  const results = arr(block.content);
  for (let i = 0; i < results.length; i++) {
    const r = obj(results[i]);
    if (!r) continue;
    for (const key of ['title', 'url'] as const) {
      const value = str(r[key]);
      if (value !== undefined) tail = ctx.b.addString(ctx.src, [...path, 'content', i, key], value, { role: 'tool_result', parent: tail, label });
    }
    if (typeof r.encrypted_content === 'string') encrypted = true;
  }
  if (encrypted) {
    tail = ctx.b.addGapMarker(ctx.src, [...path, 'content'], ContextGaps.encryptedSearchResults, {
      role: 'tool_result',
      parent: tail,
      label: `${label} (encrypted)`,
    });
  }
  return tail;
}
