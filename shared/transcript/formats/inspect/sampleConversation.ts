/**
 * One Inspect sample as a chain of segments: tool definitions from its model
 * events, then its messages in order. `messages` and the model events repeat
 * each other, so messages are the source and events fill in only what
 * messages lack (tool schemas; the whole input when a log keeps messages
 * only in `message_pool` referenced by `input_refs`). `target` is grader
 * material on a side branch.
 */
import type { ContextGap } from '../../../classifier/types';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { Role } from '../../model';
import { ContextGaps } from '../contextGaps';
import { asArray, contentTexts, isObject, str, type JsonObject, type TextAt } from '../common/jsonText';
import { jsonValueTexts } from '../common/jsonValueSpan';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { AttachmentResolver } from './attachments';

export interface SampleInput {
  sample: JsonObject;
  region: JsonRegion;
  /** Path of the sample in its region (`['samples', 3]`, or `[]` for a zip entry). */
  path: JsonPath;
  /** Zip entry name for `.eval` logs. */
  source?: string;
}

const ROLES: Record<string, Role> = { system: 'system', user: 'user', assistant: 'assistant', tool: 'tool_result' };

interface MessageRef {
  message: JsonObject;
  path: JsonPath;
}

export function addSample(b: InOrderTranscriptBuilder, s: SampleInput): void {
  const { sample, region, path, source } = s;
  const tag = `sample ${String(sample.id ?? '?')}${sample.epoch !== undefined ? ` epoch ${String(sample.epoch)}` : ''}`;
  const attachments = new AttachmentResolver(isObject(sample.attachments) ? sample.attachments : {}, region, path);
  const add = (role: Role, t: TextAt, parent: number, label: string, isOutput = false) =>
    b.add({ role, text: t.text, map: t.map, parent, label: `${label} (${tag})`, isOutput, source });

  const modelEvents = asArray(sample.events)
    .map((e, i) => ({ e, i }))
    .filter((x): x is { e: JsonObject; i: number } => isObject(x.e) && x.e.event === 'model');

  let tip = -1;
  const toolNames = new Set<string>();
  for (const { e, i } of modelEvents) {
    asArray(e.tools).forEach((tool, k) => {
      if (!isObject(tool) || toolNames.has(str(tool.name) ?? '')) return;
      toolNames.add(str(tool.name) ?? '');
      for (const t of jsonValueTexts(region, [...path, 'events', i, 'tools', k], tool)) {
        tip = add('tool_definition', t, tip, `tool ${str(tool.name) ?? k}`);
      }
    });
  }

  const messages = conversation(sample, path, modelEvents);
  // Gaps known so far on this branch: every later output inherits them.
  const known: ContextGap[] = [];
  if (toolNames.size === 0 && messages.some((m) => asArray(m.message.tool_calls).length > 0)) {
    known.push(ContextGaps.toolSchemasMissing());
  }
  messages.forEach(({ message, path: mPath }, n) => {
    const role = ROLES[str(message.role) ?? ''];
    if (!role) return;
    const fn = str(message.function);
    const label = role === 'tool_result' ? `tool result ${fn ?? ''}`.trim() : `${role} ${n + 1}`;
    for (const raw of contentTexts(region, [...mPath, 'content'], message.content)) {
      const t = attachments.resolve(raw);
      if (t === raw && raw.text.startsWith('attachment://')) {
        known.push(ContextGaps.unresolvedAttachment(raw.text));
        continue;
      }
      const isReasoning = t.kind === 'reasoning';
      const segRole: Role = role === 'assistant' && isReasoning ? 'reasoning' : role;
      tip = add(segRole, t, tip, isReasoning ? `reasoning ${n + 1}` : label, segRole === 'assistant');
      if (segRole === 'assistant' && known.length > 0) b.segments[tip].gaps = [...known];
    }
    // A failed tool call's error message is what the model was shown instead of output.
    if (role === 'tool_result' && isObject(message.error) && typeof message.error.message === 'string') {
      tip = add('tool_result', { text: message.error.message, map: region.stringMap([...mPath, 'error', 'message']) }, tip, `tool error ${fn ?? ''}`.trim());
    }
    asArray(message.tool_calls).forEach((call, k) => {
      if (!isObject(call)) return;
      for (const t of jsonValueTexts(region, [...mPath, 'tool_calls', k, 'arguments'], call.arguments)) {
        tip = add('tool_call', attachments.resolve(t), tip, `tool call ${str(call.function) ?? ''}`.trim());
      }
    });
  });

  const root = rootOf(b, tip);
  for (const t of jsonValueTexts(region, [...path, 'target'], sample.target)) {
    add('grader', t, root, 'target');
  }
}

/** Messages from `messages`, else rebuilt from the last model event. */
function conversation(sample: JsonObject, path: JsonPath, events: { e: JsonObject; i: number }[]): MessageRef[] {
  const own = asArray(sample.messages);
  if (own.length > 0) {
    return own.flatMap((m, i) => (isObject(m) ? [{ message: m, path: [...path, 'messages', i] }] : []));
  }
  const last = events[events.length - 1];
  if (!last) return [];
  const out: MessageRef[] = [];
  const input = asArray(last.e.input);
  if (input.length > 0) {
    input.forEach((m, i) => isObject(m) && out.push({ message: m, path: [...path, 'events', last.i, 'input', i] }));
  } else {
    const pool = asArray(sample.message_pool);
    for (const ref of asArray(last.e.input_refs)) {
      const [from, to] = asArray(ref).map(Number);
      for (let i = from; i < to && i < pool.length; i++) {
        const m = pool[i];
        if (isObject(m)) out.push({ message: m, path: [...path, 'message_pool', i] });
      }
    }
  }
  const choice = asArray(isObject(last.e.output) ? last.e.output.choices : undefined)[0];
  if (isObject(choice) && isObject(choice.message)) {
    out.push({ message: choice.message, path: [...path, 'events', last.i, 'output', 'choices', 0, 'message'] });
  }
  return out;
}

function rootOf(b: InOrderTranscriptBuilder, id: number): number {
  if (id === -1) return -1;
  let at = id;
  while (b.segments[at].parent !== -1) at = b.segments[at].parent;
  return at;
}
