/**
 * Gemini CLI checkpoints (`~/.gemini/tmp/<project>/checkpoint-<tag>.json`,
 * written by `/chat save <tag>`; `checkpoint-1.json` by older versions): the
 * conversation as the CLI sends it to the API, a JSON array of `Content`
 * (`{role: "user"|"model", parts: [...]}`). A `model` turn's text parts are
 * its answers (a part flagged `thought` is reasoning); its `functionCall`
 * parts are tool calls, answered by `functionResponse` parts in the next
 * `user` turn, paired by id where both have one and otherwise by name, in
 * order. The CLI's opening message (date, working directory, file tree) is
 * the first user turn, so it grounds; the system prompt, tool schemas and
 * GEMINI.md are not in the file, as in a session log.
 */
import type { FormatParser, ParseError, ParseInput, ToolRef, Transcript } from '../model';
import type { JsonPath } from '../json/jsonRegion';
import { readJsonDocument } from '../json/jsonLines';
import { ContextGaps } from './contextGaps';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';
import { emitGeminiCallArgs, emitGeminiParts, emitGeminiResult, type GeminiMessageContext } from './shapes/geminiMessages';
import { hasKey, hasPair } from './shapes/headMarkers';
import { documentSource } from './shapes/jsonSources';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';

export const geminiCheckpointFormat: FormatParser = {
  id: 'gemini-checkpoint',
  label: 'Gemini CLI checkpoint',
  containers: ['json'],
  sniff(head: string): number {
    if (!head.trimStart().startsWith('[') || !hasKey(head, 'parts')) return 0;
    if (hasPair(head, 'role', 'model')) return 0.9;
    return hasPair(head, 'role', 'user') ? 0.6 : 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new FileOrderTranscriptBuilder();
    b.addFileGap(ContextGaps.geminiSystemPrompt);
    const doc = readJsonDocument(input.raw, errors);
    if (doc) {
      const ctx = { b, src: documentSource(input.raw, doc.region, doc.value) };
      const contents = arr(doc.value);
      const refs = pairCalls(contents);
      let tail = -1;
      for (let i = 0; i < contents.length; i++) {
        const c = obj(contents[i]);
        if (c) tail = emitContent(ctx, c, [i], refs, tail);
      }
    }
    return b.build('gemini-checkpoint', errors);
  },
};

/** Tool refs by `"<content>.<part>"` of each call and each response, a call and its response sharing one call id. */
function pairCalls(contents: readonly unknown[]): Map<string, ToolRef> {
  const refs = new Map<string, ToolRef>();
  const waiting: { name: string; id?: string; ref: ToolRef }[] = [];
  for (let i = 0; i < contents.length; i++) {
    const parts = arr(obj(contents[i])?.parts);
    for (let j = 0; j < parts.length; j++) {
      const part = obj(parts[j]);
      const call = obj(part?.functionCall);
      const response = obj(part?.functionResponse);
      if (call) {
        const name = str(call.name) ?? 'tool';
        const id = str(call.id);
        const ref: ToolRef = { name, callId: id ?? `${name}@${i}.${j}` };
        waiting.push({ name, ...(id !== undefined ? { id } : {}), ref });
        refs.set(`${i}.${j}`, ref);
      } else if (response) {
        const name = str(response.name) ?? 'tool';
        const id = str(response.id);
        let k = id === undefined ? -1 : waiting.findIndex((w) => w.id === id);
        if (k === -1) k = waiting.findIndex((w) => w.name === name);
        const callId = k === -1 ? (id ?? `${name}@${i}.${j}`) : waiting.splice(k, 1)[0].ref.callId;
        refs.set(`${i}.${j}`, { name, callId });
      }
    }
  }
  return refs;
}

function emitContent(ctx: GeminiMessageContext, c: JsonObject, path: JsonPath, refs: Map<string, ToolRef>, parent: number): number {
  const model = str(c.role) === 'model';
  const parts = arr(c.parts);
  let tail = parent;
  for (let j = 0; j < parts.length; j++) {
    const part = obj(parts[j]);
    if (!part) continue;
    const at = [...path, 'parts', j];
    const ref = refs.get(`${path[0]}.${j}`);
    const call = obj(part.functionCall);
    if (call && ref) tail = emitGeminiCallArgs(ctx, call.args, [...at, 'functionCall', 'args'], ref, tail);
    else if (obj(part.functionResponse) && ref) {
      tail = emitGeminiResult(ctx, part, at, { role: 'tool_result', parent: tail, label: `tool result (${ref.name})`, tool: ref });
    } else if (model) tail = emitGeminiParts(ctx, part, at, { role: 'assistant', parent: tail, label: 'assistant', isOutput: true });
    else tail = emitGeminiParts(ctx, part, at, { role: 'user', parent: tail, label: 'user' });
  }
  return tail;
}
