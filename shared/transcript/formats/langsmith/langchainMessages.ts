/**
 * LangChain's serialised objects as LangSmith stores them:
 * `{lc:1, type:'constructor', id:[…,'HumanMessage'], kwargs:{content}}`
 * for messages and `…'Document'], kwargs:{page_content, metadata}}` for
 * documents, alongside plain `{role|type, content}` dicts. Chat model runs
 * nest messages one level deeper (`[[msg, msg]]`, one list per prompt).
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { Role } from '../../model';
import { asArray, contentTexts, isObject, str, type JsonObject } from '../common/jsonText';
import { jsonValueTexts } from '../common/jsonValueSpan';
import type { Draft } from '../common/callForest';
import { readMessage, roleOf } from '../common/messageParts';

const CLASS_ROLES: Record<string, Role> = {
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
  HumanMessage: 'user',
  HumanMessageChunk: 'user',
  AIMessage: 'assistant',
  AIMessageChunk: 'assistant',
  ToolMessage: 'tool_result',
  ToolMessageChunk: 'tool_result',
  FunctionMessage: 'tool_result',
};

/** The class name of a serialised LangChain object, or undefined. */
export function lcClass(v: unknown): string | undefined {
  if (!isObject(v) || v.lc === undefined || !Array.isArray(v.id)) return undefined;
  return str(v.id[v.id.length - 1]);
}

/** A message list, flattening LangChain's per-prompt nesting. */
export function readMessageList(region: JsonRegion, path: JsonPath, list: unknown, fallback: Role): Draft[] {
  const out: Draft[] = [];
  asArray(list).forEach((m, i) => {
    if (Array.isArray(m)) out.push(...readMessageList(region, [...path, i], m, fallback));
    else if (isObject(m)) out.push(...readAnyMessage(region, [...path, i], m, fallback));
  });
  return out;
}

export function readAnyMessage(region: JsonRegion, path: JsonPath, m: JsonObject, fallback: Role): Draft[] {
  const cls = lcClass(m);
  if (cls && isObject(m.kwargs)) {
    const kwargs = m.kwargs;
    const role = cls === 'ChatMessage' ? roleOf(kwargs.role, fallback) : (CLASS_ROLES[cls] ?? fallback);
    const name = str(kwargs.name) ?? '';
    const label = role === 'tool_result' && name ? `tool result ${name}` : role.replace('_', ' ');
    const out: Draft[] = contentTexts(region, [...path, 'kwargs', 'content'], kwargs.content).map((t) => ({
      role: t.kind === 'reasoning' ? 'reasoning' : role,
      text: t,
      label: t.kind === 'reasoning' ? 'reasoning' : label,
    }));
    asArray(kwargs.tool_calls).forEach((c, k) => {
      if (!isObject(c)) return;
      for (const t of jsonValueTexts(region, [...path, 'kwargs', 'tool_calls', k, 'args'], c.args)) {
        out.push({ role: 'tool_call', text: t, label: `tool call ${str(c.name) ?? ''}`.trim() });
      }
    });
    return out;
  }
  // Plain dicts: `{role, content}` (OpenAI) or `{type:'human', content}` (LangChain dict form).
  return readMessage(region, path, { ...m, role: m.role ?? m.type }, fallback);
}

/** Retrieved documents: LangChain `Document`s or plain `{page_content}` dicts. */
export function readDocuments(region: JsonRegion, path: JsonPath, docs: unknown): Draft[] {
  const out: Draft[] = [];
  asArray(docs).forEach((d, i) => {
    if (!isObject(d)) return;
    const body = lcClass(d) && isObject(d.kwargs) ? d.kwargs : d;
    const at = body === d ? [...path, i] : [...path, i, 'kwargs'];
    const content = body.page_content ?? body.pageContent;
    const key = body.page_content !== undefined ? 'page_content' : 'pageContent';
    if (typeof content !== 'string') return;
    const meta = isObject(body.metadata) ? body.metadata : {};
    const source = str(meta.source) ?? str(meta.title);
    out.push({
      role: 'document',
      text: { text: content, map: region.stringMap([...at, key]) },
      label: `retrieved document ${out.length + 1}${source ? ` ${source}` : ''}`,
    });
  });
  return out;
}
