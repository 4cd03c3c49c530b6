import { strict as assert } from 'node:assert';
import { otlpFormat } from '../../../../shared/transcript/formats/otlp';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('OTLP traces', () => {
  it('is detected for OTel GenAI, OpenLLMetry, OpenInference and flat span dumps', () => {
    for (const f of ['otlp/genai_current.json', 'otlp/openllmetry.jsonl', 'openinference/agentprism.json', 'openinference/flat_span.json']) {
      assert.equal(detectedId(f), 'otlp', f);
    }
    const logsOnly = '{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"eventName":"gen_ai.user.message","body":{"stringValue":"hi"}}]}]}]}';
    assert.equal(otlpFormat.sniff(logsOnly), 0.9);
    assert.equal(otlpFormat.sniff('{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"body":{"stringValue":"disk full"}}]}]}]}'), 0);
  });

  describe('current GenAI conventions', () => {
    const { raw, t } = parseFixture(otlpFormat, 'otlp/genai_current.json');
    const answer = byLabel(t, 'assistant (span chat gpt-4o)');

    it('grounds an LLM span in its own inputs, then in documents and tool results that finished before it started', () => {
      assert.deepEqual(t.errors, []);
      assert.equal(answer.isOutput, true);
      assert.deepEqual(groundingOf(t, answer), [
        'user 3 (span chat gpt-4o)',
        'system instructions 2 (span chat gpt-4o)',
        'tool definitions 1 (span chat gpt-4o)',
        'tool result get_invoice (span execute_tool get_invoice)',
        'retrieved document 1 (span retrieval kb)',
      ]);
      // The late retriever finished after this call began, so it grounds only the later call.
      assert.ok(groundingOf(t, byLabel(t, 'assistant (span chat gpt-4o-mini)')).includes('retrieved document 1 (span retrieval late)'));
    });

    it('maps text inside JSON-in-attribute strings back to the doubly escaped raw characters', () => {
      assert.equal(rawOf(raw, answer, '"Pro" plan is €49'), '\\\\\\"Pro\\\\\\" plan is \\\\u20ac49');
      const system = byLabel(t, 'system instructions 2 (span chat gpt-4o)');
      assert.equal(rawOf(raw, system, 'Norvik AB.\nBe'), 'Norvik AB.\\\\nBe');
      const tool = byLabel(t, 'tool result get_invoice (span execute_tool get_invoice)');
      assert.equal(rawOf(raw, tool, '"total":"€147.00"'), '\\"total\\":\\"\\u20ac147.00\\"');
    });

    it('reports documents without content and truncated message attributes as gaps', () => {
      assert.deepEqual(
        answer.gaps?.map((g) => g.code),
        ['document-content-missing'],
      );
      const cut = byLabel(t, 'assistant (span chat gpt-4o-mini)');
      assert.deepEqual(
        cut.gaps?.map((g) => g.code),
        ['truncated', 'document-content-missing'],
      );
      assert.match(cut.gaps![0].message, /gen_ai\.input\.messages/);
      assert.ok(byLabel(t, 'user 1 (span chat gpt-4o-mini)').text.startsWith('[{"role":"user"'));
    });
  });

  describe('OpenLLMetry indexed keys and deprecated events', () => {
    const { raw, t } = parseFixture(otlpFormat, 'otlp/openllmetry.jsonl');

    it('orders indexed messages numerically, .10 after .9, and reports the broken line', () => {
      assert.equal(byLabel(t, 'user 10 (span anthropic.chat)').text, 'Turn 9: fact number 109.');
      const last = byLabel(t, 'user 11 (span anthropic.chat)');
      assert.ok(last.text.startsWith('Turn 10:'));
      assert.equal(rawOf(raw, last, '"Danube, 2,850 km"'), '\\"Danube, 2,850 km\\"');
      assert.equal(byLabel(t, 'assistant (span anthropic.chat)').parent, last.id);
      assert.deepEqual(
        t.errors.map((e) => e.line),
        [1],
      );
    });

    it('reads deprecated gen_ai.user.message and gen_ai.choice events', () => {
      const out = byLabel(t, 'assistant (span chat claude)');
      assert.equal(out.text, 'L-I-M-A, population 10 million.');
      assert.equal(out.line, 2);
      assert.deepEqual(groundingOf(t, out), ['user 1 (span chat claude)']);
    });
  });

  describe('OpenInference', () => {
    it('takes outputs from LLM spans only, grounded in earlier retriever documents', () => {
      const { raw, t } = parseFixture(otlpFormat, 'openinference/agentprism.json');
      assert.deepEqual(
        outputs(t).map((o) => o.label),
        ['assistant (span ChatOpenAI)'],
      );
      assert.deepEqual(groundingOf(t, outputs(t)[0]), [
        'user 3 (span ChatOpenAI)',
        'system 2 (span ChatOpenAI)',
        'tool definition 1 (span ChatOpenAI)',
        'retrieved document 2 (span VectorStoreRetriever)',
        'retrieved document 1 (span VectorStoreRetriever)',
      ]);
      assert.equal(rawOf(raw, byLabel(t, 'retrieved document 2 (span VectorStoreRetriever)'), 'Turin.\nOpen Mon–Fri'), 'Turin.\\nOpen Mon\\u2013Fri');
    });

    it('reads flat attribute maps with tool calls and tool results', () => {
      const { raw, t } = parseFixture(otlpFormat, 'openinference/flat_span.json');
      assert.deepEqual(
        t.segments.map((s) => [s.role, s.label]),
        [
          ['user', 'user 1 (span ChatCompletion)'],
          ['tool_call', 'tool call get_weather 2 (span ChatCompletion)'],
          ['tool_result', 'tool result get_weather 3 (span ChatCompletion)'],
          ['assistant', 'assistant (span ChatCompletion)'],
        ],
      );
      const tool = byLabel(t, 'tool result get_weather 3 (span ChatCompletion)');
      assert.equal(rawOf(raw, tool, '"wind": "NW 5 m/s"'), '\\"wind\\": \\"NW 5 m/s\\"');
      assert.equal(rawOf(raw, outputs(t)[0], '4 °C'), '4 °C');
      // A tool was called but no tool schemas were logged.
      assert.deepEqual(
        outputs(t)[0].gaps?.map((g) => [g.code, g.affects]),
        [['tool-schemas-missing', ['identifier', 'quoted_string']]],
      );
    });
  });

  describe('a bare attribute map', () => {
    it('reads a span saved as its attributes alone, named after its operation and model', () => {
      const { raw, t } = parseFixture(otlpFormat, 'openinference/bare_attributes.json');
      assert.equal(detectedId('openinference/bare_attributes.json'), 'otlp');
      assert.deepEqual(
        t.segments.map((s) => [s.role, s.label]),
        [
          ['user', 'user 1 (span chat gpt-4.1-mini)'],
          ['assistant', 'assistant 2 (span chat gpt-4.1-mini)'],
          ['tool_call', 'tool call opening_hours 3 (span chat gpt-4.1-mini)'],
          ['tool_result', 'tool result 4 (span chat gpt-4.1-mini)'],
          ['assistant', 'assistant (span chat gpt-4.1-mini)'],
        ],
      );
      const out = outputs(t)[0];
      assert.equal(out.text, 'The Louvre is closed on Tuesdays; it opens Wednesday at 9:00 and late on Fridays until 21:45.');
      assert.equal(rawOf(raw, out, '21:45.'), '21:45.');
      assert.equal(rawOf(raw, byLabel(t, 'tool result 4 (span chat gpt-4.1-mini)'), 'Wed–Mon'), 'Wed–Mon');
      assert.equal(rawOf(raw, byLabel(t, 'tool call opening_hours 3 (span chat gpt-4.1-mini)'), '"Louvre"'), '\\"Louvre\\"');
    });
  });

  describe('GenAI events as log records', () => {
    it('joins log records on another line to their span and maps their bodies to the raw file', () => {
      const { raw, t } = parseFixture(otlpFormat, 'otlp/genai_log_events.jsonl');
      assert.equal(detectedId('otlp/genai_log_events.jsonl'), 'otlp');
      assert.deepEqual(
        t.segments.map((s) => [s.role, s.label, s.line]),
        [
          ['system', 'system 1 (span chat gemini-1.5)', 1],
          ['user', 'user 2 (span chat gemini-1.5)', 1],
          ['assistant', 'assistant (span chat gemini-1.5)', 1],
        ],
      );
      const out = outputs(t)[0];
      assert.equal(rawOf(raw, out, '"Summit" lift opens'), '\\"Summit\\" lift opens');
      assert.equal(rawOf(raw, out, '€59'), '\\u20ac59');
      assert.equal(rawOf(raw, byLabel(t, 'system 1 (span chat gemini-1.5)'), 'Åre'), '\\u00c5re');
    });
  });

  describe('Vercel AI SDK', () => {
    const { raw, t } = parseFixture(otlpFormat, 'otlp/vercel_ai.json');

    it('checks doGenerate calls only, with tool schemas from ai.prompt.tools and tool results inline and from tool spans', () => {
      assert.equal(detectedId('otlp/vercel_ai.json'), 'otlp');
      assert.deepEqual(
        outputs(t).map((o) => o.text),
        ['Yes: 37 units of HF-2291 are in the Leeds depot; restock due 2025-03-14.'],
      );
      const out = outputs(t)[0];
      assert.deepEqual(groundingOf(t, out), [
        'tool result getStock 5 (span ai.generateText.doGenerate)',
        'user 3 (span ai.generateText.doGenerate)',
        'system 2 (span ai.generateText.doGenerate)',
        'tool definition 1 (span ai.generateText.doGenerate)',
        'tool result getStock (span ai.toolCall)',
      ]);
      assert.equal(out.gaps, undefined);
    });

    it('keeps a structured tool result nested in an attribute string as its JSON text, numbers included', () => {
      const inline = byLabel(t, 'tool result getStock 5 (span ai.generateText.doGenerate)');
      assert.equal(inline.text, '{"sku": "HF-2291", "units": 37, "depot": "Leeds"}');
      assert.equal(rawOf(raw, inline, '"units": 37'), '\\"units\\": 37');
      const definition = t.segments.find((s) => s.role === 'tool_definition')!;
      assert.equal(rawOf(raw, definition, '"getStock"'), '\\"getStock\\"');
    });
  });
});
