import { strict as assert } from 'node:assert';
import { addScore, alwaysFlag, charPrf, emptyScore, intersectionLength, mergeRanges, prf, scoreRecord } from '../../bench/eval/metrics';

describe('eval metrics', () => {
  it('precision, recall and F1 from counts, with empty denominators as 0', () => {
    assert.deepEqual(prf({ tp: 3, fp: 1, fn: 2 }), { precision: 0.75, recall: 0.6, f1: (2 * 0.75 * 0.6) / 1.35 });
    assert.deepEqual(prf({ tp: 0, fp: 0, fn: 4 }), { precision: 0, recall: 0, f1: 0 });
  });

  it('merges overlapping and touching ranges and drops empty ones', () => {
    assert.deepEqual(
      mergeRanges([
        [10, 12],
        [0, 3],
        [2, 5],
        [5, 7],
        [20, 20],
      ]),
      [
        [0, 7],
        [10, 12],
      ],
    );
  });

  it('counts characters in both unions', () => {
    assert.equal(
      intersectionLength(
        [
          [0, 7],
          [10, 12],
        ],
        [
          [5, 11],
          [30, 40],
        ],
      ),
      3,
    );
  });

  it('scores a flagged response whose entities partly sit in gold spans', () => {
    const s = scoreRecord(
      {
        flagged: true,
        unverified: [
          {
            type: 'number',
            text: '$5',
            occurrences: [
              [4, 6],
              [30, 32],
            ],
          },
          { type: 'proper_noun', text: 'Acme Corp', occurrences: [[40, 49]] },
        ],
      },
      [
        [0, 10],
        [50, 60],
        [28, 31],
      ],
    );
    assert.deepEqual(s.response, { tp: 1, fp: 0, fn: 0, tn: 0 });
    assert.deepEqual(s.entities, { flagged: 2, inGold: 1 });
    assert.deepEqual(s.perType, { number: { flagged: 1, inGold: 1 }, proper_noun: { flagged: 1, inGold: 0 } });
    assert.deepEqual(s.goldSpans, { total: 3, hit: 2 });
    // Predicted chars: [4,6) [30,32) [40,49) = 13; gold: [0,10) [28,31) [50,60) = 23; overlap 2 + 1.
    assert.deepEqual(s.chars, { predicted: 13, gold: 23, overlap: 3 });
    const c = charPrf(s);
    assert.equal(c.precision, 3 / 13);
    assert.equal(c.recall, 3 / 23);
  });

  it('an unflagged clean response is a true negative; a missed one a false negative', () => {
    assert.deepEqual(scoreRecord({ flagged: false, unverified: [] }, []).response, { tp: 0, fp: 0, fn: 0, tn: 1 });
    assert.deepEqual(scoreRecord({ flagged: false, unverified: [] }, [[1, 2]]).response, { tp: 0, fp: 0, fn: 1, tn: 0 });
  });

  it('sums records and computes the always-flag baseline from the gold counts', () => {
    const total = emptyScore();
    addScore(total, scoreRecord({ flagged: true, unverified: [{ type: 'date', text: '1999', occurrences: [[0, 4]] }] }, []));
    addScore(total, scoreRecord({ flagged: false, unverified: [] }, [[0, 5]]));
    addScore(total, scoreRecord({ flagged: false, unverified: [] }, []));
    addScore(total, scoreRecord({ flagged: true, unverified: [{ type: 'date', text: 'May', occurrences: [[2, 5]] }] }, [[0, 3]]));
    assert.deepEqual(total.response, { tp: 1, fp: 1, fn: 1, tn: 1 });
    assert.deepEqual(total.perType, { date: { flagged: 2, inGold: 1 } });
    assert.deepEqual(prf(total.response), { precision: 0.5, recall: 0.5, f1: 0.5 });
    // Two of four responses have gold spans: precision 0.5, recall 1, F1 2/3.
    assert.deepEqual(alwaysFlag(total), { precision: 0.5, recall: 1, f1: 2 / 3 });
  });
});
