import { strict as assert } from 'node:assert';
import { decide, MAX_REMEMBERED } from '../../../shared/hook/loopGuard';

const input = { turn: 't1', stopHookActive: false, maxBlocks: 1 };

describe('the stop hook loop guard', () => {
  it('blocks on new findings only, once a turn, and forgets them on a clean turn', () => {
    const first = decide(undefined, { ...input, findings: ['a', 'b'] });
    assert.deepEqual(first.decision, { kind: 'block', keys: ['a', 'b'] });
    assert.deepEqual(decide(first.next, { ...input, findings: ['a'] }).decision, { kind: 'repeated' });
    assert.deepEqual(decide(first.next, { ...input, findings: ['a', 'c'] }).decision, { kind: 'capped' });
    // A new turn has its own count; what was blocked on stays blocked on.
    const next = decide(first.next, { ...input, turn: 't2', findings: ['a', 'c'] });
    assert.deepEqual(next.decision, { kind: 'block', keys: ['c'] });
    assert.deepEqual(decide(next.next, { ...input, turn: 't3', findings: [] }), { decision: { kind: 'clean' }, next: undefined });
  });

  it('counts stop_hook_active as one block already, with or without its own state', () => {
    assert.deepEqual(decide(undefined, { ...input, stopHookActive: true, findings: ['a'] }).decision, { kind: 'capped' });
    assert.deepEqual(decide(undefined, { ...input, stopHookActive: true, maxBlocks: 2, findings: ['a'] }).decision, { kind: 'block', keys: ['a'] });
  });

  it('remembers a bounded number of findings, the latest', () => {
    const many = Array.from({ length: MAX_REMEMBERED + 50 }, (_, i) => `k${i}`);
    const { next } = decide(undefined, { ...input, findings: many });
    assert.equal(next!.blocked.length, MAX_REMEMBERED);
    assert.equal(next!.blocked[MAX_REMEMBERED - 1], `k${MAX_REMEMBERED + 49}`);
  });
});
