import { strict as assert } from 'node:assert';
import { openaiResponsesFormat } from '../../../../shared/transcript/formats/openaiResponses';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

function parse(rel: string) {
  const raw = readFixture(`openai-responses/${rel}`);
  return { raw, t: openaiResponsesFormat.parse({ raw }) };
}

describe('OpenAI Responses parser', () => {
  describe('a {request, response} pair with file search results', () => {
    const { raw, t } = parse('request-response.json');

    it('is detected and reads instructions, tools, input items and output items in order', () => {
      assert.equal(detect(raw), 'openai-responses');
      assert.deepEqual(outline(t), [
        'system system prompt (instructions)',
        'tool_definition tool definition lookup_order',
        'tool_definition tool definition lookup_order (description)',
        'tool_definition tool definition lookup_order (schema)',
        'user user',
        'tool_call tool call (lookup_order) order_id',
        'tool_result tool result (lookup_order)',
        'tool_result tool result (lookup_order) (decoded) total',
        'tool_call file search query',
        'document file search result policy.md (name)',
        'document file search result policy.md',
        'reasoning reasoning',
        'assistant* assistant',
      ]);
      assert.deepEqual(
        t.segments.map((s) => s.parent),
        [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      );
      assert.deepEqual(t.gaps, []);
      assertWholeSegmentsMap(raw, t);
    });

    it('maps entities behind \\u escapes and \\n in search results', () => {
      const [answer] = outputs(t);
      assert.equal(rawOf(raw, answer, '€89.90'), '\\u20ac89.90');
      assert.equal(rawOf(raw, answer, '#5521'), '#5521');
      const policy = segmentWith(t, 'Refunds are accepted', 'document');
      assert.equal(rawOf(raw, policy, 'delivery.\nGift'), 'delivery.\\nGift');
      const total = t.segments.find((s) => s.label === 'tool result (lookup_order) (decoded) total')!;
      assert.equal(total.text, '€89.90');
      assert.equal(rawOf(raw, total, '€89.90'), '\\\\u20ac89.90');
      const user = segmentWith(t, 'return order', 'user');
      assert.equal(rawOf(raw, user, 'François Pinault'), 'Fran\\u00e7ois Pinault');
    });

    it('grounds the answer on the search results and tool output, not on its reasoning', () => {
      const [answer] = outputs(t);
      assert.ok(isGrounded(t, answer.id, '30 days'));
      assert.ok(isGrounded(t, answer.id, '2025-05-04'));
      assert.ok(isGrounded(t, answer.id, '89.90'));
      assert.equal(isGrounded(t, answer.id, '15%'), false);
      assert.equal(isGrounded(t, answer.id, '60 days'), false);
    });
  });

  describe('a follow-up response object on its own', () => {
    const { raw, t } = parse('response-followup.json');

    it('reports server-side history, the missing input and unlogged web results', () => {
      assert.deepEqual(outline(t), [
        'system system prompt (instructions)',
        'tool_result web search results (not included)',
        'tool_call web search query',
        'tool_result web search source',
        'assistant* assistant',
        'tool_result web search citation (url)',
        'tool_result web search citation (title)',
      ]);
      // File order lists the marker (at the item's start) and the citations (after the text) out of causal order.
      assert.deepEqual(
        t.segments.map((s) => s.parent),
        [-1, 3, 0, 2, 6, 1, 5],
      );
      assert.deepEqual(
        t.gaps.map((g) => g.code),
        ['server-side-history', 'input-not-in-file'],
      );
      assert.deepEqual(
        outputs(t)[0].gaps?.map((g) => g.code),
        ['server-side-history', 'input-not-in-file', 'search-results-not-included'],
      );
    });

    it('grounds the URL on the search source the model was shown', () => {
      const [answer] = outputs(t);
      const url = 'https://europa.eu/youreurope/citizens/consumers/shopping/returns/index_en.htm';
      assert.ok(isGrounded(t, answer.id, url));
      assert.equal(rawOf(raw, answer, url), url);
    });
  });

  it('reads a streamed dump from its response.completed event', () => {
    const { raw, t } = parse('stream-completed.sse');
    assert.equal(detect(raw), 'openai-responses');
    assert.deepEqual(outline(t), ['system system prompt (instructions)', 'assistant* assistant']);
    assert.deepEqual(
      t.segments.map((s) => s.line),
      [10, 10],
    );
    assert.deepEqual(t.errors, []);
    const [answer] = outputs(t);
    assert.equal(rawOf(raw, answer, '17:00 — "sharp"'), '17:00 \\u2014 \\"sharp\\"');
    assert.ok(isGrounded(t, answer.id, '08:30'));
    assert.equal(isGrounded(t, answer.id, '17:00'), false);
    assert.deepEqual(
      t.gaps.map((g) => g.code),
      ['input-not-in-file'],
    );
  });

  it('refuses a streamed event dump that never completed, with a file-level error', () => {
    const { raw, t } = parse('stream.jsonl');
    assert.equal(detect(raw), 'openai-responses');
    assert.deepEqual(t.segments, []);
    assert.equal(t.errors.length, 1);
    assert.match(t.errors[0].message, /streaming dumps are not supported yet/);
  });

  it('reads a bare input string request and a JSONL of records as separate conversations', () => {
    const raw =
      '{"model":"gpt-4.1","instructions":"Be terse.","input":"Tallest peak in Chile?"}\n' +
      '{"object":"response","output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Ojos del Salado, 6,893 m."}]}]}\n';
    const t = openaiResponsesFormat.parse({ raw });
    assert.deepEqual(outline(t), ['system system prompt (instructions)', 'user user', 'assistant* assistant']);
    assert.deepEqual(
      t.segments.map((s) => [s.parent, s.line]),
      [
        [-1, 0],
        [0, 0],
        [-1, 1],
      ],
    );
    assert.deepEqual(
      t.gaps.map((g) => g.code),
      ['input-not-in-file'],
    );
  });
});
