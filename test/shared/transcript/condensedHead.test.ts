import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { condensedHead } from '../../../shared/transcript/condensedHead';
import { isNotTranscript, parseTranscript, SNIFF_LENGTH } from '../../../shared/transcript/detect';

describe('condensedHead', () => {
  it('keeps every key of a record whose long values would fill the window', () => {
    const record = { question: 'Q?', contexts: ['x'.repeat(100_000), 'y'.repeat(100_000)], answer: 'A.', n: 3, ok: true, none: null };
    const condensed = condensedHead(JSON.stringify(record), SNIFF_LENGTH)!;
    assert.ok(condensed.length < 1000);
    const back = JSON.parse(condensed);
    assert.deepEqual(Object.keys(back), Object.keys(record));
    assert.equal(back.contexts[0], 'x'.repeat(256));
    assert.deepEqual([back.answer, back.n, back.ok, back.none], ['A.', 3, true, null]);
  });

  it('keeps the first items of a long list, and what follows the list', () => {
    const record = { chunks: Array.from({ length: 10_000 }, (_, i) => ({ id: i, text: 'z'.repeat(50) })), actual_output: 'done' };
    const back = JSON.parse(condensedHead(JSON.stringify(record, null, 2), SNIFF_LENGTH)!);
    assert.deepEqual(
      back.chunks.map((c: { id: number }) => c.id),
      [0, 1, 2, 3],
    );
    assert.equal(back.actual_output, 'done');
  });

  it('keeps JSON Lines records on lines of their own, and stops at the window', () => {
    const line = JSON.stringify({ type: 'user', text: 'hello' });
    const condensed = condensedHead(`${line}\n${line}\r\n`.repeat(10_000), 1000)!;
    const lines = condensed.split('\n');
    assert.deepEqual(JSON.parse(lines[0]), { type: 'user', text: 'hello' });
    assert.ok(condensed.length < 1100);
  });

  it('ends where the text given ends, mid-string, and turns away what is not JSON', () => {
    assert.equal(condensedHead('{"question": "Q?", "contexts": ["cut here', SNIFF_LENGTH), '{"question":"Q?","contexts":[');
    assert.equal(condensedHead('# Notes\n{"a": 1}', SNIFF_LENGTH), undefined);
    assert.equal(condensedHead('', SNIFF_LENGTH), undefined);
  });

  it('is valid JSON for any JSON value, condensed whole', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        if (value === null || typeof value !== 'object') return;
        JSON.parse(condensedHead(JSON.stringify(value), Infinity)!);
      }),
    );
  });
});

describe('detection of fixtures whose first record is longer than the window', () => {
  const filler = 'Retrieved passage about the quarter. '.repeat(3000);

  it('recognises RAGAS with pre-0.2 column names when the answer comes after 100 KB of contexts', () => {
    const raw = JSON.stringify({ question: 'Revenue?', contexts: [`Revenue was $4.3M. ${filler}`], answer: 'Revenue was $9.9M.' }) + '\n';
    const t = parseTranscript({ raw });
    assert.ok(!isNotTranscript(t), isNotTranscript(t) ? t.reason : '');
    assert.equal(t.format, 'ragas');
    const answer = t.segments.find((s) => s.isOutput)!;
    assert.equal(answer.text, 'Revenue was $9.9M.');
    assert.equal(raw.slice(answer.map.toRaw(0), answer.map.toRaw(answer.text.length)), 'Revenue was $9.9M.');
  });

  it('recognises DeepEval test cases when actual_output comes after 100 KB of retrieval context', () => {
    const raw = JSON.stringify([{ input: 'Revenue?', retrieval_context: [filler, 'Revenue was $4.3M.'], actual_output: 'Revenue was $9.9M.' }]);
    const t = parseTranscript({ raw });
    assert.ok(!isNotTranscript(t), isNotTranscript(t) ? t.reason : '');
    assert.equal(t.format, 'deepeval');
  });

  it('still turns away long JSON that is no fixture, saying what it is', () => {
    const t = parseTranscript({ raw: JSON.stringify({ name: 'x', blob: filler, question: 1 }) });
    assert.ok(isNotTranscript(t));
    assert.equal(t.kind, 'JSON');
  });
});
