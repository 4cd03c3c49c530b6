/**
 * OpenAI Responses API items to segments, shared by Responses dumps and
 * Codex rollouts (whose `response_item` payloads are these items).
 *
 * Inputs, instructions, tool outputs and search results ground; assistant
 * `output_text` is checked; function-call arguments (a JSON string) and
 * reasoning summaries are model-written. Searches whose results the file
 * does not hold leave a gap on the rest of the branch.
 */
import type { Role, ToolRef } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import { ContextGaps } from '../contextGaps';
import { emitEscapedJsonLeaves } from './escapedJsonLeaves';
import { parseJsonInString } from './jsonInString';
import { arr, obj, str, type JsonObject } from './jsonValues';
import { emitStringLeaves } from './stringLeaves';
import { emitUrlCitations } from './urlCitations';
import type { JsonSource, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

export interface ResponsesContext {
  b: FileOrderTranscriptBuilder;
  src: JsonSource;
  /** call_id → tool name, so outputs can say which tool they came from. */
  callNames: Map<string, string>;
}

const MESSAGE_ROLES: Record<string, Role> = {
  user: 'user',
  system: 'system',
  developer: 'developer',
  assistant: 'assistant',
};

/** Emits one item at `path` after `parent`; returns the new branch tail. */
export function emitResponsesItem(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  const type = str(item.type) ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message':
      return emitMessage(ctx, item, path, parent);
    case 'function_call':
      return emitArguments(ctx, item, path, 'arguments', parent);
    case 'custom_tool_call':
      return emitArguments(ctx, item, path, 'input', parent);
    case 'mcp_call': {
      const tail = emitArguments(ctx, item, path, 'arguments', parent);
      const name = str(item.name) ?? 'mcp';
      return emitToolOutput(ctx, item.output, [...path, 'output'], { name, ...callIdOf(item) }, tail);
    }
    case 'local_shell_call':
      return emitCall(ctx, item, obj(item.action)?.command, [...path, 'action', 'command'], 'shell', parent);
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output': {
      const name = ctx.callNames.get(str(item.call_id) ?? '') ?? 'tool';
      return emitToolOutput(ctx, item.output, [...path, 'output'], { name, ...callIdOf(item) }, parent);
    }
    case 'reasoning':
      return emitReasoning(ctx, item, path, parent);
    case 'file_search_call':
      return emitFileSearch(ctx, item, path, parent);
    case 'web_search_call':
      return emitWebSearch(ctx, item, path, parent);
    case 'code_interpreter_call':
      return emitCodeInterpreter(ctx, item, path, parent);
    default:
      return parent;
  }
}

function emitMessage(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  const role = MESSAGE_ROLES[str(item.role) ?? ''];
  if (!role) return parent;
  const isOutput = role === 'assistant';
  if (typeof item.content === 'string') {
    return ctx.b.addString(ctx.src, [...path, 'content'], item.content, { role, parent, isOutput, label: labelFor(role, item.content) });
  }
  let tail = parent;
  const parts = arr(item.content);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (!part) continue;
    const partPath = [...path, 'content', i];
    const partType = str(part.type);
    const text = str(part.text);
    if (text !== undefined && (partType === 'input_text' || partType === 'output_text' || partType === 'text')) {
      if (isOutput) tail = emitUrlCitations(ctx.b, ctx.src, part.annotations, [...partPath, 'annotations'], tail, false);
      tail = ctx.b.addString(ctx.src, [...partPath, 'text'], text, { role, parent: tail, isOutput, label: labelFor(role, text) });
    } else if (partType === 'refusal' && typeof part.refusal === 'string') {
      tail = ctx.b.addString(ctx.src, [...partPath, 'refusal'], part.refusal, { role, parent: tail, isOutput, label: 'refusal' });
    } else if (partType === 'input_image') {
      tail = ctx.b.addGapMarker(ctx.src, partPath, ContextGaps.image, { role, parent: tail, label: 'image' });
    } else if (partType === 'input_file') {
      const label = `file ${str(part.filename) ?? str(part.file_id) ?? ''}`.trimEnd();
      tail = ctx.b.addGapMarker(ctx.src, partPath, ContextGaps.unreadableDocument, { role: 'document', parent: tail, label });
    }
  }
  return tail;
}

/** The label of the message in which Codex gives the model the project's AGENTS.md: a user message nobody typed. */
export const AGENTS_INSTRUCTIONS_LABEL = 'AGENTS.md instructions';

/** Codex feeds its environment and AGENTS.md to the model as ordinary messages. */
function labelFor(role: Role, text: string): string {
  if (role === 'assistant') return 'assistant';
  if (text.startsWith('<environment_context>')) return 'environment context';
  if (text.startsWith('<user_instructions>') || text.startsWith('# AGENTS.md')) return AGENTS_INSTRUCTIONS_LABEL;
  if (role === 'system') return 'system prompt';
  return role;
}

/** Tool-call arguments: a JSON string whose string leaves become segments, else the text itself. */
function emitArguments(ctx: ResponsesContext, item: JsonObject, path: JsonPath, key: string, parent: number): number {
  return emitCall(ctx, item, item[key], [...path, key], str(item.name) ?? 'tool', parent);
}

function emitCall(ctx: ResponsesContext, item: JsonObject, args: unknown, argsPath: JsonPath, name: string, parent: number): number {
  const callId = str(item.call_id);
  if (callId) ctx.callNames.set(callId, name);
  const spec = { role: 'tool_call' as Role, parent, label: `tool call (${name})` };
  const tool: ToolRef = { name, ...(callId ? { callId } : {}) };
  if (typeof args !== 'string') return emitStringLeaves(ctx.b, ctx.src, args, argsPath, { ...spec, tool: { ...tool, input: args } });
  const nested = parseJsonInString(ctx.src, argsPath, args);
  if (nested) return emitStringLeaves(ctx.b, nested.src, nested.value, [], { ...spec, tool: { ...tool, input: nested.value } });
  // Free-form input (a patch, a script) is the call's whole text.
  return ctx.b.addString(ctx.src, argsPath, args, { ...spec, tool: { ...tool, field: '', input: args } });
}

function callIdOf(item: JsonObject): { callId?: string } {
  const callId = str(item.call_id);
  return callId ? { callId } : {};
}

/**
 * A tool's output: plain text, content parts, or (Codex) a JSON string
 * `{"output": "…", "metadata": …}` whose inner `output` is what the model read.
 */
function emitToolOutput(ctx: ResponsesContext, output: unknown, path: JsonPath, call: ToolRef, parent: number): number {
  const label = `tool result (${call.name})`;
  const spec = { role: 'tool_result' as Role, parent, label };
  if (typeof output === 'string') {
    const nested = parseJsonInString(ctx.src, path, output);
    const inner = nested ? obj(nested.value) : undefined;
    if (nested && inner && typeof inner.output === 'string') {
      const tool = withFailure(call, exitCodeOf(obj(inner.metadata)?.exit_code));
      const tail = ctx.b.addString(nested.src, ['output'], inner.output, { ...spec, tool });
      // A command that printed nothing (`Set-Content`, a heredoc write) still came back, and how.
      return tail !== parent ? tail : ctx.b.addEmptyResult(nested.src, ['output'], { ...spec, tool });
    }
    const tool = withFailure(call, exitCodeInText(output));
    if (output === '') return ctx.b.addEmptyResult(ctx.src, path, { ...spec, tool });
    const tail = ctx.b.addString(ctx.src, path, output, { ...spec, tool });
    return emitEscapedJsonLeaves(ctx.b, ctx.src, path, output, { ...spec, parent: tail, tool });
  }
  let tail = parent;
  const parts = arr(output);
  for (let i = 0; i < parts.length; i++) {
    const part = obj(parts[i]);
    if (part && typeof part.text === 'string') {
      tail = ctx.b.addString(ctx.src, [...path, i, 'text'], part.text, { ...spec, parent: tail, tool: call });
    } else if (part && part.type === 'input_image') {
      tail = ctx.b.addGapMarker(ctx.src, [...path, i], ContextGaps.image, { ...spec, parent: tail, label: `${label} image` });
    }
  }
  return tail;
}

function withFailure(call: ToolRef, exitCode: number | undefined): ToolRef {
  return exitCode !== undefined && exitCode !== 0 ? { ...call, failed: true } : call;
}

function exitCodeOf(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** How far into a plain-text output its status header may reach. */
const STATUS_HEADER = 400;

/** Newer Codex outputs open with `Exit code: 1` or `Process exited with code 1` before the output itself. */
export function exitCodeInText(text: string): number | undefined {
  const head = text.slice(0, STATUS_HEADER);
  for (const marker of ['Exit code: ', 'Process exited with code ']) {
    const at = head.indexOf(marker);
    if (at === -1 || (at > 0 && head.charCodeAt(at - 1) !== 10)) continue;
    let i = at + marker.length;
    let n = 0;
    const start = i;
    while (i < head.length && head.charCodeAt(i) >= 48 && head.charCodeAt(i) <= 57) n = n * 10 + head.charCodeAt(i++) - 48;
    if (i > start) return n;
  }
  return undefined;
}

function emitReasoning(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  for (const key of ['summary', 'content'] as const) {
    const parts = arr(item[key]);
    for (let i = 0; i < parts.length; i++) {
      const text = str(obj(parts[i])?.text);
      if (text !== undefined) tail = ctx.b.addString(ctx.src, [...path, key, i, 'text'], text, { role: 'reasoning', parent: tail, label: 'reasoning' });
    }
  }
  return tail;
}

function emitFileSearch(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  let tail = emitStringLeaves(ctx.b, ctx.src, item.queries, [...path, 'queries'], { role: 'tool_call', parent, label: 'file search query' });
  if (!Array.isArray(item.results)) {
    return ctx.b.addGapMarker(ctx.src, path, ContextGaps.searchResultsNotIncluded, {
      role: 'tool_result',
      parent: tail,
      label: 'file search results (not included)',
    });
  }
  const results = item.results;
  for (let i = 0; i < results.length; i++) {
    const r = obj(results[i]);
    if (!r) continue;
    const label = `file search result ${str(r.filename) ?? str(r.file_id) ?? ''}`.trimEnd();
    if (typeof r.filename === 'string')
      tail = ctx.b.addString(ctx.src, [...path, 'results', i, 'filename'], r.filename, { role: 'document', parent: tail, label: `${label} (name)` });
    if (typeof r.text === 'string') tail = ctx.b.addString(ctx.src, [...path, 'results', i, 'text'], r.text, { role: 'document', parent: tail, label });
  }
  return tail;
}

function emitWebSearch(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  const action = obj(item.action);
  let tail = parent;
  if (action && typeof action.query === 'string') {
    tail = ctx.b.addString(ctx.src, [...path, 'action', 'query'], action.query, { role: 'tool_call', parent, label: 'web search query' });
  }
  // Sources are URLs the model was shown; the page text it read is never logged.
  const sources = action ? arr(action.sources) : [];
  for (let i = 0; i < sources.length; i++) {
    const url = str(obj(sources[i])?.url);
    if (url !== undefined)
      tail = ctx.b.addString(ctx.src, [...path, 'action', 'sources', i, 'url'], url, { role: 'tool_result', parent: tail, label: 'web search source' });
  }
  return ctx.b.addGapMarker(ctx.src, path, ContextGaps.searchResultsNotIncluded, {
    role: 'tool_result',
    parent: tail,
    label: 'web search results (not included)',
  });
}

function emitCodeInterpreter(ctx: ResponsesContext, item: JsonObject, path: JsonPath, parent: number): number {
  let tail = parent;
  if (typeof item.code === 'string')
    tail = ctx.b.addString(ctx.src, [...path, 'code'], item.code, { role: 'tool_call', parent, label: 'tool call (code interpreter)' });
  const outputs = arr(item.outputs);
  for (let i = 0; i < outputs.length; i++) {
    const logs = str(obj(outputs[i])?.logs);
    if (logs !== undefined)
      tail = ctx.b.addString(ctx.src, [...path, 'outputs', i, 'logs'], logs, { role: 'tool_result', parent: tail, label: 'tool result (code interpreter)' });
  }
  return tail;
}
