import { strict as assert } from 'node:assert';
import { anthropicMessagesFormat } from '../../../../shared/transcript/formats/anthropicMessages';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

function parse(rel: string) {
  const raw = readFixture(`anthropic/${rel}`);
  return { raw, t: anthropicMessagesFormat.parse({ raw }) };
}

describe('Anthropic Messages parser', () => {
  describe('a request with documents, search results and a tool round trip, and its response', () => {
    const { raw, t } = parse('request-response.json');

    it('is detected and reads system, tools, blocks and the response in order', () => {
      assert.equal(detect(raw), 'anthropic');
      assert.deepEqual(outline(t), [
        'system system prompt',
        'tool_definition tool definition get_invoice',
        'tool_definition tool definition get_invoice (description)',
        'tool_definition tool definition get_invoice (schema)',
        'document document lease.txt',
        'document document lease.txt (title)',
        'document search result Tenancy FAQ (source)',
        'document search result Tenancy FAQ (title)',
        'document search result Tenancy FAQ',
        'user user',
        'assistant* assistant',
        'tool_call tool call (get_invoice) invoice_id',
        'tool_result tool result (get_invoice)',
        'assistant* assistant',
        'assistant* assistant',
        'document citation (lease.txt)',
        'assistant* assistant',
      ]);
      // The cited passage is listed where the file has it, after its text, yet comes before it on the branch.
      assert.deepEqual(
        t.segments.map((s) => s.parent),
        [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 13, 14],
      );
      assert.deepEqual(t.gaps, []);
      assertWholeSegmentsMap(raw, t);
    });

    it('maps entities behind \\u escapes, \\" and \\n to their raw characters', () => {
      const last = outputs(t)[3];
      assert.equal(rawOf(raw, last, '€1,250.00'), '\\u20ac1,250.00');
      assert.equal(rawOf(raw, last, 'Harriet O’Neill'), 'Harriet O\\u2019Neill');
      assert.equal(rawOf(raw, last, '"final notice"'), '\\"final notice\\"');
      const lease = segmentWith(t, 'The lease starts', 'document');
      assert.equal(rawOf(raw, lease, '2024.\nRent: £1,800'), '2024.\\nRent: \\u00a31,800');
    });

    it('grounds the answer on the document, tool result and system prompt', () => {
      const last = outputs(t)[3];
      assert.ok(isGrounded(t, last.id, '€1,250.00'));
      assert.ok(isGrounded(t, last.id, '"final notice"'));
      assert.ok(isGrounded(t, outputs(t)[2].id, '1 March 2024'));
      assert.equal(isGrounded(t, last.id, 'Harriet'), false);
      assert.equal(isGrounded(t, last.id, '3,000'), false);
      assert.equal(isGrounded(t, last.id, 'Let me fetch'), false, 'its own earlier text is not evidence');
    });
  });

  it('reports encrypted web search results and the missing request for a bare response', () => {
    const { raw, t } = parse('web-search-response.json');
    assert.equal(detect(raw), 'anthropic');
    assert.deepEqual(outline(t), [
      'tool_call tool call (web_search) query',
      'tool_result web search result (encrypted)',
      'tool_result web search result',
      'tool_result web search result',
      'assistant* assistant',
      'tool_result citation (Ojos del Salado - Wikipedia)',
    ]);
    // The cited passage is the only readable text of the encrypted page: it grounds the figure.
    const [answer] = outputs(t);
    assert.ok(isGrounded(t, answer.id, '6,893 m'));
    const citation = t.segments[5];
    assert.equal(rawOf(raw, citation, 'highest volcano'), 'highest volcano');
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => [g.code, g.affects]),
      [
        ['request-not-in-file', 'all'],
        ['encrypted-search-results', 'all'],
      ],
    );
    const marker = t.segments[1];
    assert.equal(marker.text, '');
    assert.equal(raw.slice(marker.map.toRaw(0), marker.map.toRaw(0) + 2), '[{');
  });

  describe('JSONL of conversations', () => {
    const { raw, t } = parse('conversations.jsonl');

    it('keeps each line a separate conversation and reports the malformed line', () => {
      assert.deepEqual(
        t.segments.filter((s) => s.parent === -1).map((s) => s.line),
        [0, 2],
      );
      assert.deepEqual(
        t.errors.map((e) => e.line),
        [1],
      );
    });

    it('marks a base64 PDF unreadable without reading it, and thinking as reasoning', () => {
      assert.deepEqual(outline(t).slice(0, 5), [
        'document document q3-report.pdf (not readable here)',
        'document document q3-report.pdf (title)',
        'user user',
        'reasoning thinking',
        'assistant* assistant',
      ]);
      const pdf = t.segments[0];
      assert.equal(pdf.text, '');
      assert.equal(raw.slice(pdf.map.toRaw(0), pdf.map.toRaw(0) + 16), '{"type": "base64');
      assert.deepEqual(
        outputs(t)[0].gaps?.map((g) => g.code),
        ['unreadable-document'],
      );
      assert.equal(isGrounded(t, outputs(t)[0].id, '$4.2M'), false);
    });

    it('labels an error tool result and maps through unescaped non-ASCII', () => {
      const result = segmentWith(t, '120 tests', 'tool_result');
      assert.equal(result.label, 'tool result (bash) error');
      assert.equal(rawOf(raw, result, '✖ parses dates'), '✖ parses dates');
      assert.equal(rawOf(raw, result, 'failed\n'), 'failed\\n');
      const [, answer] = outputs(t);
      assert.ok(isGrounded(t, answer.id, '3 of 120'));
      assert.equal(isGrounded(t, answer.id, '2 URL'), false);
      assert.deepEqual(answer.gaps, undefined);
    });
  });

  it('refuses an SSE stream with a file-level error', () => {
    const raw = 'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[]}}\n\n';
    assert.equal(detect(raw), 'anthropic');
    const t = anthropicMessagesFormat.parse({ raw });
    assert.deepEqual(t.segments, []);
    assert.match(t.errors[0].message, /streaming dumps are not supported yet/);
  });

  it('reads claude-trace request/response pairs and names a streamed response it cannot read', () => {
    const pair = (body: object, response: object) =>
      JSON.stringify({ request: { timestamp: 1, method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: {}, body }, response, logged_at: 't' });
    const raw =
      pair(
        { model: 'claude-sonnet-4-5', system: 'Be exact.', messages: [{ role: 'user', content: 'Boiling point of water at sea level?' }] },
        { status_code: 200, headers: {}, body: { type: 'message', role: 'assistant', content: [{ type: 'text', text: '100 °C, or 212 °F.' }] } },
      ) +
      '\n' +
      pair(
        { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'And at 3,000 m?' }] },
        { status_code: 200, headers: {}, body_raw: 'event: message_start\ndata: {"type":"message_start"}\n\n' },
      ) +
      '\n';
    assert.equal(detect(raw), 'anthropic');
    const t = anthropicMessagesFormat.parse({ raw });
    assert.deepEqual(outline(t), ['system system prompt', 'user user', 'assistant* assistant', 'user user']);
    assert.deepEqual(
      t.segments.map((s) => [s.parent, s.line]),
      [
        [-1, 0],
        [0, 0],
        [1, 0],
        [-1, 1],
      ],
    );
    assert.deepEqual(
      t.errors.map((e) => [e.line, e.message]),
      [[1, 'Line 2: the response was streamed (SSE in body_raw); streaming dumps are not supported yet, so its output is not checked.']],
    );
    assert.deepEqual(t.gaps, []);
  });
});
