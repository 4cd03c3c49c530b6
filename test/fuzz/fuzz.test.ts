import { strict as assert } from 'node:assert';
import { fuzzClassifier, fuzzTranscripts } from './runFuzz';

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
