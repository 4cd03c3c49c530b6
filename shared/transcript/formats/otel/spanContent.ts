/**
 * What one span contributes, read from whichever convention wrote it:
 * OTel GenAI (current JSON attributes, deprecated events and flat
 * prompt/completion strings, indexed OpenLLMetry keys), OpenInference, and
 * the Vercel AI SDK. An LLM span has inputs and outputs; a retriever or tool
 * span provides documents or results that later LLM calls may have seen.
 */
import type { ContextGap } from '../../../classifier/types';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { Role } from '../../model';
import { ContextGaps } from '../common/contextGaps';
import { isObject, str, type TextAt } from '../common/jsonText';
import { indexedGroups } from './indexedKeys';
import { readMessage, readMessages, roleOf, type SpanText } from '../common/messageParts';
import type { Attr, SpanRef } from './spanReader';

export type SpanKind = 'llm' | 'retriever' | 'tool' | 'other';

export interface SpanContent {
  kind: SpanKind;
  inputs: SpanText[];
  outputs: SpanText[];
  provides: SpanText[];
  gaps: ContextGap[];
}

const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'completion']);
const VERCEL_LLM_OPERATIONS = /^ai\.[A-Za-z]+\.(doGenerate|doStream)$/;

export function spanKind(span: SpanRef): SpanKind {
  const oi = str(span.attrs.get('openinference.span.kind')?.value)?.toUpperCase();
  if (oi === 'LLM') return 'llm';
  if (oi === 'RETRIEVER' || oi === 'RERANKER') return 'retriever';
  if (oi === 'TOOL') return 'tool';
  if (oi) return 'other';
  const op = str(span.attrs.get('gen_ai.operation.name')?.value);
  if (op && LLM_OPERATIONS.has(op)) return 'llm';
  if (op === 'retrieval') return 'retriever';
  if (op === 'execute_tool') return 'tool';
  if (op) return 'other';
  const vercel = str(span.attrs.get('ai.operationId')?.value);
  if (vercel) return VERCEL_LLM_OPERATIONS.test(vercel) ? 'llm' : vercel === 'ai.toolCall' ? 'tool' : 'other';
  for (const key of span.attrs.keys()) {
    if (key.startsWith('gen_ai.prompt') || key.startsWith('gen_ai.completion') || key.startsWith('gen_ai.input.messages')) return 'llm';
  }
  if (span.events.some((e) => e.name.startsWith('gen_ai.'))) return 'llm';
  return 'other';
}

export function readSpanContent(span: SpanRef): SpanContent {
  const kind = spanKind(span);
  const c: SpanContent = { kind, inputs: [], outputs: [], provides: [], gaps: [] };
  if (span.droppedAttributes > 0) c.gaps.push(ContextGaps.truncated(`${span.droppedAttributes} attribute(s) of span "${span.name}"`));
  if (kind === 'llm') readLlm(span, c);
  else if (kind === 'retriever') readRetriever(span, c);
  else if (kind === 'tool') readTool(span, c);
  return c;
}

function text(span: SpanRef, attr: Attr | undefined): TextAt | undefined {
  if (!attr || typeof attr.value !== 'string') return undefined;
  return { text: attr.value, map: span.region.stringMap(attr.path) };
}

/** JSON inside an attribute string; a parse failure means the instrumentation cut it short. */
interface JsonIn {
  value: unknown;
  region: JsonRegion;
  /** Path of the value in `region`: `[]` inside an attribute string, the attribute's own path in a flat dump. */
  base: JsonPath;
}

function json(span: SpanRef, key: string, attrs: Map<string, Attr>, c: SpanContent): JsonIn | undefined {
  const attr = attrs.get(key);
  if (!attr) return undefined;
  if (typeof attr.value !== 'string') {
    return isObject(attr.value) || Array.isArray(attr.value) ? { value: attr.value, region: span.region, base: attr.path } : undefined;
  }
  const s = attr.value.trimStart();
  if (!s.startsWith('[') && !s.startsWith('{')) return undefined;
  try {
    return { value: JSON.parse(attr.value), region: span.region.nested(attr.path, attr.value), base: [] };
  } catch {
    c.gaps.push(ContextGaps.truncated(`Attribute ${key} of span "${span.name}"`));
    return undefined;
  }
}

/** Messages stored as JSON in one attribute, else the attribute's plain text. */
function messagesIn(span: SpanRef, key: string, attrs: Map<string, Attr>, fallback: Role, c: SpanContent): SpanText[] {
  const attr = attrs.get(key);
  if (!attr) return [];
  const parsed = json(span, key, attrs, c);
  if (parsed) {
    const v = parsed.value;
    if (Array.isArray(v)) return readMessages(parsed.region, parsed.base, v, fallback);
    if (isObject(v)) return readMessage(parsed.region, parsed.base, v, fallback);
    return [];
  }
  const t = text(span, attr);
  return t ? [{ role: fallback, text: t, label: fallback.replace('_', ' ') }] : [];
}

function readLlm(span: SpanRef, c: SpanContent): void {
  const a = span.attrs;
  // Inputs: the first convention that has any wins; later ones repeat it.
  c.inputs.push(...messagesIn(span, 'gen_ai.system_instructions', a, 'system', c).map((t) => ({ ...t, role: 'system' as Role, label: 'system instructions' })));
  c.inputs.push(...messagesIn(span, 'gen_ai.input.messages', a, 'user', c));
  if (c.inputs.length === 0) c.inputs.push(...indexedMessages(span, 'gen_ai.prompt', 'user'));
  if (c.inputs.length === 0) c.inputs.push(...openInferenceMessages(span, 'llm.input_messages', 'user'));
  if (c.inputs.length === 0) c.inputs.push(...messagesIn(span, 'gen_ai.prompt', a, 'user', c));
  if (c.inputs.length === 0) c.inputs.push(...messagesIn(span, 'ai.prompt.messages', a, 'user', c));
  if (c.inputs.length === 0) c.inputs.push(...vercelPrompt(span, c));
  if (c.inputs.length === 0) c.inputs.push(...eventMessages(span, c, false));
  if (c.inputs.length === 0) {
    const t = text(span, a.get('input.value'));
    if (t) c.inputs.push({ role: 'user', text: t, label: 'input' });
  }
  c.inputs.unshift(...toolDefinitions(span));

  c.outputs.push(...messagesIn(span, 'gen_ai.output.messages', a, 'assistant', c));
  if (c.outputs.length === 0) c.outputs.push(...indexedMessages(span, 'gen_ai.completion', 'assistant'));
  if (c.outputs.length === 0) c.outputs.push(...openInferenceMessages(span, 'llm.output_messages', 'assistant'));
  if (c.outputs.length === 0) c.outputs.push(...messagesIn(span, 'gen_ai.completion', a, 'assistant', c));
  if (c.outputs.length === 0) {
    const t = text(span, a.get('ai.response.text'));
    if (t) c.outputs.push({ role: 'assistant', text: t, label: 'assistant' });
  }
  if (c.outputs.length === 0) c.outputs.push(...eventMessages(span, c, true));
  if (c.outputs.length === 0) {
    const t = text(span, a.get('output.value'));
    if (t) c.outputs.push({ role: 'assistant', text: t, label: 'output' });
  }
  // Inputs of a reply are never outputs; an assistant turn among the outputs is.
  c.outputs = c.outputs.map((o) => (o.role === 'user' ? { ...o, role: 'assistant' as Role } : o));
  const hasMessages = c.inputs.some((i) => i.role !== 'tool_definition');
  if (!hasMessages && c.outputs.length > 0) c.gaps.push(ContextGaps.inputNotLogged(`span "${span.name}"`));
}

/** OpenLLMetry: `gen_ai.prompt.N.role|content`, `gen_ai.completion.N.tool_calls.M.arguments`. */
function indexedMessages(span: SpanRef, prefix: string, fallback: Role): SpanText[] {
  const out: SpanText[] = [];
  for (const [, g] of indexedGroups(span.attrs, prefix)) {
    const role = roleOf(g.get('role')?.value, fallback);
    const t = text(span, g.get('content'));
    if (t) out.push({ role, text: t, label: role.replace('_', ' ') });
    for (const [, call] of indexedGroups(g, 'tool_calls')) {
      const args = text(span, call.get('arguments'));
      if (args) out.push({ role: 'tool_call', text: args, label: `tool call ${str(call.get('name')?.value) ?? ''}`.trim() });
    }
  }
  return out;
}

/** OpenInference: `llm.input_messages.N.message.role|content|contents.J.message_content.text|tool_calls.K…`. */
function openInferenceMessages(span: SpanRef, prefix: string, fallback: Role): SpanText[] {
  const out: SpanText[] = [];
  for (const [, g] of indexedGroups(span.attrs, prefix)) {
    const role = roleOf(g.get('message.role')?.value, fallback);
    const name = str(g.get('message.name')?.value);
    const label = role === 'tool_result' && name ? `tool result ${name}` : role.replace('_', ' ');
    const t = text(span, g.get('message.content'));
    if (t) out.push({ role, text: t, label });
    for (const [, part] of indexedGroups(g, 'message.contents')) {
      const pt = text(span, part.get('message_content.text'));
      if (pt) out.push({ role, text: pt, label });
    }
    for (const [, call] of indexedGroups(g, 'message.tool_calls')) {
      const args = text(span, call.get('tool_call.function.arguments'));
      const fn = str(call.get('tool_call.function.name')?.value) ?? '';
      if (args) out.push({ role: 'tool_call', text: args, label: `tool call ${fn}`.trim() });
    }
  }
  return out;
}

/** Vercel AI SDK `ai.prompt`: `{system, prompt, messages}` as JSON. */
function vercelPrompt(span: SpanRef, c: SpanContent): SpanText[] {
  const parsed = json(span, 'ai.prompt', span.attrs, c);
  if (!parsed || !isObject(parsed.value)) return [];
  const v = parsed.value;
  const out: SpanText[] = [];
  if (typeof v.system === 'string') out.push({ role: 'system', text: { text: v.system, map: parsed.region.stringMap([...parsed.base, 'system']) }, label: 'system' });
  if (typeof v.prompt === 'string') out.push({ role: 'user', text: { text: v.prompt, map: parsed.region.stringMap([...parsed.base, 'prompt']) }, label: 'user' });
  if (Array.isArray(v.messages)) out.push(...readMessages(parsed.region, [...parsed.base, 'messages'], v.messages, 'user'));
  return out;
}

const EVENT_ROLES: Record<string, Role> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool_result',
};

/** Deprecated per-message events, OpenLLMetry content events, and the inference details event. */
function eventMessages(span: SpanRef, c: SpanContent, outputs: boolean): SpanText[] {
  const out: SpanText[] = [];
  for (const e of span.events) {
    const asSpan: SpanRef = { ...span, attrs: e.attrs, region: e.region ?? span.region };
    if (e.name === 'gen_ai.client.inference.operation.details') {
      if (outputs) out.push(...messagesIn(asSpan, 'gen_ai.output.messages', e.attrs, 'assistant', c));
      else {
        out.push(...messagesIn(asSpan, 'gen_ai.system_instructions', e.attrs, 'system', c).map((t) => ({ ...t, role: 'system' as Role })));
        out.push(...messagesIn(asSpan, 'gen_ai.input.messages', e.attrs, 'user', c));
      }
    } else if (outputs && (e.name === 'gen_ai.choice' || e.name === 'gen_ai.content.completion')) {
      for (const key of ['message', 'message.content', 'content', 'body', 'gen_ai.completion', 'gen_ai.event.content']) {
        if (e.attrs.has(key)) out.push(...messagesIn(asSpan, key, e.attrs, 'assistant', c));
      }
    } else if (!outputs && (e.name in EVENT_ROLES || e.name === 'gen_ai.content.prompt')) {
      const role = EVENT_ROLES[e.name] ?? 'user';
      for (const key of ['content', 'body', 'gen_ai.prompt', 'gen_ai.event.content']) {
        if (e.attrs.has(key)) out.push(...messagesIn(asSpan, key, e.attrs, role, c));
      }
    }
  }
  return out;
}

function toolDefinitions(span: SpanRef): SpanText[] {
  const out: SpanText[] = [];
  const current = text(span, span.attrs.get('gen_ai.tool.definitions'));
  if (current) out.push({ role: 'tool_definition', text: current, label: 'tool definitions' });
  for (const [, g] of indexedGroups(span.attrs, 'llm.tools')) {
    const schema = text(span, g.get('tool.json_schema'));
    if (schema) out.push({ role: 'tool_definition', text: schema, label: 'tool definition' });
  }
  const vercel = span.attrs.get('ai.prompt.tools');
  if (vercel && Array.isArray(vercel.value)) {
    vercel.value.forEach((v, i) => {
      if (typeof v === 'string') {
        const path = vercel.path[vercel.path.length - 1] === 'arrayValue' ? [...vercel.path, 'values', i, 'stringValue'] : [...vercel.path, i];
        out.push({ role: 'tool_definition', text: { text: v, map: span.region.stringMap(path) }, label: 'tool definition' });
      }
    });
  }
  return out;
}

function readRetriever(span: SpanRef, c: SpanContent): void {
  let n = 0;
  for (const prefix of ['retrieval.documents', 'reranker.output_documents']) {
    for (const [, g] of indexedGroups(span.attrs, prefix)) {
      const t = text(span, g.get('document.content'));
      if (t) c.provides.push({ role: 'document', text: t, label: `retrieved document ${++n}` });
    }
    if (n > 0) break;
  }
  const docs = json(span, 'gen_ai.retrieval.documents', span.attrs, c);
  if (docs && Array.isArray(docs.value)) {
    let withoutContent = 0;
    docs.value.forEach((d, i) => {
      if (isObject(d) && typeof d.content === 'string') {
        c.provides.push({ role: 'document', text: { text: d.content, map: docs.region.stringMap([...docs.base, i, 'content']) }, label: `retrieved document ${++n}` });
      } else withoutContent++;
    });
    if (withoutContent > 0) c.gaps.push(ContextGaps.documentContentMissing());
  }
  if (n === 0) {
    const t = text(span, span.attrs.get('output.value'));
    if (t) c.provides.push({ role: 'document', text: t, label: 'retrieval output' });
  }
}

function readTool(span: SpanRef, c: SpanContent): void {
  const a = span.attrs;
  const name = str(a.get('gen_ai.tool.name')?.value) ?? str(a.get('tool.name')?.value) ?? str(a.get('ai.toolCall.name')?.value) ?? span.name;
  for (const key of ['gen_ai.tool.call.result', 'ai.toolCall.result', 'output.value']) {
    const t = text(span, a.get(key));
    if (t) {
      c.provides.push({ role: 'tool_result', text: t, label: `tool result ${name}` });
      return;
    }
  }
}
