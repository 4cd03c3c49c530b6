/**
 * Anthropic Messages content (a string or a list of blocks) to segments,
 * shared by Anthropic request dumps, Cline task histories and Claude Code
 * sessions, which all log the same blocks.
 *
 * What the model was given (user text, documents, search results, tool
 * results, web results) grounds; what it wrote (text, thinking, tool inputs)
 * does not. Unreadable material (images, base64 PDFs, encrypted search
 * results) leaves a gap on the rest of the branch.
 */
import type { Role } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import { ComposedMap, ShiftMap } from '../../offsets/offsetMaps';
import type { TextPiece } from './clineAssistantText';
import { ContextGaps } from './contextGaps';
import { emitEscapedJsonLeaves } from './escapedJsonLeaves';
import { arr, isObject, obj, str, type JsonObject } from './jsonValues';
import { emitStringLeaves } from './stringLeaves';
import type { JsonSource, TranscriptBuilder } from './transcriptBuilder';

export type Side = 'user' | 'assistant';

/** Says what a user text block really is, when a tool logs more than the user's words there. */
export type UserTextClassifier = (text: string) => { role: Role; label: string } | undefined;

export interface AnthropicContext {
  b: TranscriptBuilder;
  src: JsonSource;
  /** tool_use id → tool name, so results can say which tool they came from. */
  toolNames: Map<string, string>;
  /** Removes tool-added characters from a result's text without changing its length. */
  cleanToolResult?: (toolName: string | undefined, text: string) => string;
  /** Re-labels user text that is really something else (Cline's tool results). */
  classifyUserText?: UserTextClassifier;
  /** Prefix for every label ("sub-agent "). */
  labelPrefix?: string;
  /** Splits assistant text that mixes prose with tool-call markup (Cline) into typed pieces. */
  splitAssistantText?: (text: string) => TextPiece[];
  /** Role and label for user text (Claude Code's compaction summary is model-written). */
  userRole?: { role: Role; label: string };
}

/** Emits `content` at `path` after `parent`; returns the new branch tail. */
export function emitAnthropicContent(
  ctx: AnthropicContext,
  content: unknown,
  path: JsonPath,
  side: Side,
  parent: number,
): number {
  if (typeof content === 'string') return emitPlainText(ctx, content, path, side, parent);
  let tail = parent;
  const blocks = arr(content);
  for (let i = 0; i < blocks.length; i++) {
    const block = obj(blocks[i]);
    if (block) tail = emitAnthropicBlock(ctx, block, [...path, i], side, tail);
  }
  return tail;
}

function emitPlainText(ctx: AnthropicContext, text: string, path: JsonPath, side: Side, parent: number): number {
  const p = ctx.labelPrefix ?? '';
  if (side === 'assistant' && ctx.splitAssistantText) return emitPieces(ctx, text, path, parent);
  if (side === 'assistant') {
    return ctx.b.addString(ctx.src, path, text, { role: 'assistant', parent, isOutput: true, label: `${p}assistant` });
  }
  const as = ctx.userRole ?? ctx.classifyUserText?.(text) ?? { role: 'user' as Role, label: 'user' };
  return ctx.b.addString(ctx.src, path, text, { role: as.role, parent, label: p + as.label });
}

/** Each piece is a substring of the value, so its map is the value's map shifted. */
function emitPieces(ctx: AnthropicContext, text: string, path: JsonPath, parent: number): number {
  const map = ctx.src.region.stringMap(path);
  const line = ctx.src.lineOf(path);
  let tail = parent;
  for (const piece of ctx.splitAssistantText!(text)) {
    const pieceMap = new ComposedMap(new ShiftMap(piece.start), map);
    tail = ctx.b.add(text.slice(piece.start, piece.end), pieceMap, line, { role: piece.role, parent: tail, isOutput: piece.isOutput, label: piece.label });
  }
  return tail;
}

/** One block at `path`; returns the new branch tail. */
export function emitAnthropicBlock(ctx: AnthropicContext, block: JsonObject, path: JsonPath, side: Side, parent: number): number {
  const { b, src } = ctx;
  const p = ctx.labelPrefix ?? '';
  const type = str(block.type);
  switch (type) {
    case 'text': {
      const text = str(block.text);
      return text === undefined ? parent : emitPlainText(ctx, text, [...path, 'text'], side, parent);
    }
    case 'thinking': {
      const text = str(block.thinking);
      if (text === undefined) return parent;
      return b.addString(src, [...path, 'thinking'], text, { role: 'reasoning', parent, label: `${p}thinking` });
    }
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use': {
      const name = str(block.name) ?? 'tool';
      const id = str(block.id);
      if (id) ctx.toolNames.set(id, name);
      return emitStringLeaves(b, src, block.input, [...path, 'input'], {
        role: 'tool_call',
        parent,
        label: `${p}tool call (${name})`,
      });
    }
    case 'tool_result':
      return emitToolResult(ctx, block, path, parent);
    case 'web_search_tool_result':
      return emitWebSearchResult(ctx, block, path, parent);
    case 'document':
      return emitDocument(ctx, block, path, parent);
    case 'search_result':
      return emitSearchResult(ctx, block, path, parent, 'document');
    case 'image':
      return b.addGapMarker(src, path, ContextGaps.image, { role: side === 'user' ? 'user' : 'tool_result', parent, label: `${p}image` });
    default:
      if (type && type.endsWith('_tool_result')) return emitToolResult(ctx, block, path, parent);
      return parent;
  }
}

function emitToolResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
  const id = str(block.tool_use_id);
  const name = id ? ctx.toolNames.get(id) : undefined;
  const error = block.is_error === true ? ' error' : '';
  const label = `${ctx.labelPrefix ?? ''}tool result (${name ?? str(block.type) ?? 'tool'})${error}`;
  const content = block.content;
  const contentPath = [...path, 'content'];
  if (typeof content === 'string') {
    const tail = addResultText(ctx, content, contentPath, name, label, parent);
    return emitEscapedJsonLeaves(ctx.b, ctx.src, contentPath, content, { role: 'tool_result', parent: tail, label });
  }
  if (isObject(content)) return emitResultObject(ctx, content, contentPath, name, label, parent);
  let tail = parent;
  const parts = arr(content);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (!part) continue;
    const partPath = [...contentPath, i];
    const partType = str(part.type);
    if (partType === 'text' && typeof part.text === 'string') {
      tail = addResultText(ctx, part.text, [...partPath, 'text'], name, label, tail);
    } else if (partType === 'image') {
      tail = ctx.b.addGapMarker(ctx.src, partPath, ContextGaps.image, { role: 'tool_result', parent: tail, label: `${label} image` });
    } else if (partType === 'document') {
      tail = emitDocument(ctx, part, partPath, tail);
    } else if (partType === 'search_result') {
      tail = emitSearchResult(ctx, part, partPath, tail, 'tool_result');
    } else if (partType) {
      tail = emitResultObject(ctx, part, partPath, name, label, tail);
    }
  }
  return tail;
}

/** Server-tool results that are objects: code execution `stdout`/`stderr`, fetched `content`. */
function emitResultObject(
  ctx: AnthropicContext,
  content: JsonObject,
  path: JsonPath,
  name: string | undefined,
  label: string,
  parent: number,
): number {
  let tail = parent;
  for (const key of ['stdout', 'stderr', 'text', 'content'] as const) {
    const value = content[key];
    if (typeof value === 'string') tail = addResultText(ctx, value, [...path, key], name, label, tail);
  }
  return tail;
}

function addResultText(
  ctx: AnthropicContext,
  text: string,
  path: JsonPath,
  toolName: string | undefined,
  label: string,
  parent: number,
): number {
  const clean = ctx.cleanToolResult ? ctx.cleanToolResult(toolName, text) : text;
  if (clean === text) return ctx.b.addString(ctx.src, path, text, { role: 'tool_result', parent, label });
  // Same length as the JSON value, so the string's own map still holds.
  return ctx.b.add(clean, ctx.src.region.stringMap(path), ctx.src.lineOf(path), { role: 'tool_result', parent, label });
}

function emitWebSearchResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
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

function emitDocument(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
  const title = str(block.title);
  const label = `${ctx.labelPrefix ?? ''}document${title ? ` ${title}` : ''}`;
  // The API's own field order (source, title, context) keeps segments in file order.
  let tail = emitDocumentSource(ctx, block, path, label, parent);
  for (const key of ['title', 'context'] as const) {
    const value = str(block[key]);
    if (value !== undefined) tail = ctx.b.addString(ctx.src, [...path, key], value, { role: 'document', parent: tail, label: `${label} (${key})` });
  }
  return tail;
}

function emitDocumentSource(ctx: AnthropicContext, block: JsonObject, path: JsonPath, label: string, parent: number): number {
  const { b, src } = ctx;
  const source = obj(block.source);
  const sourcePath = [...path, 'source'];
  const sourceType = source ? str(source.type) : undefined;
  if (source && sourceType === 'text' && typeof source.data === 'string') {
    return b.addString(src, [...sourcePath, 'data'], source.data, { role: 'document', parent, label });
  }
  if (source && sourceType === 'content') {
    if (typeof source.content === 'string') return b.addString(src, [...sourcePath, 'content'], source.content, { role: 'document', parent, label });
    let tail = parent;
    const parts = arr(source.content);
    for (let i = 0; i < parts.length; i++) {
      const part = obj(parts[i]);
      if (part && typeof part.text === 'string') {
        tail = b.addString(src, [...sourcePath, 'content', i, 'text'], part.text, { role: 'document', parent: tail, label });
      } else if (part && part.type === 'image') {
        tail = b.addGapMarker(src, [...sourcePath, 'content', i], ContextGaps.image, { role: 'document', parent: tail, label: `${label} image` });
      }
    }
    return tail;
  }
  // base64 PDFs, URLs and file ids: the model read text this file does not hold.
  return b.addGapMarker(src, source ? sourcePath : path, ContextGaps.unreadableDocument, { role: 'document', parent, label: `${label} (not readable here)` });
}

function emitSearchResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number, role: Role): number {
  const title = str(block.title);
  const label = `${ctx.labelPrefix ?? ''}search result${title ? ` ${title}` : ''}`;
  let tail = parent;
  for (const key of ['source', 'title'] as const) {
    const value = str(block[key]);
    if (value !== undefined) tail = ctx.b.addString(ctx.src, [...path, key], value, { role, parent: tail, label: `${label} (${key})` });
  }
  const parts = arr(block.content);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (part && typeof part.text === 'string') {
      tail = ctx.b.addString(ctx.src, [...path, 'content', i, 'text'], part.text, { role, parent: tail, label });
    }
  }
  return tail;
}
