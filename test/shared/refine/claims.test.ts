import { strict as assert } from 'node:assert';
import { codeFenceRanges, outputSentences } from '../../../shared/refine/claims';

function kinds(output: string): Array<[string, string]> {
  return outputSentences(output).map((s) => [output.slice(s.span[0], s.span[1]), s.kind]);
}

describe('refine/claims: which sentences make a claim', () => {
  it('keeps statements and sets aside questions, hedges, meta talk and greetings', () => {
    assert.deepEqual(
      kinds('Sure! Here is a summary in 85 words: Revenue rose 12% to $4.2M. Did costs fall? I think margins held at 30%. Let me know if you need more.'),
      [
        ['Sure!', 'greeting'],
        ['Here is a summary in 85 words:', 'meta'],
        ['Revenue rose 12% to $4.2M.', 'claim'],
        ['Did costs fall?', 'question'],
        ['I think margins held at 30%.', 'hedge'],
        ['Let me know if you need more.', 'meta'],
      ],
    );
  });

  it('cuts list items at line breaks and reads past their markers', () => {
    assert.deepEqual(kinds('Based on the passages, here are the steps:\n1. Preheat to 200C\n2. Maybe add salt'), [
      ['Based on the passages, here are the steps:', 'meta'],
      ['1.', 'claim'],
      ['Preheat to 200C', 'claim'],
      ['2.', 'claim'],
      ['Maybe add salt', 'hedge'],
    ]);
  });

  it('marks every line of a fenced code block, fences included, as code', () => {
    const output = 'Run this:\n```js\nconst port = 8080;\n```\nIt listens on 8080.';
    assert.deepEqual(codeFenceRanges(output), [[10, 38]]);
    assert.deepEqual(
      kinds(output).map(([, k]) => k),
      ['claim', 'code', 'code', 'code', 'claim'],
    );
  });

  it('runs an unclosed fence to the end of the output', () => {
    assert.deepEqual(codeFenceRanges('a\n```\nb\nc'), [[2, 9]]);
  });

  it('stays linear on a long run of newlines and on one huge sentence', () => {
    const t0 = performance.now();
    outputSentences('\n'.repeat(200_000) + 'x');
    outputSentences('a '.repeat(200_000) + '?');
    assert.ok(performance.now() - t0 < 1500);
  });
});
