/**
 * Messages as the GenAI conventions and SDKs write them inside attribute
 * strings: OTel `{role, parts:[{type, content}]}`, OpenAI-style
 * `{role, content, tool_calls}`, Anthropic content blocks (`text`, `tool_use`,
 * `tool_result`), Vercel AI SDK `{role, content:[{type:'text',
 * text}|{type:'tool-call', args}|{type:'tool-result', result}]}`. Each text
 * becomes a segment draft with the role it plays for grounding.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { Role } from '../../model';
import { asArray, isObject, str } from './jsonText';
import { jsonValueTexts } from './jsonValueSpan';

import type { Draft as SpanText } from './callForest';

export type { SpanText };

const ROLE_NAMES: Record<string, Role> = {
  system: 'system',
  developer: 'developer',
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  model: 'assistant',
  tool: 'tool_result',
  function: 'tool_result',
  ipython: 'tool_result',
};

export function roleOf(name: unknown, fallback: Role): Role {
  return ROLE_NAMES[String(name ?? '').toLowerCase()] ?? fallback;
}

export function readMessages(region: JsonRegion, path: JsonPath, messages: unknown, fallback: Role): SpanText[] {
  const out: SpanText[] = [];
  asArray(messages).forEach((m, i) => {
    if (typeof m === 'string') {
      out.push({ role: fallback, text: { text: m, map: region.stringMap([...path, i]) }, label: fallback });
      return;
    }
    if (!isObject(m)) return;
    out.push(...readMessage(region, [...path, i], m, fallback));
  });
  return out;
}

export function readMessage(region: JsonRegion, path: JsonPath, m: Record<string, unknown>, fallback: Role): SpanText[] {
  const role = roleOf(m.role, fallback);
  const out: SpanText[] = [];
  const name = str(m.name) ?? str(m.tool_name) ?? '';
  const labelFor = (r: Role) => (r === 'tool_result' && name ? `tool result ${name}` : r.replace('_', ' '));
  if (Array.isArray(m.parts)) readParts(region, [...path, 'parts'], m.parts, role, labelFor, out);
  // Completion objects (`{text, finish_reason}`) carry their text under `text`.
  if (typeof m.text === 'string' && m.content === undefined && m.parts === undefined) {
    out.push({ role, text: { text: m.text, map: region.stringMap([...path, 'text']) }, label: labelFor(role) });
  }
  if (typeof m.content === 'string') out.push({ role, text: { text: m.content, map: region.stringMap([...path, 'content']) }, label: labelFor(role) });
  else if (Array.isArray(m.content)) readParts(region, [...path, 'content'], m.content, role, labelFor, out);
  asArray(m.tool_calls).forEach((c, k) => {
    if (!isObject(c)) return;
    const fn = isObject(c.function) ? c.function : c;
    const argsPath = isObject(c.function) ? [...path, 'tool_calls', k, 'function', 'arguments'] : [...path, 'tool_calls', k, 'arguments'];
    for (const t of jsonValueTexts(region, argsPath, fn.arguments)) out.push({ role: 'tool_call', text: t, label: `tool call ${str(fn.name) ?? ''}`.trim() });
  });
  return out;
}

function readParts(region: JsonRegion, path: JsonPath, parts: unknown[], role: Role, labelFor: (r: Role) => string, out: SpanText[]): void {
  parts.forEach((p, j) => {
    const at = [...path, j];
    if (typeof p === 'string') {
      out.push({ role, text: { text: p, map: region.stringMap(at) }, label: labelFor(role) });
      return;
    }
    if (!isObject(p)) return;
    const type = str(p.type) ?? 'text';
    const push = (r: Role, key: string, label: string) => {
      for (const t of jsonValueTexts(region, [...at, key], p[key])) out.push({ role: r, text: t, label });
    };
    if (type === 'text' || type === 'input_text' || type === 'output_text') {
      push(role, typeof p.content === 'string' ? 'content' : 'text', labelFor(role));
    } else if (type === 'reasoning' || type === 'thinking') {
      push('reasoning', typeof p.content === 'string' ? 'content' : typeof p.text === 'string' ? 'text' : 'reasoning', 'reasoning');
    } else if (type === 'tool_call' || type === 'tool-call') {
      push('tool_call', 'arguments' in p ? 'arguments' : 'args', `tool call ${str(p.name) ?? str(p.toolName) ?? ''}`.trim());
    } else if (type === 'tool_call_response' || type === 'tool-result') {
      const name = str(p.name) ?? str(p.toolName) ?? '';
      push('tool_result', 'response' in p ? 'response' : 'result', `tool result ${name}`.trim());
    } else if (type === 'tool_use') {
      // Anthropic blocks: the call's arguments are in `input`, results in a `tool_result` block's `content`.
      push('tool_call', 'input', `tool call ${str(p.name) ?? ''}`.trim());
    } else if (type === 'tool_result') {
      if (Array.isArray(p.content)) readParts(region, [...at, 'content'], p.content, 'tool_result', () => 'tool result', out);
      else push('tool_result', 'content', 'tool result');
    }
  });
}
