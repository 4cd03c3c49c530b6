import { strict as assert } from 'node:assert';
import { fuzzClassifier, fuzzShapes, fuzzTranscripts, shapeFailureReport } from './runFuzz';
import { SHAPES } from './shapes';
import type { ShapeCase } from './shapes/shapeInput';

// A short slice of `npm run fuzz`, same seed on every run.
describe('fuzzing (a short slice of npm run fuzz)', () => {
  it('no parser, detection or check throws or reports a range outside the file, on damaged real files and made-up text', () => {
    const r = fuzzTranscripts(1500, 20261126);
    assert.equal(r.failure, undefined, r.failure);
    assert.equal(r.runs, 1500);
  });

  it('the classifier stays inside its output and context on entity-dense text', () => {
    const r = fuzzClassifier(1500, 20261126);
    assert.equal(r.failure, undefined, r.failure);
    assert.equal(r.runs, 1500);
  });
});

describe('fuzzing hostile shapes (a short slice of npm run fuzz)', () => {
  // Mostly small inputs, as drawn; the megabyte ones are left to `npm run fuzz`.
  for (const { name } of SHAPES) {
    it(`${name}: groundcheck check keeps every property, inside the time and memory bounds`, () => {
      const r = fuzzShapes(100, 20261126, { only: [name] });
      const t = r.shapes[name];
      assert.equal(t.inputs, 100);
      assert.equal(t.failures, 0, Object.values(t.firsts).map(shapeFailureReport).join('\n'));
    });
  }

  it('a failure printed with --seed and --path replays the same input', () => {
    const seen: ShapeCase[] = [];
    fuzzShapes(30, 7, { only: ['byte order marks'], onInput: (_, c) => void seen.push(c) });
    const again: ShapeCase[] = [];
    fuzzShapes(1, 7, { only: ['byte order marks'], path: 17, onInput: (at, c) => void again.push({ ...c, at } as ShapeCase) });
    assert.deepEqual(again, [{ ...seen[17], at: 17 }]);
  });
});
