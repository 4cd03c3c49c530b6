import { strict as assert } from 'node:assert';
import { extractEntities } from '../../../shared/extract';
import { EXTRACTORS, PATHOLOGICAL_UNITS, pathological } from './pathologicalInputs';

// Correctness smoke tests on 1 MB adversarial inputs: every extractor returns.
// Timing (100 KB against 1 MB) lives in bench/suites/20-regex-linearity.bench.ts.
const MEGABYTE = 1_000_000;

describe('extract: 1 MB pathological inputs', function () {
  this.timeout(60_000);

  for (const [name, unit] of Object.entries(PATHOLOGICAL_UNITS)) {
    it(`every extractor returns on ${name}`, () => {
      const text = pathological(unit, MEGABYTE);
      for (const [extractor, run] of Object.entries(EXTRACTORS)) {
        assert.ok(Array.isArray(run(text)), `${extractor} did not return a list`);
      }
    });
  }

  it('reads a megabyte of digits as one number', () => {
    const text = pathological('7', MEGABYTE);
    const entities = extractEntities(text);
    assert.equal(entities.length, 1);
    assert.deepEqual(entities[0].span, [0, MEGABYTE]);
    assert.equal(entities[0].type, 'number');
  });

  it('finds nothing in a megabyte of paired double quotes, since every pair is empty', () => {
    assert.deepEqual(extractEntities(pathological('"', MEGABYTE)), []);
  });

  it('merges a megabyte of one repeated date into one entity with every occurrence', () => {
    const text = pathological('Q3 ', 300_000);
    const entities = extractEntities(text);
    assert.equal(entities.length, 1);
    assert.equal(entities[0].occurrences.length, 100_000);
  });
});
