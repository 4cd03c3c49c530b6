/**
 * Anthropic `document` and `search_result` blocks as grounding. Text
 * sources and content blocks become segments; base64 PDFs, URLs and file
 * ids hold text this file does not, so they leave a gap instead.
 */
import type { Role } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import type { AnthropicContext } from './anthropicBlocks';
import { ContextGaps } from '../contextGaps';
import { arr, obj, str, type JsonObject } from './jsonValues';

export function emitDocument(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
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

export function emitSearchResult(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number, role: Role): number {
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
