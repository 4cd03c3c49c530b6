import { strict as assert } from 'node:assert';
import { ragasFormat } from '../../../../shared/transcript/formats/ragas';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('RAGAS fixtures', () => {
  it('is detected from its column names in CSV, JSON Lines and JSON', () => {
    assert.equal(detectedId('ragas/results.csv'), 'ragas');
    assert.equal(detectedId('ragas/dataset.jsonl'), 'ragas');
    assert.equal(detectedId('ragas/multiturn.json'), 'ragas');
  });

  it('maps CSV cells through doubled quotes and Python-repr list items to the exact raw characters', () => {
    const { raw, t } = parseFixture(ragasFormat, 'ragas/results.csv');
    assert.deepEqual(t.errors, []);
    const q = byLabel(t, 'question (row 1)');
    assert.equal(q.text, 'When was the "Aurora" bridge opened?');
    assert.equal(rawOf(raw, q, '"Aurora"'), '""Aurora""');
    const doc2 = byLabel(t, 'retrieved context 2 (row 1)');
    assert.equal(doc2.text, `The bridge's span is 390 m; it was nicknamed "the Needle".`);
    assert.equal(rawOf(raw, doc2, '390 m'), '390 m');
    assert.equal(rawOf(raw, doc2, '"the Needle"'), '\\""the Needle\\""');
    const doc1 = byLabel(t, 'retrieved context 1 (row 1)');
    assert.equal(rawOf(raw, doc1, '12 March 1932'), '12 March 1932');
    const answer = byLabel(t, 'response (row 1)');
    assert.equal(rawOf(raw, answer, '"Aurora" bridge'), '""Aurora"" bridge');
    assert.equal(rawOf(raw, answer, '412 m'), '412 m');
    assert.equal(byLabel(t, 'response (row 2)').line, 2);
  });

  it('keeps the next cell on its raw characters when a quoted cell has a character after its closing quote', () => {
    // csv-parse keeps the NUL after the closing quote as the cell's last character.
    const raw =
      'user_input,response,retrieved_contexts\n"When was the ""Aurora"" bridge opened?"\u0000,"The ""Aurora"" bridge opened in 1932.","[\'It opened in 1932.\']"\n';
    const t = ragasFormat.parse({ raw, path: 'nul.csv' });
    const question = byLabel(t, 'question (row 1)');
    assert.equal(rawOf(raw, question, '"Aurora" bridge opened?'), '""Aurora"" bridge opened?');
    const answer = byLabel(t, 'response (row 1)');
    assert.equal(answer.text, 'The "Aurora" bridge opened in 1932.');
    assert.equal(rawOf(raw, answer, '"Aurora" bridge'), '""Aurora"" bridge');
    assert.equal(rawOf(raw, answer, '1932.'), '1932.');
  });

  it('keeps every cell on its raw characters when a lone surrogate follows a malformed record', () => {
    // csv-parse reads a lone surrogate as U+FFFD, so its copy of the record is not the file's text.
    const raw = 'user_input,retrieved_contexts,response\nx "bad" quote,"[\'a\']",first\nWho?,"[\'Cost \ud800 $4.2M\']",It costs $4.2M.\n';
    const t = ragasFormat.parse({ raw });
    const answer = byLabel(t, 'response (row 1)');
    assert.equal(answer.text, 'It costs $4.2M.');
    assert.equal(rawOf(raw, answer, '$4.2M'), '$4.2M');
    assert.equal(rawOf(raw, byLabel(t, 'question (row 1)'), 'Who?'), 'Who?');
    assert.equal(rawOf(raw, byLabel(t, 'retrieved context 1 (row 1)'), '$4.2M'), '$4.2M');
    assert.deepEqual(
      t.errors.map((e) => raw.slice(...e.rawRange)),
      ['x "bad" quote,"[\'a\']",first\n'],
    );
  });

  it('grounds each response only in its own row, never in references', () => {
    const { t } = parseFixture(ragasFormat, 'ragas/results.csv');
    assert.deepEqual(
      outputs(t).map((o) => [o.label, groundingOf(t, o)]),
      [
        ['response (row 1)', ['retrieved context 2 (row 1)', 'retrieved context 1 (row 1)', 'question (row 1)']],
        ['response (row 2)', ['retrieved context 2 (row 2)', 'retrieved context 1 (row 2)', 'question (row 2)']],
      ],
    );
    const reference = byLabel(t, 'reference (row 1)');
    assert.equal(reference.role, 'grader');
    assert.equal(reference.text, 'The Aurora bridge opened in 1932.');
  });

  it('reads JSON Lines with escapes, older column names, and reports the broken line', () => {
    const { raw, t } = parseFixture(ragasFormat, 'ragas/dataset.jsonl');
    assert.equal(t.errors.length, 1);
    assert.equal(t.errors[0].line, 2);
    const answer = byLabel(t, 'response (row 1)');
    assert.equal(rawOf(raw, answer, '"support@shop.example"'), '\\"support@shop.example\\"');
    const doc = byLabel(t, 'retrieved context 1 (row 1)');
    assert.equal(rawOf(raw, doc, '30 days.\nContact'), '30 days.\\nContact');
    assert.equal(byLabel(t, 'reference context (row 2)').role, 'grader');
    const old = byLabel(t, 'response (row 3)');
    assert.equal(old.text, 'Version 0.1 used them, and so did 0.2.');
    assert.deepEqual(groundingOf(t, old), ['retrieved context 1 (row 3)', 'question (row 3)']);
    assert.equal(byLabel(t, 'ground truth (row 3)').role, 'grader');
  });

  it('checks each AI turn of a multi-turn sample against the turns before it', () => {
    const { t } = parseFixture(ragasFormat, 'ragas/multiturn.json');
    assert.deepEqual(
      t.segments.map((s) => [s.role, s.isOutput, s.label]),
      [
        ['user', false, 'human turn 1 (row 1)'],
        ['assistant', true, 'AI turn 2 (row 1)'],
        ['tool_result', false, 'tool output 3 (row 1)'],
        ['assistant', true, 'AI turn 4 (row 1)'],
        ['grader', false, 'reference (row 1)'],
      ],
    );
    assert.deepEqual(groundingOf(t, byLabel(t, 'AI turn 4 (row 1)')), ['tool output 3 (row 1)', 'human turn 1 (row 1)']);
  });
});
