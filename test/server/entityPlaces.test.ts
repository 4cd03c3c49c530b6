/**
 * Where the context has an entity is read when a hover or a jump asks, not
 * with the check: what the hover says must not depend on what was asked
 * before it, and must be what the check's own reading would have given.
 */
import { strict as assert } from 'node:assert';
import { generateRepetitiveSession } from '../../bench/generators/repetitiveSession';
import { analyze } from '../../server/src/analyze';
import { allPlaces, nearestPlaces } from '../../server/src/entityPlaces';
import { MAX_PLACES } from '../../server/src/fileAnalysis';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';

describe('server: places of an entity, read on demand', () => {
  const raw = generateRepetitiveSession({ targetSize: 600_000 }).raw;

  it('gives the hover the same nearest places and count after Find References read every place', () => {
    const first = analyze({ raw, settings: DEFAULT_SETTINGS });
    const again = analyze({ raw, settings: DEFAULT_SETTINGS });
    const entities = (a: typeof first) => a.check!.outputs.flatMap((o) => o.result.entities);
    const many = entities(first).findIndex((e) => nearestPlaces(first.transcript!, e).morePlaces);
    assert.ok(many >= 0, 'an entity the context has more than MAX_PLACES times');
    // In the second check, every place is read first, as Find References does.
    const e = entities(again)[many];
    const every = allPlaces(again.transcript!, e);
    assert.ok(every.matches.length > MAX_PLACES, `${every.matches.length} places`);
    const shown = nearestPlaces(again.transcript!, e);
    assert.deepEqual(shown, nearestPlaces(first.transcript!, entities(first)[many]));
    assert.equal(shown.morePlaces, true);
    assert.deepEqual(shown.matches, every.matches.slice(0, MAX_PLACES), 'the nearest are the first of all, in the same order');
  });
});

describe('server: places sent with the findings', () => {
  const grounded = (a: ReturnType<typeof analyze>) => a.analysis.outputs.flatMap((o) => o.entities).filter((e) => e.status === 'grounded' && !e.noPlaces);

  it('are the nearest places of each entity in a small file, so its hovers need not wait for the worker', () => {
    const small = analyze({ raw: generateRepetitiveSession({ targetSize: 300_000 }).raw, settings: DEFAULT_SETTINGS });
    const entities = small.check!.outputs.flatMap((o) => o.result.entities);
    const findings = small.analysis.outputs.flatMap((o) => o.entities);
    assert.ok(grounded(small).length > 0);
    findings.forEach((f, i) => {
      if (!f.noPlaces) assert.deepEqual(f.places, nearestPlaces(small.transcript!, entities[i]));
    });
  });

  it('are left to be asked for in a large file', () => {
    const large = analyze({ raw: generateRepetitiveSession({ targetSize: 2_500_000 }).raw, settings: DEFAULT_SETTINGS });
    assert.ok(grounded(large).length > 0);
    assert.ok(grounded(large).every((f) => f.places === undefined));
  });
});
