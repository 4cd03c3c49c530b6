import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { CausalForest, causalForest, contextOf } from '../../../shared/transcript/causalContext';
import { lines, transcriptFromLines } from './handBuilt';

const linearChat = transcriptFromLines(
  lines(
    { role: 'system', text: 'You answer from tool output only.' },
    { role: 'user', text: 'How many rows in orders.csv?' },
    { role: 'tool_call', text: 'wc -l orders.csv' },
    { role: 'tool_result', text: '1042 orders.csv' },
    { role: 'assistant', text: 'It has 1,041 data rows.', output: true },
    { role: 'user', text: 'And in returns.csv?' },
    { role: 'reasoning', text: 'I should count returns.csv.' },
    { role: 'assistant', text: 'returns.csv has 88 rows.', output: true },
  ),
);

describe('causal context', () => {
  it('gives a linear chat output its earlier grounding segments only', () => {
    assert.deepEqual(contextOf(linearChat, 4), [0, 1, 3]);
    assert.deepEqual(contextOf(linearChat, 7), [0, 1, 3, 5]);
  });

  it('never includes anything after the output', () => {
    const ids = contextOf(linearChat, 4, { echo: true });
    assert.ok(ids.every((id) => id < 4));
    assert.equal(ids.includes(5), false);
  });

  it('adds model-written segments only when echoes count', () => {
    assert.deepEqual(contextOf(linearChat, 7, { echo: true }), [0, 1, 2, 3, 4, 5, 6]);
  });

  it('keeps a rewound branch out of the branch that replaced it', () => {
    const tree = transcriptFromLines(
      lines(
        { role: 'user', text: 'Which port does the app use?' }, // 0
        { role: 'tool_call', text: 'grep PORT .env' }, // 1
        { role: 'tool_result', text: 'PORT=8080' }, // 2
        { role: 'assistant', text: 'It uses 8080.', output: true }, // 3
        { role: 'user', text: 'Check config.yaml instead.', parent: 0 }, // 4: rewind to the first prompt
        { role: 'tool_result', text: 'port: 9090' }, // 5
        { role: 'assistant', text: 'It uses 9090.', output: true }, // 6
      ),
    );
    assert.deepEqual(contextOf(tree, 3), [0, 2]);
    assert.deepEqual(contextOf(tree, 6), [0, 4, 5]);
    assert.deepEqual(contextOf(tree, 6, { echo: true }), [0, 4, 5]);
    const forest = causalForest(tree);
    assert.equal(forest.isAncestor(2, 6), false);
    assert.equal(forest.isAncestor(5, 3), false);
    assert.equal(forest.isAncestor(0, 6), true);
  });

  it('gives each RAG row its own documents and never its grader fields', () => {
    const rag = transcriptFromLines(
      lines(
        { role: 'user', text: 'Is shipping free?', parent: -1 }, // 0: row 1 root
        { role: 'grader', text: 'Only above $50.', parent: 0 }, // 1: expected_output
        { role: 'document', text: 'Free shipping on orders above $50.', parent: 1 }, // 2
        { role: 'assistant', text: 'Yes, over $50.', output: true, parent: 2 }, // 3
        { role: 'user', text: 'When does the lease start?', parent: -1 }, // 4: row 2 root
        { role: 'document', text: 'The lease starts on 1 March 2024.', parent: 4 }, // 5
        { role: 'assistant', text: 'On 1 March 2024.', output: true, parent: 5 }, // 6
      ),
    );
    assert.deepEqual(contextOf(rag, 3), [0, 2]);
    assert.deepEqual(contextOf(rag, 3, { echo: true }), [0, 2]);
    assert.deepEqual(contextOf(rag, 6), [4, 5]);
  });

  it('turns dangling and cyclic parent links into roots instead of looping', () => {
    const forest = new CausalForest([{ parent: 2 }, { parent: 0 }, { parent: 1 }, { parent: 99 }, { parent: 3 }]);
    // 0 → 2 → 1 → 0 is a cycle: it is cut where the walk from 0 re-entered it.
    assert.deepEqual(Array.from(forest.parentOf), [-1, 0, 1, -1, 3]);
    assert.deepEqual(forest.ancestors(2), [0, 1]);
    assert.equal(forest.isAncestor(3, 4), true);
    assert.equal(forest.isAncestor(0, 4), false);
  });

  it('handles a 200,000-turn linear session without recursion', () => {
    const n = 200_000;
    const forest = new CausalForest(Array.from({ length: n }, (_, i) => ({ parent: i - 1 })));
    assert.equal(forest.isAncestor(0, n - 1), true);
    assert.equal(forest.isAncestor(n - 1, 0), false);
    assert.equal(forest.ancestors(n - 1).length, n - 1);
  });

  it('answers ancestor questions exactly as walking the parent chain does', () => {
    const forestArb = fc.integer({ min: 1, max: 60 }).chain((n) => fc.array(fc.integer({ min: -1, max: n - 1 }), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(forestArb, (parents) => {
        // Only earlier parents, so the input is a forest and the chain walk terminates.
        const segments = parents.map((p, i) => ({ parent: p < i ? p : -1 }));
        const forest = new CausalForest(segments);
        for (let b = 0; b < segments.length; b++) {
          const chain = new Set<number>();
          for (let p = segments[b].parent; p !== -1; p = segments[p].parent) chain.add(p);
          for (let a = 0; a < segments.length; a++) {
            if (forest.isAncestor(a, b) !== chain.has(a)) return false;
          }
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('names the latest ancestor of every segment, in a branched forest and in random ones', () => {
    const tree = new CausalForest([{ parent: -1 }, { parent: 0 }, { parent: 1 }, { parent: 0 }, { parent: 3 }, { parent: 2 }]);
    // 4 hangs off a rewind to 0, so 1 and 2 (both before it) are not its ancestors.
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((id) => tree.latestAncestor(id)),
      [-1, 0, 1, 0, 3, 2],
    );
    const forestArb = fc.integer({ min: 1, max: 60 }).chain((n) => fc.array(fc.integer({ min: -1, max: n - 1 }), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(forestArb, (parents) => {
        const forest = new CausalForest(parents.map((parent) => ({ parent })));
        for (let id = 0; id < parents.length; id++) assert.equal(forest.latestAncestor(id), Math.max(-1, ...forest.ancestors(id)));
      }),
      { numRuns: 200 },
    );
  });

  it('answers for segments appended in pieces as a forest built from all of them does', () => {
    // Appended segments name earlier parents only, as a parser reading appended lines gives them.
    const arb = fc
      .integer({ min: 1, max: 80 })
      .chain((n) =>
        fc.tuple(
          fc.array(fc.integer({ min: -1, max: n - 1 }), { minLength: n, maxLength: n }),
          fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
        ),
      );
    fc.assert(
      fc.property(arb, ([raw, pieces]) => {
        const segments = raw.map((p, i) => ({ parent: p < i ? p : -1 }));
        let known = Math.min(segments.length, pieces[0]);
        const grown = new CausalForest(segments.slice(0, known));
        grown.latestAncestor(0);
        for (const size of pieces.slice(1)) {
          if (known === segments.length) break;
          known = Math.min(segments.length, known + size);
          assert.equal(grown.extend(segments.slice(0, known)), true);
        }
        const whole = new CausalForest(segments.slice(0, known));
        assert.deepEqual([...grown.parentOf], [...whole.parentOf]);
        for (let b = 0; b < known; b++) {
          assert.equal(grown.latestAncestor(b), whole.latestAncestor(b));
          for (let a = 0; a < known; a++) assert.equal(grown.isAncestor(a, b), whole.isAncestor(a, b), `${a} → ${b}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes in no appended segment whose parent comes after it', () => {
    const forest = new CausalForest([{ parent: -1 }, { parent: 0 }]);
    assert.equal(forest.extend([{ parent: -1 }, { parent: 0 }, { parent: 3 }, { parent: 2 }]), false);
    assert.equal(forest.parentOf.length, 2);
  });
});
