import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { namespacesOf, phrasesOf, valueOf } from '../../../shared/refine/records/recordFields';

const refined = { profile: 'refined' as const };
const record =
  "{'name': 'Cafe Luna', 'attributes': {'OutdoorSeating': False, 'WiFi': u'free', 'RestaurantsReservations': False, " +
  "'RestaurantsTakeOut': True, 'RestaurantsGoodForGroups': None, 'HasTV': True}}";

describe('refine: record fields as claims', () => {
  it('names a field the way a writer does', () => {
    const ns = namespacesOf(['RestaurantsReservations', 'RestaurantsTakeOut', 'OutdoorSeating', 'WiFi']);
    assert.deepEqual([...ns], ['restaurants']);
    assert.deepEqual(phrasesOf('RestaurantsReservations', ns), ['reservations']);
    assert.deepEqual(phrasesOf('RestaurantsTakeOut', ns), ['take out', 'takeout', 'take-out']);
    assert.deepEqual(phrasesOf('RestaurantsGoodForGroups', ns), ['for groups', 'good for groups']);
    assert.deepEqual(phrasesOf('WiFi'), ['wi fi', 'wifi', 'wi-fi']);
    assert.deepEqual(phrasesOf('HasTV'), ['tv']);
    assert.deepEqual(['True', 'False', 'None', "u'no'", "u'free'", "'none'"].map(valueOf), ['yes', 'no', 'unknown', 'no', 'yes', 'no']);
  });

  it('grounds agreeing claims, contradicts the others with the written value, and leaves empty fields unverified', () => {
    const output = 'Cafe Luna offers outdoor seating and free WiFi, but it does not take reservations. It is great for groups, has takeout and no TV.';
    const r = classify({ output, context: record, options: refined });
    const fields = r.entities.filter((e) => e.type === 'identifier').map((e) => [e.text, e.status, e.contradiction?.value]);
    assert.deepEqual(fields, [
      ['outdoor seating', 'contradicted', 'False'],
      ['WiFi', 'grounded', undefined],
      ['reservations', 'grounded', undefined],
      ['for groups', 'unverified', undefined],
      ['takeout', 'grounded', undefined],
      ['TV', 'contradicted', 'True'],
    ]);
    const seating = r.entities.find((e) => e.text === 'outdoor seating')!;
    const m = seating.contradiction!.match;
    assert.equal(record.slice(m.start, m.end), 'False');
    assert.equal(seating.contradiction!.slot, 'OutdoorSeating');
    assert.deepEqual(seating.span, [17, 32]);
  });

  it('reads a negation after the phrase and a field called unspecified', () => {
    const output = 'Reservations are not accepted, and WiFi is unavailable. Group suitability is not specified, unlike outdoor seating.';
    const r = classify({ output, context: record, options: refined });
    assert.deepEqual(
      r.entities.filter((e) => e.type === 'identifier').map((e) => [e.text, e.status]),
      [
        ['Reservations', 'grounded'],
        ['WiFi', 'contradicted'],
        ['outdoor seating', 'contradicted'],
      ],
    );
    // The record leaves RestaurantsGoodForGroups as None: saying so is grounded, claiming it is not.
    const open = classify({ output: 'Whether it is good for groups is unknown.', context: record, options: refined });
    assert.deepEqual(
      open.entities.filter((e) => e.type === 'identifier').map((e) => [e.text, e.status]),
      [['for groups', 'grounded']],
    );
    const claimed = classify({ output: 'It is good for groups.', context: record, options: refined });
    assert.deepEqual(
      claimed.entities.filter((e) => e.type === 'identifier').map((e) => [e.text, e.status]),
      [['for groups', 'unverified']],
    );
  });

  it("reads nested flags with their parent's noun, and long flag words alone", () => {
    const context = "{'BusinessParking': {'garage': False, 'street': True, 'lot': False}, 'Ambience': {'romantic': False, 'casual': True}}";
    const output = 'Guests use street parking or lot parking. The casual ambience is romantic.';
    const r = classify({ output, context, options: refined });
    assert.deepEqual(
      r.entities.filter((e) => e.type === 'identifier').map((e) => [e.text, e.status, e.contradiction?.value]),
      [
        ['street parking', 'grounded', undefined],
        ['lot parking', 'contradicted', 'False'],
        ['casual ambience', 'grounded', undefined],
        ['romantic', 'contradicted', 'False'],
      ],
    );
    const lot = r.entities.find((e) => e.text === 'lot parking')!;
    assert.equal(lot.contradiction!.slot, 'BusinessParking.lot');
    assert.equal(context.slice(lot.contradiction!.match.start, lot.contradiction!.match.end), 'False');
    assert.equal(context.slice(lot.contradiction!.match.start - 7, lot.contradiction!.match.start), "'lot': ");
  });

  it('reads nothing from lower-case keys or text without a record', () => {
    const r = classify({ output: 'It has outdoor seating.', context: 'Guests sit outdoors. {"seating": false}', options: refined });
    assert.deepEqual(
      r.entities.filter((e) => e.type === 'identifier'),
      [],
    );
  });
});
