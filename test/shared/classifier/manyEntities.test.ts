import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import type { Entity } from '../../../shared/classifier/types';
import { claimVerdicts } from '../../../shared/refine/claimVerdicts';
import { unitsRead } from '../unitsRead';

/**
 * An output naming thousands of values in one line (a generated table, a
 * log pasted as prose) must cost work in proportion to its length: a step
 * that reads the whole line around each value turns a 10,000-value answer
 * into minutes. Work is counted, not timed.
 */

/** `route 0 returned 100000 errors, route 1 returned 100013 errors, …` on one line: numbers the context does not give. */
function oneLine(values: number): string {
  return Array.from({ length: values }, (_, i) => `route ${i} returned ${100_000 + i * 13} errors`).join(', ') + '.';
}

const CONTEXT = 'The service logs every request with its route and status code.';

describe('one output naming many values', () => {
  // Values of several kinds, each kind on one line: numbers the context lacks reach the contradiction rules, code spans the code extractor.
  const lines: Record<string, (values: number) => string> = {
    numbers: oneLine,
    'inline code': (values) => Array.from({ length: values }, (_, i) => `call \`getItem${i}()\``).join(', ') + '.',
  };
  for (const [kind, line] of Object.entries(lines)) {
    it(`is read in work that grows with its length, not with its length times its values (${kind})`, () => {
      const read = (values: number) => unitsRead(() => classify({ output: line(values), context: CONTEXT, options: { profile: 'refined' } }));
      const small = read(1_000);
      const large = read(4_000);
      // Four times the output: linear work reads about four times as much, a read of the line per value sixteen.
      assert.ok(large <= 5 * small, `read ${small} units for 1,000 values, ${large} for 4,000`);
    });
  }

  it('still judges each line, prose or code, on its own', () => {
    const output = 'The retry limit is 7, the retry limit is 8.\nconst limit = 9; let retries = 11;\nThe retry limit is 12.';
    const result = classify({ output, context: 'The retry limit is 5.', options: { profile: 'refined' } });
    const status = (text: string) => result.entities.find((e) => e.text === text)?.status;
    // Prose fills the context's slot with another value; a line of code sets its own.
    assert.deepEqual(['7', '8', '9', '11', '12'].map(status), ['contradicted', 'contradicted', 'unverified', 'unverified', 'contradicted']);
  });

  it('has its claim verdict gathered without searching a list per value', () => {
    const values = 20_000;
    const output = oneLine(values);
    // Each value sits at a known place: `route i returned ` precedes it, `, ` separates items.
    const entities: Entity[] = [];
    for (let i = 0, at = 0; i < values; i++) {
      const text = String(100_000 + i * 13);
      const start = at + `route ${i} returned `.length;
      const span: [number, number] = [start, start + text.length];
      entities.push({ text, type: 'number', normalized: text, span, occurrences: [span], found: false, status: 'unverified', matches: [], locations: [] });
      at = span[1] + ' errors, '.length;
    }
    assert.equal(output.slice(...entities[values - 1].span), String(100_000 + (values - 1) * 13));
    const searched = elementsSearched(() => claimVerdicts([{ span: [0, output.length], kind: 'claim' }], entities));
    assert.ok(searched <= 4 * values, `searched ${searched} list elements for ${values} values`);
    const [claim] = claimVerdicts([{ span: [0, output.length], kind: 'claim' }], entities);
    assert.equal(claim.entityIndexes.length, values);
    assert.equal(claim.verdict, 'unverified');
  });
});

/** List elements compared by `includes` and `indexOf` on arrays while `run` runs. */
function elementsSearched(run: () => void): number {
  const includes = Array.prototype.includes;
  const indexOf = Array.prototype.indexOf;
  let searched = 0;
  Array.prototype.includes = function (this: unknown[], ...args: [unknown, number?]) {
    searched += this.length;
    return includes.apply(this, args);
  };
  Array.prototype.indexOf = function (this: unknown[], ...args: [unknown, number?]) {
    searched += this.length;
    return indexOf.apply(this, args);
  };
  try {
    run();
  } finally {
    Array.prototype.includes = includes;
    Array.prototype.indexOf = indexOf;
  }
  return searched;
}
