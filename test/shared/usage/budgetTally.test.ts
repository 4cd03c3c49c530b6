import { strict as assert } from 'node:assert';
import { BudgetTally, budgetCrossings, type Budget } from '../../../shared/usage/budget';
import { DEFAULT_PRICES } from '../../../shared/usage/defaultPrices';
import type { CallUsage } from '../../../shared/usage/model';
import type { PriceTable } from '../../../shared/usage/prices';

/** A small generator with a seed, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const MODELS = ['claude-sonnet-4-5-20250929', 'claude-opus-4-5', 'gpt-5', 'a-model-with-no-price'];

function callOf(next: () => number, line: number): CallUsage {
  const n = (max: number) => Math.floor(next() * max);
  const cacheWrite = n(3) === 0 ? null : n(20_000);
  return {
    line,
    model: MODELS[n(next() < 0.9 ? 3 : 4)],
    agent: 'main',
    counts: {
      input: n(5_000),
      output: n(2_000),
      cacheWrite,
      cacheRead: n(80_000),
      reasoning: null,
      ...(cacheWrite && n(4) === 0 ? { cacheWrite1h: cacheWrite } : {}),
    },
  };
}

const BUDGETS: Budget[] = [{ tokens: { soft: 400_000, hard: 1_500_000 } }, { cost: { soft: 0.5, hard: 2 } }, { tokens: { hard: 900_000 }, cost: { soft: 1 } }];

describe('a budget tally kept over calls that grow and change', () => {
  for (const [b, budget] of BUDGETS.entries()) {
    it(`finds what a tally from the start finds, after calls appended and calls changed from any point (budget ${b + 1})`, () => {
      for (let seed = 1; seed <= 30; seed++) {
        const next = random(seed * 7919 + b);
        const tally = new BudgetTally<CallUsage>(budget, DEFAULT_PRICES);
        const calls: CallUsage[] = [];
        for (let step = 0; step < 40; step++) {
          // Most steps append a call or two; some change a call already tallied (a response logged again) and append.
          let first = calls.length;
          if (calls.length > 0 && next() < 0.3) {
            first = Math.floor(next() * calls.length);
            calls[first] = { ...callOf(next, calls[first].line), line: calls[first].line };
          }
          for (let k = Math.floor(next() * 3); k > 0; k--) calls.push(callOf(next, calls.length + 1));
          const got = tally.from(calls, first).map(({ at, ...crossing }) => ({ ...crossing, at }));
          const want = budgetCrossings(calls, budget, DEFAULT_PRICES).map((c) => ({ ...c, at: calls.indexOf(c.call) }));
          assert.deepEqual(got, want, `seed ${seed}, step ${step}`);
        }
      }
    });
  }

  it('prices only the calls from the first that changed', () => {
    let lookups = 0;
    const counted: PriceTable = {
      models: new Proxy(DEFAULT_PRICES.models, {
        getOwnPropertyDescriptor(target, key) {
          lookups++;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      }),
    };
    const next = random(3);
    const calls = Array.from({ length: 200 }, (_, i) => ({ ...callOf(next, i + 1), model: 'claude-opus-4-5' }));
    const tally = new BudgetTally<CallUsage>({ cost: { soft: 1_000 } }, counted);
    tally.from(calls, 0);
    lookups = 0;
    calls.push({ ...callOf(next, 201), model: 'claude-opus-4-5' });
    tally.from(calls, 200);
    assert.equal(lookups, 1, 'one call appended, one priced');
    lookups = 0;
    calls[198] = { ...calls[198], counts: { ...calls[198].counts, output: calls[198].counts.output + 10 } };
    tally.from(calls, 198);
    assert.equal(lookups, 3, 'the calls from the one changed on priced again');
  });
});
