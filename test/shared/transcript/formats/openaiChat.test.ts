import { strict as assert } from 'node:assert';
import { openaiChatFormat } from '../../../../shared/transcript/formats/openaiChat';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

function parse(rel: string) {
  const raw = readFixture(`openai-chat/${rel}`);
  return { raw, t: openaiChatFormat.parse({ raw }) };
}

describe('OpenAI Chat Completions parser', () => {
  describe('a pretty-printed {request, response} dump', () => {
    const { raw, t } = parse('request-response.json');

    it('is detected and reads tools, messages, tool calls and the choice in order', () => {
      assert.equal(detect(raw), 'openai-chat');
      assert.deepEqual(outline(t), [
        'tool_definition tool definition get_price',
        'tool_definition tool definition get_price (description)',
        'tool_definition tool definition get_price (schema)',
        'system system prompt',
        'user user',
        'tool_call tool call (get_price) sku',
        'tool_call tool call (get_price) currency',
        'tool_call tool call (get_price) note',
        'tool_result tool result (get_price)',
        'tool_result tool result (get_price) (decoded) stock',
        'assistant* assistant',
      ]);
      assert.deepEqual(
        t.segments.map((s) => s.parent),
        [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      );
      assertWholeSegmentsMap(raw, t);
    });

    it('gives each segment the line its string starts on', () => {
      const lines = raw.split('\n');
      for (const s of t.segments) {
        const lineStart = lines.slice(0, s.line).join('\n').length + (s.line > 0 ? 1 : 0);
        const at = s.map.toRaw(0);
        assert.ok(at >= lineStart && at <= lineStart + lines[s.line].length, `segment ${s.id}`);
      }
    });

    it('maps the answer and the context through \\u and \\" escapes', () => {
      const [answer] = outputs(t);
      assert.equal(rawOf(raw, answer, 'Café Lumière'), 'Caf\\u00e9 Lumi\\u00e8re');
      assert.equal(rawOf(raw, answer, '"large"'), '\\"large\\"');
      const system = segmentWith(t, 'Lumière', 'system');
      assert.equal(rawOf(raw, system, 'Café Lumière'), 'Caf\\u00e9 Lumi\\u00e8re');
    });

    it('unwraps JSON-string arguments and maps their strings two escape levels deep', () => {
      const note = segmentWith(t, 'user asked', 'tool_call');
      assert.equal(note.text, 'user asked "how many"');
      assert.equal(rawOf(raw, note, '"how many"'), '\\\\\\"how many\\\\\\"');
    });

    it('adds escaped strings of a JSON tool result decoded, mapped through both levels', () => {
      const stock = t.segments.find((s) => s.label === 'tool result (get_price) (decoded) stock')!;
      assert.equal(stock.text, '3 "large" boxes');
      assert.equal(rawOf(raw, stock, '"large"'), '\\\\\\"large\\\\\\"');
    });

    it('keeps the parameter schema as literal JSON so its keys ground', () => {
      const schema = segmentWith(t, '"properties"', 'tool_definition');
      assert.equal(schema.text, raw.slice(schema.map.toRaw(0), schema.map.toRaw(schema.text.length)));
      assert.ok(schema.text.startsWith('{') && schema.text.endsWith('}'));
      assert.ok(schema.text.includes('"sku"'));
    });

    it('grounds the answer on the tool result and system prompt, not on the arguments it wrote', () => {
      const [answer] = outputs(t);
      assert.ok(isGrounded(t, answer.id, '12.5'));
      assert.ok(isGrounded(t, answer.id, 'Café Lumière'));
      assert.equal(isGrounded(t, answer.id, 'how many"'), false);
      assert.equal(isGrounded(t, answer.id, '5 days'), false);
      assert.deepEqual(t.gaps, []);
    });
  });

  describe('fine-tune JSONL', () => {
    const { raw, t } = parse('fine-tune.jsonl');

    it('makes each line its own conversation and skips weight-0 assistant turns as outputs', () => {
      assert.deepEqual(
        t.segments.filter((s) => s.parent === -1).map((s) => s.line),
        [0, 2],
      );
      assert.deepEqual(
        outputs(t).map((s) => s.text.slice(0, 20)),
        ['Oh, just some guy na', 'It is 16 °C in San F'],
      );
      assert.equal(segmentWith(t, 'Paris').label, 'assistant (weight 0)');
      assert.equal(segmentWith(t, 'Paris').isOutput, false);
    });

    it('reports the malformed line and parses the rest', () => {
      assert.deepEqual(
        t.errors.map((e) => [e.line, e.rawRange[1] - e.rawRange[0]]),
        [[1, 47]],
      );
    });

    it('maps \\u escapes in an ASCII-escaped line', () => {
      const weather = outputs(t)[1];
      assert.equal(rawOf(raw, weather, '16 °C'), '16 \\u00b0C');
      assert.equal(rawOf(raw, weather, '18:00'), '18:00');
      assert.ok(isGrounded(t, weather.id, '"temperature": 16'));
      assert.equal(isGrounded(t, weather.id, '18:00'), false);
      assert.equal(isGrounded(t, outputs(t)[0].id, 'San Francisco'), false, 'lines do not ground each other');
    });
  });

  describe('Batch API files', () => {
    it('reads batch input bodies as separate conversations without outputs', () => {
      const { raw, t } = parse('batch-input.jsonl');
      assert.equal(detect(raw), 'openai-chat');
      assert.deepEqual(outline(t), ['system system prompt', 'user user', 'system system prompt', 'user user']);
      assert.deepEqual(
        t.segments.map((s) => s.parent),
        [-1, 0, -1, 2],
      );
    });

    it('reads batch output choices as outputs whose request is elsewhere', () => {
      const { raw, t } = parse('batch-output.jsonl');
      assert.deepEqual(outline(t), ['assistant* assistant', 'assistant* assistant']);
      assert.deepEqual(
        t.gaps.map((g) => [g.code, g.affects]),
        [['request-not-in-file', 'all']],
      );
      assert.equal(rawOf(raw, outputs(t)[1], '19% VAT'), '19% VAT');
      assert.deepEqual(
        outputs(t)[0].gaps?.map((g) => g.code),
        ['request-not-in-file'],
      );
    });
  });

  it('marks an inline image as unreadable without reading its base64', () => {
    const { raw, t } = parse('messages.json');
    assert.deepEqual(outline(t), ['user user', 'user image', 'assistant* assistant']);
    const image = t.segments[1];
    assert.equal(image.text, '');
    assert.equal(raw.slice(image.map.toRaw(0), image.map.toRaw(0) + 20), '{"type": "image_url"');
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => [g.code, g.affects]),
      [['image-content', 'all']],
    );
  });

  it('refuses a streamed dump with a file-level error instead of misreading it', () => {
    const { raw, t } = parse('stream.sse');
    assert.equal(detect(raw), 'openai-chat');
    assert.deepEqual(t.segments, []);
    assert.deepEqual(
      t.errors.map((e) => [e.line, e.message]),
      [[0, 'This looks like a streamed response (SSE or delta chunks); streaming dumps are not supported yet.']],
    );
  });

  it('reads legacy function calling: functions[], function_call and the function role', () => {
    const raw = JSON.stringify({
      functions: [
        { name: 'get_rate', description: 'Exchange rate for a currency pair.', parameters: { type: 'object', properties: { pair: { type: 'string' } } } },
      ],
      messages: [
        { role: 'user', content: 'EUR to CHF?' },
        { role: 'assistant', content: null, function_call: { name: 'get_rate', arguments: '{"pair":"EURCHF"}' } },
        { role: 'function', name: 'get_rate', content: '0.9412' },
        { role: 'assistant', content: '1 EUR buys 0.9412 CHF.' },
      ],
    });
    const t = openaiChatFormat.parse({ raw });
    assert.deepEqual(outline(t), [
      'tool_definition tool definition get_rate',
      'tool_definition tool definition get_rate (description)',
      'tool_definition tool definition get_rate (schema)',
      'user user',
      'tool_call tool call (get_rate) pair',
      'tool_result tool result (get_rate)',
      'assistant* assistant',
    ]);
    assert.ok(isGrounded(t, outputs(t)[0].id, '0.9412'));
  });

  it('grounds search-model answers on their cited URLs and marks the unread page text as a gap', () => {
    const raw = JSON.stringify({
      object: 'chat.completion',
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'The 2024 Tour de France was won by Tadej Pogačar.',
            annotations: [{ type: 'url_citation', url_citation: { start_index: 0, end_index: 49, url: 'https://example.org/tdf', title: 'TdF 2024' } }],
          },
        },
      ],
    });
    const t = openaiChatFormat.parse({ raw });
    assert.deepEqual(outline(t), ['assistant* assistant', 'tool_result web search citation (url)', 'tool_result web search citation (title)']);
    assert.deepEqual(
      t.segments.map((s) => s.parent),
      [2, -1, 1],
    );
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => g.code),
      ['request-not-in-file', 'search-results-not-included'],
    );
    // The cited URL grounds the link; the page text the model read is not in the file.
    assert.ok(isGrounded(t, outputs(t)[0].id, 'https://example.org/tdf'));
    assert.equal(rawOf(raw, t.segments[1], 'example.org/tdf'), 'example.org/tdf');
  });
});
