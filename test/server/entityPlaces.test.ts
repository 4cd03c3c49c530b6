/**
 * Where the context has an entity is read when a hover or a jump asks, not
 * with the check: what the hover says must not depend on what was asked
 * before it, and must be what the check's own reading would have given.
 */
import { strict as assert } from 'node:assert';
import { generateRepetitiveSession } from '../../bench/generators/repetitiveSession';
import { analyze } from '../../server/src/analyze';
import { allPlaces, nearestPlaces } from '../../server/src/entityPlaces';
import { MAX_PLACES } from '../../server/src/findings';
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
