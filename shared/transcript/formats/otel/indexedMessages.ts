/**
 * Messages flattened into indexed attributes: OpenLLMetry's
 * `gen_ai.prompt.N.role|content` and OpenInference's
 * `llm.input_messages.N.message.…`, rebuilt in numeric order.
 */
import type { Role } from '../../model';
import { str } from '../common/jsonText';
import { roleOf, type SpanText } from '../common/messageParts';
import { text } from './attributeText';
import { indexedGroups } from './indexedKeys';
import type { SpanRef } from './spanReader';

/** OpenLLMetry: `gen_ai.prompt.N.role|content`, `gen_ai.completion.N.tool_calls.M.arguments`. */
export function indexedMessages(span: SpanRef, prefix: string, fallback: Role): SpanText[] {
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
export function openInferenceMessages(span: SpanRef, prefix: string, fallback: Role): SpanText[] {
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
