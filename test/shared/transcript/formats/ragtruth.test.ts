import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../../shared/check/checkTranscript';
import { ragtruthFormat } from '../../../../shared/transcript/formats/ragtruth';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('RAGTruth-style rows', () => {
  it('is detected by its query, context and output keys', () => {
    assert.equal(detectedId('ragtruth/rows.jsonl'), 'ragtruth');
  });

  it("grounds each row's output in its own query and context only, and leaves the labels out", () => {
    const { raw, t } = parseFixture(ragtruthFormat, 'ragtruth/rows.jsonl');
    assert.deepEqual(t.errors, []);
    assert.equal(outputs(t).length, 3);
    const out = byLabel(t, 'output (row 2, Summary)');
    assert.deepEqual(groundingOf(t, out), ['context (row 2, Summary)', 'query (row 2, Summary)']);
    assert.equal(rawOf(raw, out, '"river walk"'), '\\"river walk\\"');
    assert.ok(!t.segments.some((s) => s.text.includes('Evident Conflict')), 'the labels are no segment');
  });

  it('flags the values a row never gave, and grounds the ones it did', () => {
    const { t } = parseFixture(ragtruthFormat, 'ragtruth/rows.jsonl');
    const check = checkTranscript(t, { profile: 'refined' });
    const statusOf = (label: string, text: string) => {
      const id = t.segments.findIndex((s) => s.label === label);
      const o = check.outputs.find((x) => x.segment === id);
      return o?.result.entities.find((e) => e.text === text)?.status;
    };
    assert.equal(statusOf('output (row 1, QA)', '3'), 'contradicted');
    assert.equal(statusOf('output (row 1, QA)', '30 days'), 'grounded');
    assert.equal(statusOf('output (row 2, Summary)', '$1.2 million'), 'grounded');
    assert.equal(statusOf('output (row 3, Data2txt)', '112 reviews'), 'unverified');
    assert.equal(statusOf('output (row 3, Data2txt)', '4.5 stars'), 'grounded');
  });
});
