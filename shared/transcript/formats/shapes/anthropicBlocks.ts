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
import type { Role, ToolRef } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import { ComposedMap, ShiftMap } from '../../offsets/offsetMaps';
import type { TextPiece } from './clineAssistantText';
import { emitDocument, emitSearchResult } from './anthropicDocuments';
import { emitToolResult, emitWebSearchResult } from './anthropicToolResults';
import { ContextGaps } from '../contextGaps';
import { arr, obj, str, type JsonObject } from './jsonValues';
import { resilientStringMap } from './resilientMaps';
import { emitStringLeaves } from './stringLeaves';
import type { JsonSource, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

export type Side = 'user' | 'assistant';

/** Says what a user text block really is, when a tool logs more than the user's words there. */
export type UserTextClassifier = (text: string) => { role: Role; label: string; tool?: ToolRef } | undefined;

export interface AnthropicContext {
  b: FileOrderTranscriptBuilder;
  src: JsonSource;
  /** tool_use id → tool name, so results can say which tool they came from. */
  toolNames: Map<string, string>;
  /** Removes tool-added characters from a result's text without changing its length. */
  cleanToolResult?: (toolName: string | undefined, text: string) => string;
  /** Re-labels user text that is really something else (Cline's tool results). */
  classifyUserText?: UserTextClassifier;
  /** Prefix for every label ("sub-agent "). */
  labelPrefix?: string;
  /**
   * Tool → the input field that is the agent's answer to the user: a client
   * whose model calls `attempt_completion` natively puts its final answer
   * there, and it is as much a claim as text would be.
   */
  answerFields?: Readonly<Record<string, string>>;
  /** Splits assistant text that mixes prose with tool-call markup (Cline) into typed pieces. */
  splitAssistantText?: (text: string) => TextPiece[];
  /** Role and label for user text (Claude Code's compaction summary is model-written). */
  userRole?: { role: Role; label: string };
  /** Assistant text the client wrote itself (Claude Code's API error notices): kept, never checked. */
  syntheticAssistant?: boolean;
}

/** Emits `content` at `path` after `parent`; returns the new branch tail. */
export function emitAnthropicContent(ctx: AnthropicContext, content: unknown, path: JsonPath, side: Side, parent: number): number {
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
    const synthetic = ctx.syntheticAssistant === true;
    const label = synthetic ? `${p}client notice` : `${p}assistant`;
    return ctx.b.addString(ctx.src, path, text, { role: 'assistant', parent, isOutput: !synthetic, label });
  }
  const as: { role: Role; label: string; tool?: ToolRef } = ctx.userRole ?? ctx.classifyUserText?.(text) ?? { role: 'user', label: 'user' };
  return ctx.b.addString(ctx.src, path, text, { role: as.role, parent, label: p + as.label, ...(as.tool ? { tool: as.tool } : {}) });
}

/** Each piece is a substring of the value, so its map is the value's map shifted. */
function emitPieces(ctx: AnthropicContext, text: string, path: JsonPath, parent: number): number {
  const map = resilientStringMap(ctx.src.region, path, text);
  const line = ctx.src.lineOf(path);
  const order = ctx.src.orderOf(path);
  let tail = parent;
  for (const piece of ctx.splitAssistantText!(text)) {
    const pieceMap = new ComposedMap(new ShiftMap(piece.start), map);
    const spec = { role: piece.role, parent: tail, isOutput: piece.isOutput, label: piece.label, ...(piece.tool ? { tool: piece.tool } : {}) };
    tail = ctx.b.add(text.slice(piece.start, piece.end), pieceMap, line, spec, [...order, piece.start]);
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
      if (text === undefined) return parent;
      const cited = side === 'assistant' ? emitCitedText(ctx, block, path, parent) : parent;
      return emitPlainText(ctx, text, [...path, 'text'], side, cited);
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
      const call = { role: 'tool_call' as const, parent, label: `${p}tool call (${name})`, tool: { name, ...(id ? { callId: id } : {}), input: block.input } };
      const answer = toolAnswer(ctx.answerFields?.[name], block.input);
      if (!answer) return emitStringLeaves(b, src, block.input, [...path, 'input'], call);
      // The answer field is an output, the call's other fields stay tool input; both keep the input's paths, so offsets still point into the raw file.
      const tail = emitStringLeaves(b, src, answer.rest, [...path, 'input'], call);
      return b.addString(src, [...path, 'input', answer.field], answer.text, {
        role: 'assistant',
        parent: tail,
        isOutput: true,
        label: `${p}assistant (${name})`,
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

/** The field of a tool call's input that is the agent's answer to the user, with the input's other fields. */
function toolAnswer(field: string | undefined, input: unknown): { field: string; text: string; rest: JsonObject } | undefined {
  const fields = obj(input);
  const text = field !== undefined && fields !== undefined ? str(fields[field]) : undefined;
  if (field === undefined || fields === undefined || text === undefined) return undefined;
  const rest: JsonObject = {};
  for (const key of Object.keys(fields)) if (key !== field) rest[key] = fields[key];
  return { field, text, rest };
}

/**
 * A cited passage is copied by the API from a source the model was given
 * (a document, a search result, a web page whose text is otherwise
 * encrypted), so it grounds the text it is attached to. It sits after that
 * text in the file but goes before it on the branch, where evidence belongs.
 */
function emitCitedText(ctx: AnthropicContext, block: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  const citations = arr(block.citations);
  for (let i = 0; i < citations.length; i++) {
    const c = obj(citations[i]);
    const cited = c ? str(c.cited_text) : undefined;
    if (!c || cited === undefined) continue;
    const web = c.type === 'web_search_result_location';
    const source = str(c.document_title) ?? str(c.title) ?? str(c.url) ?? str(c.source);
    const label = `${ctx.labelPrefix ?? ''}citation${source ? ` (${source})` : ''}`;
    tail = ctx.b.addString(ctx.src, [...path, 'citations', i, 'cited_text'], cited, { role: web ? 'tool_result' : 'document', parent: tail, label });
  }
  return tail;
}
