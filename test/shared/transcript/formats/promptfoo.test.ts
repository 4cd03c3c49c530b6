import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { promptfooFormat } from '../../../../shared/transcript/formats/promptfoo';
import { byLabel, detectedId, fixturePath, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('promptfoo', () => {
  it('detects the config and the eval results', () => {
    assert.equal(detectedId('promptfoo/promptfooconfig.yaml'), 'promptfoo');
    assert.equal(detectedId('promptfoo/out.json'), 'promptfoo');
  });

  describe('promptfooconfig.yaml', () => {
    const { raw, t } = parseFixture(promptfooFormat, 'promptfoo/promptfooconfig.yaml');

    it('puts each test on its own branch below the prompt and default variables, assertion values off the branch', () => {
      assert.deepEqual(t.errors, []);
      assert.deepEqual(outputs(t), []);
      const context2 = byLabel(t, 'var context (test 2)');
      assert.deepEqual(groundingOf(t, context2), ['var query (test 2)', 'var store (default)', 'prompt 1']);
      assert.equal(byLabel(t, 'var expected_answer (test 2)').role, 'grader');
      assert.equal(byLabel(t, 'assert 1 context-recall (test 2)').role, 'grader');
      assert.ok(!groundingOf(t, byLabel(t, 'var query (test 3)')).some((l) => l.includes('test 2')));
    });

    it('reads file:// variables relative to the config, with offsets in that file', () => {
      const doc = byLabel(t, 'var context (test 1) docs/returns.md');
      assert.equal(doc.role, 'document');
      assert.equal(doc.source, fixturePath('promptfoo/docs/returns.md'));
      assert.equal(doc.text.slice(doc.map.toRaw(0), doc.map.toRaw(16)), '# Returns policy');
      assert.equal(doc.line, 0);
      assert.deepEqual(
        t.gaps.map((g) => [g.code, g.message]),
        [['unresolved-file', 'file://docs/missing.md could not be read, so the context it names is unknown.']],
      );
    });

    it('maps block, folded and quoted scalars to their exact raw characters', () => {
      const prompt = byLabel(t, 'prompt 1');
      assert.equal(prompt.text, 'You are the support bot for Kestrel Audio.\nAnswer only from this context:\n{{context}}\n\nQuestion: {{query}}\n');
      assert.equal(rawOf(raw, prompt, 'Audio.\nAnswer'), 'Audio.\n    Answer');
      const folded = byLabel(t, 'var context (test 2)');
      assert.equal(folded.text, 'The K-200 carries a 2-year warranty, extendable to 3 years for $29.');
      assert.equal(rawOf(raw, folded, 'warranty, extendable'), 'warranty,\n        extendable');
      assert.equal(rawOf(raw, byLabel(t, 'var store (default)'), '"Flagship"'), '\\"Flagship\\"');
      assert.equal(rawOf(raw, byLabel(t, 'var query (test 2)'), "What's"), "What''s");
    });
  });

  describe('eval results', () => {
    const { raw, t } = parseFixture(promptfooFormat, 'promptfoo/out.json');

    it('checks each response against its own rendered prompt only', () => {
      assert.deepEqual(
        outputs(t).map((o) => [o.label, groundingOf(t, o)]),
        [
          ['response (result 1, openai:gpt-4o-mini)', ['rendered prompt (result 1)']],
          ['response (result 2, openai:gpt-4o-mini)', ['rendered prompt (result 2)']],
        ],
      );
      assert.equal(byLabel(t, 'assert 1 context-recall (result 2)').role, 'grader');
      assert.equal(rawOf(raw, outputs(t)[1], '"2-year"'), '\\"2-year\\"');
      assert.equal(rawOf(raw, byLabel(t, 'rendered prompt (result 1)'), 'days.\nOpened'), 'days.\\nOpened');
    });
  });
});

describe('promptfoo JSON Lines results', () => {
  it('reads one result per line and reports the broken last line', () => {
    const { raw, t } = parseFixture(promptfooFormat, 'promptfoo/results.jsonl');
    assert.equal(detectedId('promptfoo/results.jsonl'), 'promptfoo');
    assert.deepEqual(
      outputs(t).map((o) => [o.label, o.line, groundingOf(t, o)]),
      [
        ['response (result 1, openai:gpt-4o-mini)', 0, ['rendered prompt (result 1)']],
        ['response (result 2, openai:gpt-4o-mini)', 1, ['rendered prompt (result 2)']],
      ],
    );
    assert.equal(rawOf(raw, outputs(t)[1], '"2-year"'), '\\"2-year\\"');
    assert.deepEqual(
      t.errors.map((e) => e.line),
      [2],
    );
  });
});

describe('promptfoo tests from a CSV file', () => {
  it('reads tests: file://tests.csv next to the config, offsets through CSV quoting in that file', () => {
    const { t } = parseFixture(promptfooFormat, 'promptfoo/csv_suite/promptfooconfig.yaml');
    const csvPath = fixturePath('promptfoo/csv_suite/tests.csv');
    const csv = readFileSync(csvPath, 'utf8');
    const question = byLabel(t, 'var question (test 1)');
    assert.equal(question.text, 'Who founded "Nordlys"?');
    assert.equal(question.source, csvPath);
    assert.equal(csv.slice(question.map.toRaw(12), question.map.toRaw(21)), '""Nordlys""');
    assert.deepEqual(groundingOf(t, byLabel(t, 'var context (test 2)')), ['var question (test 2)', 'prompt 1']);
    assert.equal(byLabel(t, '__expected (test 1)').role, 'grader');
    assert.equal(byLabel(t, 'var context (test 1)').line, 1);
    assert.equal(byLabel(t, 'prompt 1').text, 'Context: {{context}}\nQ: {{question}}');
  });
});
