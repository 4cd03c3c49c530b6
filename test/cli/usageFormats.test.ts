import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runUsage, type UsageReport } from '../../cli/commands/usage';
import type { TokenCounts } from '../../shared/usage/model';

/**
 * `groundcheck usage` on the API, tracing and eval formats. Each file is one
 * of the repository's transcript fixtures (cut from public recordings) with
 * usage written in as the real format records it; the expected figures are
 * those written in, converted to the report's vocabulary (input without
 * cache reads, OpenAI's cached tokens taken out of its input figure).
 */
const FIXTURES = join(__dirname, '../fixtures/transcripts');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

describe('groundcheck usage: API, trace and eval formats', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'groundcheck-usage-formats-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const usageOf = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    const out: string[] = [];
    const err: string[] = [];
    const code = runUsage([name], { format: 'json' }, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir });
    assert.equal(code, 0, err.join('\n'));
    return (JSON.parse(out.join('\n')) as UsageReport).sessions[0];
  };
  const counts = (
    input: number,
    output: number,
    cacheWrite: number | null,
    cacheRead: number,
    reasoning: number | null,
    cacheWrite1h?: number,
  ): TokenCounts => ({
    input,
    output,
    cacheWrite,
    cacheRead,
    reasoning,
    ...(cacheWrite1h !== undefined ? { cacheWrite1h } : {}),
  });

  it('reads an OpenAI Chat Completions response’s usage, cached and reasoning tokens apart', () => {
    const doc = JSON.parse(fixture('openai-chat/request-response.json'));
    doc.response.usage = {
      prompt_tokens: 1200,
      completion_tokens: 300,
      total_tokens: 1500,
      prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 128, audio_tokens: 0 },
    };
    const s = usageOf('chat.json', JSON.stringify(doc, null, 2));
    assert.equal(s.format, 'openai-chat');
    assert.deepEqual(s.totals, counts(1200 - 1024, 300, null, 1024, 128));
    assert.deepEqual(s.models, [doc.response.model]);
  });

  it('reads an OpenAI Responses stream once per response, from the event that carries its usage', () => {
    const completed = {
      input_tokens: 2000,
      input_tokens_details: { cached_tokens: 1536 },
      output_tokens: 90,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 2090,
    };
    // response.created carries `usage: null`; response.completed the figures.
    const sse = fixture('openai-responses/stream-completed.sse')
      .replace('"status":"in_progress",', '"status":"in_progress","usage":null,')
      .replace('"status":"completed",', `"status":"completed","usage":${JSON.stringify(completed)},`);
    const s = usageOf('responses.sse', sse);
    assert.equal(s.format, 'openai-responses');
    assert.equal(s.turns, 1);
    assert.deepEqual(s.totals, counts(2000 - 1536, 90, null, 1536, 0));
    assert.deepEqual(s.models, ['gpt-4.1']);
  });

  it('reads Anthropic Messages usage as it is, one-hour cache writes apart (a fixture that records it)', () => {
    // The fixture's response records 812 input and 64 output tokens, nothing cached.
    assert.deepEqual(usageOf('anthropic.json', fixture('anthropic/request-response.json')).totals, counts(812, 64, 0, 0, null));
    const doc = JSON.parse(fixture('anthropic/request-response.json'));
    doc.response.usage = {
      input_tokens: 12,
      cache_creation_input_tokens: 3000,
      cache_read_input_tokens: 20000,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
      output_tokens: 450,
    };
    assert.deepEqual(usageOf('anthropic-cached.json', JSON.stringify(doc)).totals, counts(12, 450, 3000, 20000, null, 2000));
  });

  it('reads a claude -p stream-json log’s assistant usage', () => {
    const lines = fixture('claude-stream/stream.jsonl')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    for (const v of lines)
      if (v.type === 'assistant') v.message.usage = { input_tokens: 4, cache_creation_input_tokens: 100, cache_read_input_tokens: 5000, output_tokens: 20 };
    const s = usageOf('stream.jsonl', lines.map((v) => JSON.stringify(v)).join('\n') + '\n');
    assert.equal(s.format, 'claude-stream');
    // Five responses (msg_1 … msg_5).
    assert.equal(s.turns, 5);
    assert.deepEqual(s.totals, counts(20, 100, 500, 25000, null));
  });

  it('reads gen_ai.usage.* of OTLP spans, and not again the total an enclosing span repeats', () => {
    const doc = JSON.parse(fixture('otlp/genai_current.json'));
    const spans = doc.resourceSpans[0].scopeSpans[0].spans as Array<{ spanId: string; parentSpanId?: string; name: string; attributes: unknown[] }>;
    const int = (key: string, n: number) => ({ key, value: { intValue: String(n) } });
    const chat = spans.find((s) => s.name.startsWith('chat'))!;
    chat.attributes.push(int('gen_ai.usage.input_tokens', 700), int('gen_ai.usage.output_tokens', 40), int('gen_ai.usage.cache_read.input_tokens', 500));
    const parent = spans.find((s) => s.spanId === chat.parentSpanId);
    assert.ok(parent, 'the fixture’s chat span has a parent span');
    // An agent span above it repeats the run's total: counting it too would double the figures.
    parent.attributes.push(int('gen_ai.usage.input_tokens', 700), int('gen_ai.usage.output_tokens', 40));
    const s = usageOf('trace.json', JSON.stringify(doc));
    assert.equal(s.format, 'otlp');
    assert.equal(s.turns, 1);
    assert.deepEqual(s.totals, counts(200, 40, null, 500, null));
  });

  it('reads OpenInference llm.token_count.* attributes', () => {
    const doc = JSON.parse(fixture('openinference/bare_attributes.json'));
    delete doc['gen_ai.usage.input_tokens'];
    Object.assign(doc, {
      'llm.model_name': 'gpt-4.1-mini',
      'llm.token_count.prompt': 88,
      'llm.token_count.completion': 31,
      'llm.token_count.prompt_details.cache_read': 64,
    });
    const s = usageOf('span.json', JSON.stringify(doc));
    assert.deepEqual(s.totals, counts(24, 31, null, 64, null));
    assert.deepEqual(s.models, ['gpt-4.1-mini']);
  });

  it('reads Inspect model events’ usage, and the log’s model_usage when samples keep none', () => {
    const doc = JSON.parse(fixture('inspect/security_guide.json'));
    const usage = { input_tokens: 900, output_tokens: 120, total_tokens: 1020, input_tokens_cache_read: 512, reasoning_tokens: 0 };
    doc.samples[0].events = [...(doc.samples[0].events ?? []), { event: 'model', model: 'openai/gpt-4o', input: [], output: { model: 'gpt-4o', usage } }];
    // OpenAI's input includes the 512 cached tokens Inspect lists apart.
    assert.deepEqual(usageOf('inspect.json', JSON.stringify(doc)).totals, counts(388, 120, null, 512, 0));
    const statsOnly = JSON.parse(fixture('inspect/security_guide.json'));
    statsOnly.stats = {
      model_usage: {
        'anthropic/claude-sonnet-4-5': {
          input_tokens: 30,
          output_tokens: 800,
          total_tokens: 2830,
          input_tokens_cache_write: 1000,
          input_tokens_cache_read: 1000,
        },
      },
    };
    const s = usageOf('inspect-stats.json', JSON.stringify(statsOnly));
    // Anthropic's input figure excludes the cache already.
    assert.deepEqual(s.totals, counts(30, 800, 1000, 1000, null));
    assert.deepEqual(s.models, ['anthropic/claude-sonnet-4-5']);
  });

  it('reads a LangSmith llm run’s usage_metadata from its patch record', () => {
    const doc = JSON.parse(fixture('langsmith/post_patch.json'));
    // As langsmith-js logs a wrapped OpenAI reasoning call: input 43, output 1,901 of which 960 reasoning.
    doc.patch[0].outputs.usage_metadata = {
      input_tokens: 43,
      output_tokens: 1901,
      total_tokens: 1944,
      input_token_details: { cache_read: 0 },
      output_token_details: { reasoning: 960 },
    };
    const s = usageOf('langsmith.json', JSON.stringify(doc));
    assert.equal(s.format, 'langsmith');
    assert.deepEqual(s.totals, counts(43, 1901, null, 0, 960));
  });

  it('reads Langfuse generations’ usageDetails', () => {
    const doc = JSON.parse(fixture('langfuse/trace.json'));
    const generation = doc.observations.find((o: { type: string }) => o.type === 'GENERATION');
    generation.usageDetails = { input: 310, output: 42, input_cached_tokens: 128, total: 480 };
    const s = usageOf('langfuse.json', JSON.stringify(doc));
    assert.deepEqual(s.totals, counts(310, 42, null, 128, null));
    assert.deepEqual(s.models, ['gpt-4o']);
  });

  it('says so where a file of these formats records no usage, and does not estimate', () => {
    for (const [name, path] of [
      ['fine-tune.jsonl', 'openai-chat/batch-input.jsonl'],
      ['langfuse-bare.json', 'langfuse/trace.json'],
      ['otlp-bare.json', 'otlp/vercel_ai.json'],
    ]) {
      const s = usageOf(name, fixture(path));
      assert.equal(s.recorded, false, name);
      assert.equal(s.totals, null, name);
      assert.equal(s.note, 'no usage recorded in this file', name);
    }
  });

  it('reads the usage of a codex exec --json stream in the repository (it names no model)', () => {
    // The fixture's turn.completed: input_tokens 5,210 of which cached_input_tokens 4,096, output_tokens 188.
    const s = usageOf('exec.jsonl', fixture('codex-exec/exec.jsonl'));
    assert.deepEqual(s.totals, counts(1114, 188, null, 4096, 0));
    assert.deepEqual(s.cost, { usd: null, pricedUsd: 0, unknown: ['the log does not name the model'] });
  });
});
