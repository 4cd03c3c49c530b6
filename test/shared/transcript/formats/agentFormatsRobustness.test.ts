/**
 * The agent and chat parsers on damaged input: cut and spliced fixtures,
 * arbitrary JSON in the right envelope, never an exception, and every range
 * (forced out of the lazy maps) inside the file.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ALL_FORMATS } from '../../../../shared/transcript/formats';
import type { FormatParser, Transcript } from '../../../../shared/transcript/model';
import { assertWholeSegmentsMap, isGrounded, readFixture } from './fixtureHelpers';

const FIXTURES: Array<[format: string, rel: string]> = [
  ['claude-code', 'claude-code/session.jsonl'],
  ['claude-stream', 'claude-stream/stream.jsonl'],
  ['codex', 'codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl'],
  ['codex-exec', 'codex-exec/exec.jsonl'],
  ['gemini-cli', 'gemini-cli/session-2026-01-05T09-12-3f9a1c2e.jsonl'],
  ['gemini-cli', 'gemini-cli/session-2026-01-06T10-00-7c1d2e3f.json'],
  ['openai-chat', 'openai-chat/request-response.json'],
  ['openai-chat', 'openai-chat/fine-tune.jsonl'],
  ['openai-responses', 'openai-responses/request-response.json'],
  ['openai-responses', 'openai-responses/stream-completed.sse'],
  ['anthropic', 'anthropic/request-response.json'],
  ['anthropic', 'anthropic/conversations.jsonl'],
  ['cline', 'cline/api_conversation_history.json'],
];

function parser(id: string): FormatParser {
  const found = ALL_FORMATS.find((f) => f.id === id);
  assert.ok(found, `${id} is registered`);
  return found;
}

function assertRangesInside(t: Transcript, raw: string): void {
  for (const s of t.segments) {
    const start = s.map.toRaw(0);
    const end = s.map.toRaw(s.text.length);
    assert.ok(start >= 0 && start <= end && end <= raw.length, `${s.label}: [${start}, ${end}) outside ${raw.length}`);
  }
  // Parents may come later in file order, but never loop.
  for (const s of t.segments) {
    let steps = 0;
    for (let p = s.parent; p >= 0; p = t.segments[p].parent) assert.ok(++steps <= t.segments.length, `segment ${s.id} is on a parent cycle`);
  }
  for (const e of t.errors) assert.ok(e.rawRange[0] >= 0 && e.rawRange[0] <= e.rawRange[1] && e.rawRange[1] <= raw.length);
}

describe('agent and chat parsers list segments in file order', () => {
  const all: Array<[string, string]> = [
    ...FIXTURES,
    ['openai-chat', 'openai-chat/batch-input.jsonl'],
    ['openai-chat', 'openai-chat/batch-output.jsonl'],
    ['openai-chat', 'openai-chat/messages.json'],
    ['openai-responses', 'openai-responses/response-followup.json'],
    ['anthropic', 'anthropic/web-search-response.json'],
  ];
  for (const [format, rel] of all) {
    it(`${rel}: each segment starts at or after the one before it`, () => {
      const raw = readFixture(rel);
      assertWholeSegmentsMap(raw, parser(format).parse({ raw }));
    });
  }

  it('keeps tools that follow the messages in the file as their ancestors', () => {
    const t = parser('openai-chat').parse({ raw: readFixture('openai-chat/fine-tune.jsonl') });
    const weather = t.segments.filter((s) => s.line === 2);
    assert.deepEqual(
      weather.map((s) => s.role),
      ['user', 'tool_call', 'tool_call', 'tool_result', 'assistant', 'tool_definition', 'tool_definition', 'tool_definition'],
    );
    assert.ok(isGrounded(t, weather[4].id, 'Get the current weather'));
  });
});

describe('agent and chat parsers on damaged input', () => {
  for (const [format, rel] of FIXTURES) {
    it(`${rel}: survives cuts and deletions anywhere`, () => {
      const raw = readFixture(rel);
      fc.assert(
        fc.property(fc.nat(raw.length), fc.nat(raw.length), fc.nat(40), (a, b, len) => {
          const cut = raw.slice(0, Math.max(a, b));
          const damaged = cut.slice(0, Math.min(a, b)) + cut.slice(Math.min(a, b) + len);
          assertRangesInside(parser(format).parse({ raw: damaged }), damaged);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('never throws on arbitrary JSON in each format’s envelope', () => {
    const envelopes: Array<[string, (v: unknown) => string]> = [
      ['claude-code', (v) => JSON.stringify({ type: 'assistant', uuid: 'a', parentUuid: null, message: v })],
      ['claude-code', (v) => JSON.stringify({ type: 'user', uuid: 'u', parentUuid: 'x', message: { role: 'user', content: v } })],
      ['claude-stream', (v) => JSON.stringify({ type: 'assistant', message: { content: v }, parent_tool_use_id: v })],
      ['codex', (v) => JSON.stringify({ timestamp: 't', type: 'response_item', payload: v })],
      ['codex-exec', (v) => JSON.stringify({ type: 'item.completed', item: v })],
      ['gemini-cli', (v) => JSON.stringify({ id: 'g', type: 'gemini', content: v, thoughts: v, toolCalls: v })],
      ['gemini-cli', (v) => JSON.stringify({ id: 'g', type: 'gemini', content: '', toolCalls: [{ id: 'c', name: 'n', args: v, result: v }] })],
      ['gemini-cli', (v) => JSON.stringify({ sessionId: 's', projectHash: 'h', messages: [{ id: 'u', type: 'user', content: v }] })],
      ['gemini-cli', (v) => JSON.stringify({ $set: { messages: v } })],
      ['openai-chat', (v) => JSON.stringify({ messages: v, tools: v, choices: v })],
      ['openai-responses', (v) => JSON.stringify({ input: v, output: v, tools: v })],
      ['anthropic', (v) => JSON.stringify({ system: v, tools: v, messages: v })],
      [
        'cline',
        (v) =>
          JSON.stringify([
            { role: 'user', content: v },
            { role: 'assistant', content: v },
          ]),
      ],
    ];
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.nat(envelopes.length - 1), (value, k) => {
        const [format, wrap] = envelopes[k];
        const raw = `${wrap(value)}\n`;
        assertRangesInside(parser(format).parse({ raw }), raw);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary text, JSON or SSE-looking input', () => {
    const ids = [...new Set(FIXTURES.map(([f]) => f)), 'codex-exec', 'claude-stream'];
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc.json({ maxDepth: 3 }).map((j) => `event: x\ndata: ${j}\n\ndata: {"type":"response.completed","response":${j}}\n`),
      fc.array(fc.json({ maxDepth: 3 }), { maxLength: 5 }).map((lines) => lines.join('\n')),
    );
    fc.assert(
      fc.property(text, (raw) => {
        for (const id of ids) assertRangesInside(parser(id).parse({ raw }), raw);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a line holding a 3 MB base64 screenshot and a 2 MB tool output', () => {
    const image = 'iVBORw0KGgo'.repeat(300_000);
    const output = `${'row,1,2,3\n'.repeat(200_000)}total: 200000 rows`;
    const raw =
      JSON.stringify({
        type: 'user',
        uuid: 'u1',
        parentUuid: null,
        sessionId: 's',
        message: {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: image } },
            { type: 'text', text: 'Count the rows.' },
          ],
        },
      }) +
      '\n' +
      JSON.stringify({
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        sessionId: 's',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'cat big.csv' } }] },
      }) +
      '\n' +
      JSON.stringify({
        type: 'user',
        uuid: 'u2',
        parentUuid: 'a1',
        sessionId: 's',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: output }] },
      }) +
      '\n';
    const t = parser('claude-code').parse({ raw });
    assert.deepEqual(
      t.segments.map((s) => [s.label, s.text.length]),
      [
        ['image', 0],
        ['user', 15],
        ['tool call (Bash) command', 11],
        ['tool result (Bash)', output.length],
      ],
    );
    const result = t.segments[3];
    const at = result.text.indexOf('200000 rows');
    assert.equal(raw.slice(result.map.toRaw(at), result.map.toRaw(at + 11)), '200000 rows');
  });

  it('maps the value JSON.parse kept when a spliced line repeats a key, escapes and all', () => {
    const first = '"message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Bash","input":{"command":"ls"}}]}';
    const second = '"message":{"role":"user","content":[{"type":"text","text":"Find MAX_RETRIES."}]}';
    const raw = `{"type":"user",${first},"uuid":"a",${second},"parentUuid":null,"sessionId":"s"}\n`;
    const [segment] = parser('claude-code')
      .parse({ raw })
      .segments.filter((s) => s.role === 'user');
    assert.equal(segment.text, 'Find MAX_RETRIES.');
    assert.equal(raw.slice(segment.map.toRaw(0), segment.map.toRaw(segment.text.length)), 'Find MAX_RETRIES.');

    const escaped = raw.replace('Find MAX_RETRIES.', 'Caf\\u00e9 MAX_RETRIES.');
    const [kept] = parser('claude-code')
      .parse({ raw: escaped })
      .segments.filter((s) => s.role === 'user');
    assert.equal(kept.text, 'Café MAX_RETRIES.');
    assert.equal(escaped.slice(kept.map.toRaw(0), kept.map.toRaw(kept.text.length)), 'Caf\\u00e9 MAX_RETRIES.');
    assert.equal(kept.map.toRaw(0), escaped.lastIndexOf('Caf'));
  });
});
