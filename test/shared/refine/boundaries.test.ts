import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { codeFenceRanges } from '../../../shared/refine/claims';

function statusOf(output: string, context: string, text: string): string | undefined {
  const r = classify({ output, context, options: { profile: 'refined' } });
  return r.entities.find((e) => e.text === text)?.status;
}

describe('numbers match whole numbers, and bounds agree with what they bound', () => {
  it('does not find a number inside a longer one', () => {
    assert.equal(statusOf('The test took 58.58ms.', 'completed in 158.58ms', '58.58ms'), 'unverified');
    assert.equal(statusOf('It has 8 rooms.', 'It has 80 rooms.', '8 rooms'), 'unverified');
    assert.equal(statusOf('It is rated 4 stars.', 'rating: 4.0 stars', '4 stars'), 'grounded');
  });

  it('lets "over", "under" and "about" agree with a context value on the right side of them', () => {
    const context = 'Stats: 9 files changed, 1152 insertions(+), 78 deletions(-)';
    assert.notEqual(statusOf('9 files changed with over 1,100 insertions.', context, '1,100 insertions'), 'contradicted');
    assert.equal(statusOf('9 files changed with over 2,300 insertions.', context, '2,300 insertions'), 'contradicted');
  });

  it('finds a clock time as a whole token after hundreds of places where it is only part of a longer one', () => {
    const context = `${'Backups ran at 14:00.\n'.repeat(450)}The report is sent at 4:00 and again at 4:00 on Fridays.`;
    const r = classify({ output: 'The report is sent at 4:00.', context, options: { profile: 'refined' } });
    const time = r.entities.find((e) => e.text.includes('4:00'));
    assert.equal(time?.status, 'grounded');
    const whole = context.indexOf('at 4:00') + 3;
    assert.deepEqual(time?.locations, [
      [whole, whole + 4],
      [context.indexOf('at 4:00 on') + 3, context.indexOf('at 4:00 on') + 7],
    ]);
  });

  it('closes a code fence only on a bare fence of the same kind, as CommonMark does', () => {
    const text = '````markdown\nRun:\n```bash\nnpm test\n```\nDone.\n````\nafter';
    assert.deepEqual(codeFenceRanges(text), [[0, text.indexOf('\nafter')]]);
    const plain = '```bash\nnpm test\n```python\nprint()\n```\nafter';
    assert.deepEqual(codeFenceRanges(plain), [[0, plain.indexOf('\nafter')]]);
  });
});
