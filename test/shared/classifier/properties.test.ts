import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { classify } from '../../../shared/pipeline/classify';
import { normalizeForm } from '../../../shared/text/normalize';
import { extractEntities } from '../../../shared/extract';
import { DEFAULT_STOPWORDS } from '../../../shared/extract/stopwords';
import type { ClassifyResult, ExtractedEntity } from '../../../shared/classifier/types';

/** Text that exercises every entity type, every normalization, and arbitrary Unicode. */
// biome-ignore format: a list of words or values reads best packed
const piece = fc.oneof(
  fc.constantFrom(
    'Q3 ', '$4.2M ', '47% ', '1,234 ', 'January 15, 2024 ', '2024-01-15 ', 'db.query() ', 'user_id ', 'src/lib/util.ts ',
    '"quoted text" ', '“smart quote” ', 'https://example.com/docs ', 'example.io ', 'According to the report, ',
    'New York City ', 'Alice ', 'İstanbul ', 'cafe\u0301 ', '. ', '\n\n', '  ', 'the ', "don't ", 'Σ ', '😀', '\u0301',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const text = fc.array(piece, { maxLength: 25 }).map((pieces) => pieces.join(''));
const options = fc.record(
  {
    strict: fc.boolean(),
    minEntities: fc.integer({ min: 0, max: 4 }),
    entityTypes: fc.constantFrom(['all'] as const, ['number', 'date'] as const, ['proper_noun', 'quoted_string', 'url'] as const),
    stopwords: fc.constantFrom(undefined, [] as string[], ['banana']),
  },
  { requiredKeys: [] },
);

/** The normalized lookup forms of each extracted entity, keyed by type and span. */
function lookupForms(output: string, stopwords: readonly string[] | undefined, strict: boolean): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const e of extractEntities(output, { stopwords: stopwords ?? DEFAULT_STOPWORDS }) as ExtractedEntity[]) {
    forms.set(
      `${e.type}@${e.span[0]}`,
      e.forms.map((f) => normalizeForm(f, { foldCase: !strict })),
    );
  }
  return forms;
}

function checkResult(output: string, context: string, result: ClassifyResult, strict: boolean, forms: Map<string, string[]>): void {
  const inBounds = (r: [number, number], length: number) => 0 <= r[0] && r[0] <= r[1] && r[1] <= length;
  for (const e of result.entities) {
    assert.ok(inBounds(e.span, output.length));
    assert.equal(output.slice(e.span[0], e.span[1]), e.text);
    assert.deepEqual(e.occurrences[0], e.span);
    for (const o of e.occurrences) assert.ok(inBounds(o, output.length));
    assert.equal(e.found, e.locations.length > 0);
    assert.equal(e.locations.length, e.matches.length);
    assert.ok(e.locations.length <= 100);
    for (const loc of e.locations) {
      assert.ok(inBounds(loc, context.length));
      const there = normalizeForm(context.slice(loc[0], loc[1]), { foldCase: !strict });
      assert.ok(forms.get(`${e.type}@${e.span[0]}`)!.includes(there), `'${there}' is not a form of ${e.type} '${e.text}'`);
    }
  }
  const found = result.entities.filter((e) => e.found).length;
  const counted = result.entities.filter((e) => e.status !== 'indeterminate').length;
  if (result.level === 'INDETERMINATE') {
    assert.equal(result.score, 0);
  } else {
    assert.equal(result.score, found / counted);
    assert.equal(result.level, result.score === 1 ? 'GROUNDED' : result.score === 0 ? 'UNGROUNDED' : 'PARTIAL');
  }
  assert.equal(result.flagForReview, result.level === 'PARTIAL' || result.level === 'UNGROUNDED');
  assert.ok(result.score >= 0 && result.score <= 1);
}

describe('classifier properties', () => {
  it('never throws, stays in bounds and keeps level, score and flag consistent on any Unicode input', () => {
    fc.assert(
      fc.property(text, text, options, (output, context, opts) => {
        const result = classify({ output, context, options: opts });
        const strict = opts.strict ?? false;
        checkResult(output, context, result, strict, lookupForms(output, opts.stopwords, strict));
      }),
      { numRuns: 600 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(text, text, options, (output, context, opts) => {
        assert.deepEqual(classify({ output, context, options: opts }), classify({ output, context, options: opts }));
      }),
      { numRuns: 200 },
    );
  });

  it('finds every entity of an output in a context that is the output itself', () => {
    fc.assert(
      fc.property(text, (output) => {
        const result = classify({ output, context: output });
        for (const e of result.entities) {
          // An entity whose span stops before a combining mark names half a letter ('cafe' of 'café'); lookup rightly refuses it.
          if (/^\p{M}/u.test(output.slice(e.span[1], e.span[1] + 1))) continue;
          assert.ok(e.found, `${e.type} '${e.text}' not found in its own text`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
