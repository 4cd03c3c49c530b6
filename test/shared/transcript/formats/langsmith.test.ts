import { strict as assert } from 'node:assert';
import { langsmithFormat } from '../../../../shared/transcript/formats/langsmith';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('LangSmith runs', () => {
  it('is detected for JSON Lines of runs and for post/patch payloads', () => {
    assert.equal(detectedId('langsmith/runs.jsonl'), 'langsmith');
    assert.equal(detectedId('langsmith/post_patch.json'), 'langsmith');
  });

  it('checks LLM runs only, grounded in their LangChain-serialised inputs and earlier retriever and tool runs', () => {
    const { t } = parseFixture(langsmithFormat, 'langsmith/runs.jsonl');
    assert.deepEqual(
      outputs(t).map((o) => o.label),
      ['assistant (run ChatOpenAI)'],
    );
    assert.deepEqual(groundingOf(t, outputs(t)[0]), [
      'user 2 (run ChatOpenAI)',
      'system 1 (run ChatOpenAI)',
      'tool result lookup_order (run lookup_order)',
      'retrieved document 2 contact.md (run VectorStoreRetriever)',
      'retrieved document 1 faq.md (run VectorStoreRetriever)',
    ]);
    // The retriever that ran after the model call is not its context, and the chain's repeated answer is not an output.
    assert.equal(byLabel(t, 'retrieved document 1 (run LateRetriever)').role, 'document');
    assert.ok(!groundingOf(t, outputs(t)[0]).includes('retrieved document 1 (run LateRetriever)'));
  });

  it('maps serialised message and document text to the raw characters and reports the cut-off line', () => {
    const { raw, t } = parseFixture(langsmithFormat, 'langsmith/runs.jsonl');
    const doc = byLabel(t, 'retrieved document 1 faq.md (run VectorStoreRetriever)');
    assert.equal(rawOf(raw, doc, 'labour.\nExcludes "accidental damage"'), 'labour.\\nExcludes \\"accidental damage\\"');
    assert.equal(rawOf(raw, byLabel(t, 'system 1 (run ChatOpenAI)'), 'context.\tBe'), 'context.\\tBe');
    assert.equal(byLabel(t, 'tool result lookup_order (run lookup_order)').text, 'Order A-1042 shipped on 2024-11-03.');
    assert.equal(outputs(t)[0].line, 3);
    assert.deepEqual(
      t.errors.map((e) => e.line),
      [5],
    );
  });

  it('merges a post record with the patch that carries its outputs', () => {
    const { raw, t } = parseFixture(langsmithFormat, 'langsmith/post_patch.json');
    assert.deepEqual(
      t.segments.map((s) => [s.role, s.label, s.parent]),
      [
        ['user', 'user 1 (run ChatOpenAI)', -1],
        ['assistant', 'assistant (run ChatOpenAI)', 0],
      ],
    );
    assert.equal(rawOf(raw, outputs(t)[0], '"[1,2],[3,4]"'), '\\"[1,2],[3,4]\\"');
    assert.equal(t.segments[0].line, 13);
  });
});
