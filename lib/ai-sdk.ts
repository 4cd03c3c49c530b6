/**
 * groundcheck as a Vercel AI SDK language-model middleware: the text a model
 * generates is checked against what the call gave it (system prompt, user
 * text, text documents attached to user messages, tool results), and a
 * gate policy decides pass, flag or block.
 *
 * On a stream each sentence is checked as it completes, and its text is held
 * back until it has been: a sentence the policy blocks never reaches the
 * caller. The AI SDK is the user's own (a peer dependency); only its types
 * are used here, so nothing of it is bundled.
 */
import type { LanguageModelMiddleware } from 'ai';
import { sentenceStarts } from '../shared/text/sentences';
import { contextChecker } from './checkOutput';
import { gatePolicy } from './gate';
import type { Finding, GateOptions, GateResult, GateVerdict, Passage, Span } from './types';

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
type CallOptions = Parameters<WrapGenerate>[0]['params'];
type Prompt = CallOptions['prompt'];
type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type StreamResult = Awaited<ReturnType<WrapStream>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type ProviderMetadata = NonNullable<GenerateResult['providerMetadata']>;

/** One check of generated text: the whole text of a `generateText` call, or one sentence of a stream. */
export interface GeneratedTextCheck extends GateResult {
  /**
   * The generated text (on a stream: the text part so far, up to the end of
   * the sentence, of which the sentence was checked with up to about 1,000
   * characters before it). Spans of findings are offsets in it.
   */
  text: string;
  /** The stretch of `text` this check judged: the sentence just completed, or all of it. Findings outside it were judged before. */
  judged: Span;
}

export interface GroundcheckMiddlewareOptions extends GateOptions {
  /** Called with every check: once per generate call, once per completed sentence of a stream. */
  onCheck?: (check: GeneratedTextCheck) => void;
}

/** Thrown by a generate call, and sent as a stream's error part, when the policy blocks the text. */
export class GroundcheckBlockedError extends Error {
  override name = 'GroundcheckBlockedError';
  constructor(readonly check: GeneratedTextCheck) {
    super(`groundcheck blocked the generated text: ${check.blocking.map((f) => f.message).join('; ')}`);
  }
}

/** The key of `providerMetadata` under which each result carries what groundcheck found. */
export const METADATA_KEY = 'groundcheck';

export function groundcheckMiddleware(options: GroundcheckMiddlewareOptions = {}): LanguageModelMiddleware {
  const { block, onCheck, ...check } = options;
  const judge = gatePolicy({ block });
  // Bad options fail when the middleware is made, not at the first call.
  contextChecker('', check)('');
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
      const checked = judged(contextChecker(promptPassages(params.prompt), check)(text), judge, text, { start: 0, end: text.length });
      onCheck?.(checked);
      if (checked.verdict === 'block') throw new GroundcheckBlockedError(checked);
      return { ...result, providerMetadata: withSummary(result.providerMetadata, checked.verdict, checked.findings) };
    },
    wrapStream: async ({ doStream, params }) => {
      const { stream, ...rest } = await doStream();
      const checker = contextChecker(promptPassages(params.prompt), check);
      return { ...rest, stream: stream.pipeThrough(sentenceGate(checker, judge, onCheck)) };
    },
  };
}

type Checker = ReturnType<typeof contextChecker>;
type Judge = ReturnType<typeof gatePolicy>;

/**
 * The gate's answer for the findings that start in `span`. The result may be
 * of a stretch of `text` that starts at `from`: its spans are moved to
 * offsets in `text`.
 */
function judged(result: ReturnType<Checker>, judge: Judge, text: string, span: Span, from = 0): GeneratedTextCheck {
  const findings = result.findings
    .map((f) => (from === 0 ? f : shifted(f, from)))
    .filter((f) => f.span.start >= span.start && f.span.start < Math.max(span.end, span.start + 1));
  return { ...judge(findings), findings, level: result.level, score: result.score, explanation: result.explanation, text, judged: span };
}

function shifted(f: Finding, by: number): Finding {
  const move = (s: Span): Span => ({ start: s.start + by, end: s.end + by });
  return { ...f, span: move(f.span), occurrences: f.occurrences.map(move) };
}

/**
 * How much of the text before a sentence a stream's check reads with it:
 * enough for what the sentence refers back to (a name used before, a source
 * cited a sentence earlier), and a bound, so checking a long stream sentence
 * by sentence costs what the text does, not its square (a 3 KB answer of 50
 * sentences: 0.3 s in all, against 1.2 s reading from the start each time).
 */
const LOOK_BACK = 1000;

/**
 * Holds each text part's deltas until a sentence completes, checks the text
 * up to it (so the sentence is read with what came before), and lets it
 * through unless the policy blocks it. After a block no more text passes;
 * the stream ends with finish reason `content-filter`.
 */
function sentenceGate(checker: Checker, judge: Judge, onCheck: GroundcheckMiddlewareOptions['onCheck']): TransformStream<StreamPart, StreamPart> {
  const parts = new Map<string, { text: string; checkedTo: number }>();
  const findings: Finding[] = [];
  let verdict: GateVerdict = 'pass';
  let blocked = false;

  /**
   * Checks and releases the sentences of `id` that are complete: each one
   * the next has begun after (a sentence start is the end of the one
   * before), and at the part's end (`final`) the last one too.
   */
  const release = (id: string, controller: TransformStreamDefaultController<StreamPart>, final: boolean) => {
    const part = parts.get(id)!;
    const starts = sentenceStarts(part.text);
    const ends = starts.filter((s) => s > part.checkedTo);
    if (final) ends.push(part.text.length);
    for (const e of ends) {
      if (blocked || e <= part.checkedTo) continue;
      const text = part.text.slice(0, e);
      // The window starts where a sentence does, so no sentence is read cut.
      const from = lastAtMost(starts, part.checkedTo - LOOK_BACK);
      const checked = judged(checker(text.slice(from)), judge, text, { start: part.checkedTo, end: e }, from);
      findings.push(...checked.findings);
      verdict = worse(verdict, checked.verdict);
      onCheck?.(checked);
      if (checked.verdict === 'block') {
        blocked = true;
        controller.enqueue({ type: 'error', error: new GroundcheckBlockedError(checked) });
        return;
      }
      controller.enqueue({ type: 'text-delta', id, delta: part.text.slice(part.checkedTo, e) });
      part.checkedTo = e;
    }
  };

  return new TransformStream<StreamPart, StreamPart>({
    transform(chunk, controller) {
      switch (chunk.type) {
        case 'text-start':
          parts.set(chunk.id, { text: '', checkedTo: 0 });
          controller.enqueue(chunk);
          return;
        case 'text-delta': {
          if (blocked) return;
          let part = parts.get(chunk.id);
          if (!part) parts.set(chunk.id, (part = { text: '', checkedTo: 0 }));
          part.text += chunk.delta;
          release(chunk.id, controller, false);
          return;
        }
        case 'text-end':
          if (!blocked && parts.has(chunk.id)) release(chunk.id, controller, true);
          controller.enqueue(chunk);
          return;
        case 'finish':
          controller.enqueue({
            ...chunk,
            ...(blocked ? { finishReason: { unified: 'content-filter', raw: 'groundcheck' } } : {}),
            providerMetadata: withSummary(chunk.providerMetadata, verdict, findings),
          });
          return;
        default:
          controller.enqueue(chunk);
      }
    },
  });
}

/** The last of the sorted `starts` at or before `limit` (0 when none is). */
function lastAtMost(starts: readonly number[], limit: number): number {
  let best = 0;
  for (const s of starts) {
    if (s > limit) break;
    best = s;
  }
  return best;
}

const ORDER: readonly GateVerdict[] = ['pass', 'flag', 'block'];

function worse(a: GateVerdict, b: GateVerdict): GateVerdict {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

function withSummary(metadata: ProviderMetadata | undefined, verdict: GateVerdict, findings: readonly Finding[]): ProviderMetadata {
  // Findings are plain data (strings, numbers, arrays, objects): JSON values as the metadata's type asks.
  const summary = JSON.parse(JSON.stringify({ verdict, findings }));
  return { ...metadata, [METADATA_KEY]: summary };
}

/**
 * What the call gave the model, as passages: the system prompt, the user's
 * text, text documents attached to user messages, and tool results. The
 * model's own earlier text and tool-call arguments are not context: a value
 * it invented once is still invented when it repeats it.
 */
export function promptPassages(prompt: Prompt): Passage[] {
  const passages: Passage[] = [];
  prompt.forEach((message, i) => {
    switch (message.role) {
      case 'system':
        passages.push({ id: 'system', text: message.content });
        break;
      case 'user':
        for (const part of message.content) {
          if (part.type === 'text') passages.push({ id: `user message ${i}`, text: part.text });
          else {
            const text = documentText(part.mediaType, part.data);
            if (text !== undefined) passages.push({ id: part.filename ?? `document in message ${i}`, text });
          }
        }
        break;
      case 'assistant':
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          const text = toolOutputText(part.output);
          if (text !== undefined) passages.push({ id: `${part.toolName} result ${part.toolCallId}`, text });
        }
        break;
    }
  });
  return passages;
}

type FilePart = Extract<Extract<Prompt[number], { role: 'user' }>['content'][number], { type: 'file' }>;
type ToolOutput = Extract<Extract<Prompt[number], { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];

/** A document's text when it is text (`text/*`, JSON, XML); other files (images, PDFs) hold nothing this can read. */
function documentText(mediaType: string, data: FilePart['data']): string | undefined {
  if (!isTextType(mediaType)) return undefined;
  if (data instanceof Uint8Array) return new TextDecoder().decode(data);
  // The provider spec gives inline file data as base64; a URL is not fetched.
  if (typeof data === 'string') return Buffer.from(data, 'base64').toString('utf8');
  return undefined;
}

function isTextType(mediaType: string): boolean {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('text/')) return true;
  if (!type.startsWith('application/')) return false;
  const sub = type.slice('application/'.length);
  return sub === 'json' || sub === 'xml' || sub.endsWith('+json') || sub.endsWith('+xml');
}

function toolOutputText(output: ToolOutput): string | undefined {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value, null, 2);
    case 'content':
      return output.value.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
    default:
      return undefined;
  }
}
