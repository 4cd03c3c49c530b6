/**
 * Token usage as the model APIs return it, wherever a file keeps the
 * responses: OpenAI Chat Completions (`prompt_tokens`, `completion_tokens`,
 * cached and reasoning details), OpenAI Responses (`input_tokens`,
 * `output_tokens`, `input_tokens_details.cached_tokens`) and Anthropic
 * Messages (`input_tokens` without the cache, `cache_creation_input_tokens`,
 * `cache_read_input_tokens`). Each is converted to TokenCounts' vocabulary
 * (OpenAI's input figures include cached tokens; Anthropic's do not).
 */
import { obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import { count } from './claudeCodeUsage';
import { objectsIn } from './objectsIn';
import { largestCounts, withOneHour, type CallUsage, type TokenCounts } from './model';

/** Which API's usage object: decided by the format where it says, else by the object's keys. */
export type UsageDialect = 'anthropic' | 'openai-responses' | 'openai-chat';

/** A `usage` object in TokenCounts' vocabulary; undefined when it holds no token counts. */
export function apiUsageCounts(u: JsonObject, dialect?: UsageDialect): TokenCounts | undefined {
  const d = dialect ?? dialectOf(u);
  if (!d) return undefined;
  if (d === 'openai-chat') {
    if (!isCount(u.prompt_tokens) && !isCount(u.completion_tokens)) return undefined;
    const cached = count(obj(u.prompt_tokens_details)?.cached_tokens);
    return {
      input: Math.max(0, count(u.prompt_tokens) - cached),
      output: count(u.completion_tokens),
      cacheWrite: null,
      cacheRead: cached,
      reasoning: reasoningOf(obj(u.completion_tokens_details)),
    };
  }
  if (!isCount(u.input_tokens) && !isCount(u.output_tokens)) return undefined;
  if (d === 'openai-responses') {
    const cached = count(obj(u.input_tokens_details)?.cached_tokens);
    return {
      input: Math.max(0, count(u.input_tokens) - cached),
      output: count(u.output_tokens),
      cacheWrite: null,
      cacheRead: cached,
      reasoning: reasoningOf(obj(u.output_tokens_details)),
    };
  }
  return withOneHour(
    {
      input: count(u.input_tokens),
      output: count(u.output_tokens),
      cacheWrite: count(u.cache_creation_input_tokens),
      cacheRead: count(u.cache_read_input_tokens),
      reasoning: null,
    },
    count(obj(u.cache_creation)?.ephemeral_1h_input_tokens),
  );
}

function dialectOf(u: JsonObject): UsageDialect | undefined {
  if ('prompt_tokens' in u || 'completion_tokens' in u) return 'openai-chat';
  if ('input_tokens_details' in u || 'output_tokens_details' in u || 'total_tokens' in u) return 'openai-responses';
  if ('input_tokens' in u || 'output_tokens' in u) return 'anthropic';
  return undefined;
}

function reasoningOf(details: JsonObject | undefined): number | null {
  return details && isCount(details.reasoning_tokens) ? count(details.reasoning_tokens) : null;
}

function isCount(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/**
 * Every object holding a `usage` object with token counts in `values` (each
 * a JSON value and the 1-based line it starts on), as one call per response:
 * objects with the same `id` (a response logged in several stream events, or
 * as request and response) count once, at each field's largest value. The
 * model is the holder's `model`. Walks iteratively: files nest deep.
 */
export function apiUsageCalls(values: ReadonlyArray<{ value: unknown; line: number; range?: [number, number] }>, dialect?: UsageDialect): CallUsage[] {
  const calls: CallUsage[] = [];
  const byId = new Map<string, CallUsage>();
  for (const { value, line, range } of values) {
    for (const o of objectsIn(value, 'usage')) {
      const u = obj(o.usage);
      const counts = u ? apiUsageCounts(u, dialect) : undefined;
      if (counts) {
        const id = str(o.id);
        // An Anthropic stream's `message_delta` carries the final output count of the message its `message_start` opened.
        const delta = o.type === 'message_delta' ? calls[calls.length - 1] : undefined;
        const earlier = delta ?? (id === undefined ? undefined : byId.get(id));
        if (earlier) earlier.counts = largestCounts(earlier.counts, counts);
        else {
          const call: CallUsage = {
            line,
            ...(range ? { range } : {}),
            model: str(o.model) ?? 'unknown',
            agent: 'main',
            counts,
            ...(id !== undefined ? { key: `api:${id}` } : {}),
          };
          if (id !== undefined) byId.set(id, call);
          calls.push(call);
        }
      }
    }
  }
  return calls;
}
