import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { evaluate } from '../../bench/eval/evaluate';
import { falsePositivesOf } from '../../bench/eval/falsePositives';
import { figuresOf } from '../../bench/eval/figures';
import { PROFILES, profileNamed } from '../../bench/eval/profiles';
import { readRagTruth } from '../../bench/eval/ragtruth';

const MINI = join(__dirname, '../fixtures/cli/eval/mini.jsonl');

describe('RAGTruth eval end to end', () => {
  const records = readRagTruth(MINI);

  it('scores four hand-labelled responses at every level', () => {
    const f = figuresOf(evaluate(records, profileNamed('spec')));
    // q2 ($4.2M) and s1 (3 years, $80M) are flagged; d1's gold span is a clause with no entity in it.
    assert.deepEqual([f.overall.response.tp, f.overall.response.fp, f.overall.response.fn, f.overall.response.tn], [2, 0, 1, 1]);
    assert.equal(f.overall.response.f1, 0.8);
    assert.equal(f.overall.alwaysFlag.f1, 6 / 7);
    assert.deepEqual(f.overall.entity, { flagged: 3, inGold: 2, precision: 2 / 3 });
    assert.deepEqual(f.overall.goldSpans, { total: 3, hit: 2, hitRate: 2 / 3 });
    // Predicted: "$4.2M" 5 + "3 years" 7 + "$80M" 4; gold: 5 + "cost $80M" 9 + "is a cafe" 9; overlap 5 + 4.
    assert.deepEqual([f.overall.chars.predicted, f.overall.chars.gold, f.overall.chars.overlap], [16, 23, 9]);
    assert.deepEqual(f.perTask.Data2txt.response, { tp: 0, fp: 0, fn: 1, tn: 0, precision: 0, recall: 0, f1: 0 });
    assert.deepEqual(f.overall.perType, { number: { flagged: 3, inGold: 2, precision: 2 / 3 } });
  });

  it('dumps the unverified entities outside gold spans with the words around them', () => {
    const dump: ReturnType<typeof falsePositivesOf> = [];
    evaluate(records, profileNamed('spec'), (o) => dump.push(...falsePositivesOf(o, 'spec')));
    assert.deepEqual(dump, [
      {
        profile: 'spec',
        id: 's1',
        task: 'Summary',
        type: 'number',
        text: '3 years',
        range: [24, 31],
        window: 'The bridge opened after ⟦3 years⟧ of work and cost $80M.',
      },
    ]);
  });

  it('names the known profiles when asked for an unknown one', () => {
    assert.throws(() => profileNamed('lenient'), new RegExp(`unknown profile "lenient" \\(known: ${Object.keys(PROFILES).join(', ')}\\)`));
  });
});
