import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { resolveOptions } from '../../../shared/pipeline/options';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { findSplitName } from '../../../shared/refine/splitNames';
import { DEFAULT_SETTINGS } from '../../../shared/protocol/settings';

const refined = { profile: 'refined' as const };

describe('refined profile end to end', () => {
  it('is opt-in for the library and the default for editor and CLI settings', () => {
    assert.equal(resolveOptions({}).profile, 'spec');
    assert.equal(DEFAULT_SETTINGS.profile, 'refined');
    assert.throws(() => resolveOptions({ profile: 'loose' as never }), /unknown profile 'loose'/);
  });

  it('does not count entities of questions, hedges and meta talk, and reports per-claim verdicts', () => {
    const output = 'Here is a summary in 85 words: Revenue rose to $4.2M. Did costs hit $9M? Maybe Acme earned $7M.';
    const spec = classify({ output, context: 'Revenue rose to $4.2M.' });
    assert.deepEqual(
      spec.entities.map((e) => e.text),
      ['85 words', '$4.2M', '$9M', '$7M'],
    );
    const r = classify({ output, context: 'Revenue rose to $4.2M.', options: refined });
    assert.deepEqual(
      r.entities.map((e) => [e.text, e.status]),
      [['$4.2M', 'grounded']],
    );
    assert.equal(r.level, 'GROUNDED');
    assert.deepEqual(r.claims, [{ span: [31, 53], verdict: 'grounded', entityIndexes: [0] }]);
    assert.equal(output.slice(31, 53), 'Revenue rose to $4.2M.');
  });

  it('gives a claim with a contradicted number the contradicted verdict', () => {
    const r = classify({ output: 'Revenue rose to $4.3M. It has 40 staff.', context: 'Revenue rose to $4.2M.', options: refined });
    assert.deepEqual(
      r.claims!.map((c) => c.verdict),
      ['contradicted', 'unverified'],
    );
  });

  it('does not flag list markers, unnamed sources or sentence-opening words', () => {
    const output = 'According to customer reviews, the soup is good.\n1. Stir the soup.\n2. Serve it.\nHowever, Lisbon is busy.';
    const context = 'Reviews: the soup is good. Stir and serve. Lisbon is busy.';
    assert.ok(classify({ output, context }).entities.some((e) => e.text === 'customer reviews' && !e.found));
    assert.deepEqual(
      classify({ output, context, options: refined })
        .entities.filter((e) => !e.found)
        .map((e) => e.text),
      [],
    );
  });

  it('grounds a name assembled from nearby parts, not from parts far apart', () => {
    const index = ContextIndex.build(['Governor of California Jerry Brown spoke.', `Governor ${'x'.repeat(400)} Jerry Brown`]);
    assert.deepEqual(findSplitName('Governor Jerry Brown', index, { strict: false }), [
      { part: 0, start: 0, end: 8 },
      { part: 0, start: 23, end: 34 },
    ]);
    const far = ContextIndex.build([`Governor ${'x'.repeat(400)} Jerry Brown`]);
    assert.deepEqual(findSplitName('Governor Jerry Brown', far, { strict: false }), []);
  });

  it('scales linearly with the number of claims, citations and times in one output', () => {
    const context = "passage 1: {'hours': {'Monday': '8:0-14:0'}} Acme Corp has 12 staff.\npassage 2: Other text.";
    const sentence = 'On Monday Acme Corp opens at 8am with 12 staff (passage 1). Is it open at 9pm? ';
    // The best of three runs per size: a shared machine's pauses land on single runs, not on all three.
    const time = (n: number) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const r = classify({ output: sentence.repeat(n), context, options: refined });
        assert.equal(r.claims!.length, n);
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    time(200);
    const small = time(1000);
    const large = time(4000);
    assert.ok(large < small * 8, `4x the claims took ${(large / small).toFixed(1)}x the time`);
  });

  it('keeps every regex linear on long pathological outputs and contexts', () => {
    const nasty = [
      '1'.repeat(100_000),
      '1:'.repeat(50_000),
      'passage '.repeat(20_000),
      '\n'.repeat(100_000) + '[1]',
      ' '.repeat(100_000) + 'pm',
      'nine '.repeat(20_000),
      'out of '.repeat(20_000),
      '4.0 stars '.repeat(10_000),
      'a:'.repeat(50_000),
    ];
    for (const text of nasty) {
      const t0 = performance.now();
      classify({ output: text, context: text, options: refined });
      const ms = performance.now() - t0;
      assert.ok(ms < 4000, `${JSON.stringify(text.slice(0, 12))}… took ${ms.toFixed(0)} ms`);
    }
  });
});
