import { strict as assert } from 'node:assert';
import { langfuseFormat } from '../../../../shared/transcript/formats/langfuse';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('Langfuse traces', () => {
  const { raw, t } = parseFixture(langfuseFormat, 'langfuse/trace.json');

  it('is detected from its observations', () => {
    assert.equal(detectedId('langfuse/trace.json'), 'langfuse');
  });

  it('checks the generation only, not the span or trace output that repeats it', () => {
    assert.deepEqual(t.errors, []);
    assert.deepEqual(
      outputs(t).map((o) => o.label),
      ['assistant (generation answer)'],
    );
  });

  it('grounds a generation in its input and in retriever documents that ended before it, not in a later tool call', () => {
    const out = outputs(t)[0];
    assert.deepEqual(groundingOf(t, out), [
      'user 2 (generation answer)',
      'system 1 (generation answer)',
      'retrieved document 2 (retriever policy-search)',
      'retrieved document 1 (retriever policy-search)',
    ]);
    assert.equal(byLabel(t, 'tool result crm_lookup (tool crm_lookup)').role, 'tool_result');
  });

  it('maps escaped text back to the raw file', () => {
    const out = outputs(t)[0];
    assert.equal(rawOf(raw, out, 'Policy §4.2'), 'Policy \\u00a74.2');
    assert.equal(rawOf(raw, byLabel(t, 'system 1 (generation answer)'), 'Helper.\nCite'), 'Helper.\\nCite');
    assert.equal(rawOf(raw, byLabel(t, 'retrieved document 1 (retriever policy-search)'), '14 days'), '14 days');
    assert.equal(out.line, 36);
  });
});

describe('Langfuse generations with Anthropic content blocks', () => {
  it('reads tool_use and tool_result blocks, and flags the missing tool schemas', () => {
    const { raw, t } = parseFixture(langfuseFormat, 'langfuse/anthropic_generation.json');
    assert.equal(detectedId('langfuse/anthropic_generation.json'), 'langfuse');
    assert.deepEqual(
      t.segments.map((s) => [s.role, s.label]),
      [
        ['system', 'system 1 (generation claude-call)'],
        ['user', 'user 2 (generation claude-call)'],
        ['tool_call', 'tool call get_weather 3 (generation claude-call)'],
        ['tool_result', 'tool result 4 (generation claude-call)'],
        ['assistant', 'assistant (generation claude-call)'],
      ],
    );
    assert.equal(rawOf(raw, byLabel(t, 'tool result 4 (generation claude-call)'), '18°C'), '18\\u00b0C');
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => g.code),
      ['tool-schemas-missing'],
    );
  });
});
