/**
 * OpenAI Codex CLI rollouts (`~/.codex/sessions/…/rollout-*.jsonl`): one
 * `{timestamp, type, payload}` envelope per line, where `response_item`
 * payloads are Responses API items and `event_msg` lines repeat them for the
 * UI (ignored, so nothing counts twice). Older rollouts without the envelope
 * hold bare items, read the same way; the first TypeScript CLI wrote one
 * JSON document `{session, items}`.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { readJsonDocument, readJsonLines } from '../json/jsonLines';
import { ContextGaps } from './shapes/contextGaps';
import { hasAnyPair } from './shapes/headMarkers';
import { documentSource, lineSource } from './shapes/jsonSources';
import { isJsonLines } from './shapes/jsonLayout';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { emitResponsesItem, type ResponsesContext } from './shapes/responsesItems';
import { TranscriptBuilder, type JsonSource } from './shapes/transcriptBuilder';

export const codexRolloutFormat: FormatParser = {
  id: 'codex',
  label: 'Codex CLI rollout',
  sniff(head: string): number {
    if (head.includes('"type":"session_meta"')) return 0.95;
    if (head.includes('"type":"response_item"') && head.includes('"payload"')) return 0.9;
    if (head.includes('"record_type":"state"')) return 0.85;
    if (isSessionDocumentHead(head)) return 0.8;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new TranscriptBuilder();
    const callNames = new Map<string, string>();
    let tail = -1;
    let sawInstructions = false;
    if (!isJsonLines(input.raw) && isSessionDocumentHead(input.raw.slice(0, 65536))) {
      const doc = readJsonDocument(input.raw, errors);
      const v = doc ? obj(doc.value) : undefined;
      if (doc && v) {
        const ctx: ResponsesContext = { b, src: documentSource(input.raw, doc.region), callNames };
        const session = obj(v.session);
        if (session) tail = emitInstructions(b, ctx.src, session, ['session'], tail);
        sawInstructions = tail !== -1;
        const items = arr(v.items);
        for (let i = 0; i < items.length; i++) {
          const item = obj(items[i]);
          if (item) tail = emitResponsesItem(ctx, item, ['items', i], tail);
        }
      }
      return finish(b, errors, sawInstructions);
    }
    for (const line of readJsonLines(input.raw, errors)) {
      const v = obj(line.value);
      if (!v) continue;
      const src = lineSource(line);
      const ctx: ResponsesContext = { b, src, callNames };
      const payload = obj(v.payload);
      switch (str(v.type)) {
        case 'session_meta':
          if (payload) {
            const before = tail;
            tail = emitInstructions(b, src, payload, ['payload'], tail);
            sawInstructions ||= tail !== before;
          }
          break;
        case 'response_item':
          if (payload) tail = emitResponsesItem(ctx, payload, ['payload'], tail);
          break;
        case 'compacted':
          if (payload) tail = emitCompaction(b, src, payload, tail);
          break;
        case 'event_msg':
        case 'turn_context':
          break;
        default:
          tail = emitBareLine(ctx, v, tail, () => (sawInstructions = true));
      }
    }
    return finish(b, errors, sawInstructions);
  },
};

function finish(b: TranscriptBuilder, errors: ParseError[], sawInstructions: boolean): Transcript {
  if (!sawInstructions) b.addFileGap(ContextGaps.codexInstructions);
  b.addFileGap(ContextGaps.codexToolSchemas);
  return b.build('codex', errors);
}

/** The TypeScript CLI's `{"session": {…}, "items": [ …Responses items… ]}`. */
function isSessionDocumentHead(head: string): boolean {
  if (!head.trimStart().startsWith('{') || !head.includes('"session"') || !head.includes('"items"')) return false;
  return hasAnyPair(head, 'type', ['input_text', 'output_text', 'function_call', 'function_call_output']);
}

/** Older rollouts: a bare session line first (with `instructions`), then bare items. */
function emitBareLine(ctx: ResponsesContext, v: JsonObject, tail: number, onInstructions: () => void): number {
  if (v.record_type !== undefined) return tail;
  if (v.type === undefined && v.role === undefined) {
    const next = emitInstructions(ctx.b, ctx.src, v, [], tail);
    if (next !== tail) onInstructions();
    return next;
  }
  return emitResponsesItem(ctx, v, [], tail);
}

function emitInstructions(b: TranscriptBuilder, src: JsonSource, meta: JsonObject, path: (string | number)[], tail: number): number {
  if (typeof meta.instructions === 'string') {
    return b.addString(src, [...path, 'instructions'], meta.instructions, { role: 'system', parent: tail, label: 'system prompt (instructions)' });
  }
  const base = obj(meta.base_instructions);
  if (base && typeof base.text === 'string') {
    return b.addString(src, [...path, 'base_instructions', 'text'], base.text, { role: 'system', parent: tail, label: 'system prompt (base instructions)' });
  }
  return tail;
}

/**
 * After compaction the model sees a summary it wrote instead of the earlier
 * turns: an echo at best, so later outputs carry a gap.
 */
function emitCompaction(b: TranscriptBuilder, src: JsonSource, payload: JsonObject, tail: number): number {
  if (typeof payload.message !== 'string') return tail;
  const id = b.addString(src, ['payload', 'message'], payload.message, { role: 'assistant', parent: tail, label: 'compaction summary' });
  if (id !== tail) b.carryGap(id, ContextGaps.compactedHistory);
  return id;
}
