/**
 * What one span contributes, read from whichever convention wrote it:
 * OTel GenAI (current JSON attributes, deprecated events and flat
 * prompt/completion strings, indexed OpenLLMetry keys), OpenInference, and
 * the Vercel AI SDK. An LLM span has inputs and outputs; a retriever or tool
 * span provides documents or results that later LLM calls may have seen.
 */
import type { ContextGap } from '../../../classifier/types';
import type { Role } from '../../model';
import { ContextGaps } from '../contextGaps';
import { isObject, str } from '../common/jsonText';
import { readMessages, type SpanText } from '../common/messageParts';
import { json, messagesIn, text } from './attributeText';
import { indexedMessages, openInferenceMessages } from './indexedMessages';
import { indexedGroups } from './indexedKeys';
import { readRetriever, readTool } from './providerSpans';
import type { SpanRef } from './spanReader';

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

function readLlm(span: SpanRef, c: SpanContent): void {
  const a = span.attrs;
  // Inputs: the first convention that has any wins; later ones repeat it.
  c.inputs.push(
    ...messagesIn(span, 'gen_ai.system_instructions', a, 'system', c.gaps).map((t) => ({ ...t, role: 'system' as Role, label: 'system instructions' })),
  );
  c.inputs.push(...messagesIn(span, 'gen_ai.input.messages', a, 'user', c.gaps));
  if (c.inputs.length === 0) c.inputs.push(...indexedMessages(span, 'gen_ai.prompt', 'user'));
  if (c.inputs.length === 0) c.inputs.push(...openInferenceMessages(span, 'llm.input_messages', 'user'));
  if (c.inputs.length === 0) c.inputs.push(...messagesIn(span, 'gen_ai.prompt', a, 'user', c.gaps));
  if (c.inputs.length === 0) c.inputs.push(...messagesIn(span, 'ai.prompt.messages', a, 'user', c.gaps));
  if (c.inputs.length === 0) c.inputs.push(...vercelPrompt(span, c));
  if (c.inputs.length === 0) c.inputs.push(...eventMessages(span, c, false));
  if (c.inputs.length === 0) {
    const t = text(span, a.get('input.value'));
    if (t) c.inputs.push({ role: 'user', text: t, label: 'input' });
  }
  c.inputs.unshift(...toolDefinitions(span));

  c.outputs.push(...messagesIn(span, 'gen_ai.output.messages', a, 'assistant', c.gaps));
  if (c.outputs.length === 0) c.outputs.push(...indexedMessages(span, 'gen_ai.completion', 'assistant'));
  if (c.outputs.length === 0) c.outputs.push(...openInferenceMessages(span, 'llm.output_messages', 'assistant'));
  if (c.outputs.length === 0) c.outputs.push(...messagesIn(span, 'gen_ai.completion', a, 'assistant', c.gaps));
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

/** Vercel AI SDK `ai.prompt`: `{system, prompt, messages}` as JSON. */
function vercelPrompt(span: SpanRef, c: SpanContent): SpanText[] {
  const parsed = json(span, 'ai.prompt', span.attrs, c.gaps);
  if (!parsed || !isObject(parsed.value)) return [];
  const v = parsed.value;
  const out: SpanText[] = [];
  if (typeof v.system === 'string')
    out.push({ role: 'system', text: { text: v.system, map: parsed.region.stringMap([...parsed.base, 'system']) }, label: 'system' });
  if (typeof v.prompt === 'string')
    out.push({ role: 'user', text: { text: v.prompt, map: parsed.region.stringMap([...parsed.base, 'prompt']) }, label: 'user' });
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
      if (outputs) out.push(...messagesIn(asSpan, 'gen_ai.output.messages', e.attrs, 'assistant', c.gaps));
      else {
        out.push(...messagesIn(asSpan, 'gen_ai.system_instructions', e.attrs, 'system', c.gaps).map((t) => ({ ...t, role: 'system' as Role })));
        out.push(...messagesIn(asSpan, 'gen_ai.input.messages', e.attrs, 'user', c.gaps));
      }
    } else if (outputs && (e.name === 'gen_ai.choice' || e.name === 'gen_ai.content.completion')) {
      for (const key of ['message', 'message.content', 'content', 'body', 'gen_ai.completion', 'gen_ai.event.content']) {
        if (e.attrs.has(key)) out.push(...messagesIn(asSpan, key, e.attrs, 'assistant', c.gaps));
      }
    } else if (!outputs && (e.name in EVENT_ROLES || e.name === 'gen_ai.content.prompt')) {
      const role = EVENT_ROLES[e.name] ?? 'user';
      for (const key of ['content', 'body', 'gen_ai.prompt', 'gen_ai.event.content']) {
        if (e.attrs.has(key)) out.push(...messagesIn(asSpan, key, e.attrs, role, c.gaps));
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
