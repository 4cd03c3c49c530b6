import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { classify } from '../../../shared/pipeline/classify';
import { RULES } from '../../../shared/classifier/rules';

/** The code pack runs on agents' turns; these plain contexts turn its rules on by id. */
const CODE_ON: Record<string, 'on'> = Object.fromEntries(RULES.filter((r) => r.pack === 'code').map((r) => [r.id, 'on']));
const refined = { profile: 'refined' as const, rules: CODE_ON };

/** Coding-agent prose: file references, inline code, fences, counts, versions, plans. */
// biome-ignore format: a list of words or values reads best packed
const piece = fc.oneof(
  fc.constantFrom(
    '`src/app.ts:42` ', 'app.ts#L3-L9 ', 'lines 2-4 of a.py ', 'line 7 ', '`getInitials()` ', '`.from().select()` ', '`Map<K, V>` ',
    '`a + b` ', '```ts\nconst x = 1;\n```\n', '```diff\n- a\n+ b\n```\n', '```\n', 'Next.js 14 ', 'port 3000 ', '97 similar selects ',
    'two places ', "I'll add ", 'Run `npm test`. ', '## Next steps\n', '- item\n', '@src/x.ts ', 'over 1,100 ', '13 tests pass. ',
    '. ', '\n', ' ', '`', '"', '@', ':', '#L', '1', '\u2192',
  ),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

describe('coding claims: properties', () => {
  it('never throws, keeps every range in bounds and slicing back to its entity, and finds only what it can point at', () => {
    fc.assert(
      fc.property(text, text, (output, context) => {
        const r = classify({ output, context, options: refined });
        for (const e of r.entities) {
          assert.equal(output.slice(e.span[0], e.span[1]), e.text);
          for (const o of e.occurrences) assert.ok(0 <= o[0] && o[0] <= o[1] && o[1] <= output.length);
          assert.equal(e.found, e.matches.length > 0, `${e.text} found=${e.found} with ${e.matches.length} matches`);
          for (const m of e.matches) assert.ok(0 <= m.start && m.start <= m.end && m.end <= context.length);
          if (e.contradiction) assert.ok(e.contradiction.match.end <= context.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('stays linear on long outputs of coding claims', () => {
    const unit = 'See `src/app.ts:42` and `getInitials()`; ```ts\nconst x = 1;\n``` 13 tests pass, Next.js 14 on port 3000.\n';
    const context = 'export function getInitials(name) {}\nconst x = 1;\n"next": "15.0.0"\nPORT=3001\n'.repeat(50);
    // The best of three runs per size: a shared machine's pauses land on single runs, not on all three.
    const time = (n: number) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        classify({ output: unit.repeat(n), context, options: refined });
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    time(50);
    const small = time(200);
    const large = time(800);
    // Four times the input: linear is 4×, quadratic 16×.
    assert.ok(large < small * 8 + 50, `800 units took ${large} ms against ${small} ms for 200`);
  });
});
