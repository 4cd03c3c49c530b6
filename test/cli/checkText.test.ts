import { strict as assert } from 'node:assert';
import { buildCli, fixture, runCli } from './harness';

describe('groundcheck check: text report', function () {
  this.timeout(60000);
  before(buildCli);

  it('reports each unverified entity compiler-style with a code frame and the closest context value', () => {
    const r = runCli(['check', fixture('rag/answers.jsonl'), '--jobs', '1']);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    const lines = r.stdout.split('\n');
    assert.equal(lines[0], `${fixture('rag/answers.jsonl')}:2:112: warning quoted_string '"strong"' not in context [PARTIAL]  not-in-context`);
    assert.equal(lines[3], `${fixture('rag/answers.jsonl')}:2:141: warning number '$4.2M' not in context [PARTIAL]  not-in-context`);
    // The raw line is windowed around the entity and the underline sits under it.
    assert.equal(lines[4], '   2 | … \\"strong\\":\\trevenue reached $4.2M."}');
    assert.equal(lines[5], '     |                                ^~~~~');
    assert.equal(lines[6], `     = closest in context: '$4.1M' at ${fixture('rag/answers.jsonl')}:2:70`);
    assert.equal(lines[7], `${fixture('rag/answers.jsonl')}:3:125: warning number '14 days' not in context [UNGROUNDED]  not-in-context`);
  });

  it('ends with levels, entity types and the hallucination rate', () => {
    const r = runCli(['check', fixture('rag/answers.jsonl'), '--jobs', '1']);
    const summary = r.stdout.slice(r.stdout.indexOf('3 outputs in 1 file'));
    assert.equal(
      summary,
      [
        '3 outputs in 1 file',
        '',
        '  level          outputs',
        '  GROUNDED             1',
        '  PARTIAL              1',
        '  UNGROUNDED           1',
        '  INDETERMINATE        0',
        '',
        '  entity type    checked  grounded  unverified',
        '  number               3         1           2',
        '  date                 1         1           0',
        '  quoted_string        1         0           1',
        '',
        'hallucination rate: 66.7% (2 of 3 outputs PARTIAL or UNGROUNDED)',
        '',
      ].join('\n'),
    );
  });

  it('counts columns in UTF-16 units, so an emoji before the entity counts two', () => {
    const r = runCli(['check', fixture('rag/unicode.jsonl'), '--jobs', '1']);
    // "costs $15" against the context's "costs $12": the same slot, a different value.
    assert.equal(
      r.stdout.split('\n')[0],
      `${fixture('rag/unicode.jsonl')}:1:102: warning number '$15' contradicts the context, which says '$12' [UNGROUNDED]  slot-contradictions`,
    );
  });

  it('exits 1 when an output reaches --fail-on, and only then', () => {
    assert.equal(runCli(['check', fixture('rag/answers.jsonl'), '--fail-on', 'partial']).code, 1);
    assert.equal(runCli(['check', fixture('rag/answers.jsonl'), '--fail-on', 'ungrounded']).code, 1);
    // Counting dates only, the one dated output is GROUNDED and the others have nothing to check.
    assert.equal(runCli(['check', fixture('rag/answers.jsonl'), '--fail-on', 'partial', '--entity-types', 'date']).code, 0);
    assert.equal(runCli(['check', fixture('rag/answers.jsonl')]).code, 0);
  });

  it('colours only a terminal: piped output has no escape codes even when asked for colour', () => {
    const r = runCli(['check', fixture('rag/answers.jsonl')], { env: { FORCE_COLOR: '1' } });
    assert.equal(r.stdout.includes('\u001b['), false);
  });
});
