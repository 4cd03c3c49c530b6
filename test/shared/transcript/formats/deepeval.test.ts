import { strict as assert } from 'node:assert';
import { deepevalFormat } from '../../../../shared/transcript/formats/deepeval';
import { byLabel, detectedId, groundingOf, parseFixture, rawOf } from './formatTestKit';

describe('DeepEval test cases', () => {
  it('is detected in a camelCase test run and a snake_case dataset', () => {
    assert.equal(detectedId('deepeval/test_run.json'), 'deepeval');
    assert.equal(detectedId('deepeval/dataset.json'), 'deepeval');
  });

  it('grounds a test-run output in its retrieval context only, keeping the ideal context and expected output as grader material', () => {
    const { raw, t } = parseFixture(deepevalFormat, 'deepeval/test_run.json');
    assert.deepEqual(t.errors, []);
    const out = byLabel(t, 'actual output (case test_shipping)');
    assert.equal(out.text, 'Yes, shipping is free on orders over $50 and arrives in 2–3 days.');
    assert.equal(rawOf(raw, out, '2–3 days'), '2\\u20133 days');
    assert.deepEqual(groundingOf(t, out), [
      'retrieval context 2 (case test_shipping)',
      'retrieval context 1 (case test_shipping)',
      'input (case test_shipping)',
    ]);
    assert.equal(rawOf(raw, byLabel(t, 'retrieval context 1 (case test_shipping)'), '"$50"'), '\\"$50\\"');
    assert.equal(byLabel(t, 'ideal context 1 (case test_shipping)').role, 'grader');
    assert.equal(byLabel(t, 'expected output (case test_shipping)').role, 'grader');
  });

  it('lets a tool output ground the answer, as raw JSON with its numbers', () => {
    const { raw, t } = parseFixture(deepevalFormat, 'deepeval/test_run.json');
    const tool = byLabel(t, 'tool output (get_weather, case test_weather)');
    assert.equal(tool.role, 'tool_result');
    assert.equal(tool.text, '{"city": "Oslo", "temp_c": 4}');
    assert.equal(rawOf(raw, tool, '"temp_c": 4'), '"temp_c": 4');
    assert.deepEqual(groundingOf(t, byLabel(t, 'actual output (case test_weather)')), [
      'tool output (get_weather, case test_weather)',
      'input (case test_weather)',
    ]);
  });

  it('uses the author context as documents only when no retrieval context exists', () => {
    const { t } = parseFixture(deepevalFormat, 'deepeval/dataset.json');
    assert.deepEqual(groundingOf(t, byLabel(t, 'actual output (case 1)')), ['author context 1 (case 1)', 'input (case 1)']);
    assert.deepEqual(groundingOf(t, byLabel(t, 'actual output (case 2)')), ['retrieval context 1 (case 2)', 'input (case 2)']);
    assert.equal(byLabel(t, 'ideal context 1 (case 2)').role, 'grader');
    assert.equal(byLabel(t, 'actual output (case 2)').line, 2);
  });
});

describe('DeepEval CSV datasets', () => {
  it('splits list columns on semicolons, each item mapped through CSV quoting', () => {
    const { raw, t } = parseFixture(deepevalFormat, 'deepeval/dataset.csv');
    assert.equal(detectedId('deepeval/dataset.csv'), 'deepeval');
    const first = byLabel(t, 'retrieval context 1 (case 1)');
    assert.equal(first.text, 'SSO is available on the "Business" plan');
    assert.equal(rawOf(raw, first, '"Business"'), '""Business""');
    const second = byLabel(t, 'retrieval context 2 (case 1)');
    assert.equal(second.text, 'Business costs $25 per seat per month');
    assert.equal(rawOf(raw, second, '$25 per seat'), '$25 per seat');
    assert.deepEqual(groundingOf(t, byLabel(t, 'actual output (case 1)')), ['retrieval context 2 (case 1)', 'retrieval context 1 (case 1)', 'input (case 1)']);
    assert.equal(byLabel(t, 'ideal context 1 (case 1)').role, 'grader');
  });
});
