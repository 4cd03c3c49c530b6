import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { clockForms, findClockTimes } from '../../../shared/refine/clockTimes';
import { acronymExpansion } from '../../../shared/refine/definedAcronyms';
import { placeSpellings } from '../../../shared/refine/records/placeNames';
import { continentalSpelling, numberInWords, ordinalInWords, quarterSpellings } from '../../../shared/refine/equivalentForms';
import { findNumberWords } from '../../../shared/refine/numberWords';
import { findNumericRanges } from '../../../shared/refine/numericRanges';

const refined = { profile: 'refined' as const };

function statusOf(output: string, context: string, text: string, options: object = refined): string | undefined {
  return classify({ output, context, options }).entities.find((e) => e.text === text)?.status;
}

describe('refine: equivalent forms', () => {
  it('spells numbers and ordinals in words', () => {
    assert.deepEqual([2, 12, 20, 42, 99, 100].map(numberInWords), ['two', 'twelve', 'twenty', 'forty-two', 'ninety-nine', undefined]);
    assert.deepEqual([1, 3, 12, 20, 21].map(ordinalInWords), ['first', 'third', 'twelfth', 'twentieth', 'twenty-first']);
    assert.equal(continentalSpelling('1,234.56'), '1.234,56');
    assert.equal(continentalSpelling('1234'), undefined);
  });

  it('finds 12 as "twelve" in the context, but never inside another word', () => {
    assert.equal(statusOf('The team had 12 engineers.', 'A team of twelve engineers.', '12 engineers'), 'grounded');
    assert.equal(statusOf('We have 2 offices.', 'Our network spans Europe.', '2 offices'), 'unverified');
    // The plain spec rules do not read number words.
    assert.equal(statusOf('The team had 12 engineers.', 'A team of twelve engineers.', '12 engineers', {}), 'unverified');
  });

  it('finds ordinals and "per cent"', () => {
    assert.equal(statusOf('She finished 3rd overall.', 'She finished third overall.', '3rd'), 'grounded');
    assert.equal(statusOf('Costs fell 12%.', 'Costs fell by 12 per cent.', '12%'), 'grounded');
  });

  it('continental separators only when asked', () => {
    const output = 'The total was 1,234.56 EUR.';
    const context = 'Gesamt: 1.234,56 EUR';
    assert.equal(statusOf(output, context, '1,234.56 EUR'), 'unverified');
    assert.equal(statusOf(output, context, '1,234.56 EUR', { profile: 'refined', localeSeparators: true }), 'grounded');
  });

  it('finds standard place abbreviations both ways, as whole tokens', () => {
    assert.deepEqual(placeSpellings('State Street'), ['State St', 'State St.']);
    assert.deepEqual(placeSpellings('Linden Ave'), ['Linden Avenue']);
    assert.deepEqual(placeSpellings('California'), ['CA']);
    assert.deepEqual(placeSpellings('Paris'), []);
    assert.equal(statusOf('It sits on State Street in Goleta.', "{'address': '431 State St', 'city': 'Goleta'}", 'State Street'), 'grounded');
    // A single word is a name when the output repeats it.
    const output = 'It sits in California. The whole of California knows it.';
    assert.equal(statusOf(output, "{'city': 'Goleta', 'state': 'CA'}", 'California'), 'grounded');
    assert.equal(statusOf(output, "{'city': 'Goleta', 'note': 'Cafe'}", 'California'), 'unverified');
  });

  it('grounds an acronym the output defines where its words are found', () => {
    const out = "She was treated at Connecticut Children's Medical Center (CCMC) for months.";
    assert.equal(acronymExpansion(out, out.indexOf('CCMC'), out.indexOf('CCMC') + 4), "Connecticut Children's Medical Center");
    assert.equal(acronymExpansion('the Bank of England (BoE)', 21, 24), 'Bank of England');
    assert.equal(acronymExpansion('Paris Saint-Germain (PSG)', 21, 24), undefined);
    const twice = `${out} CCMC discharged her.`;
    assert.equal(statusOf(twice, "She was at Connecticut Children's Medical Center.", 'CCMC'), 'grounded');
    assert.equal(statusOf(twice, 'She was at a hospital.', 'CCMC'), 'unverified');
  });

  it('quarters in words only when asked', () => {
    const context = 'Sales peaked in the third quarter of 2024.';
    assert.equal(statusOf('Sales peaked in Q3 2024.', context, 'Q3 2024'), 'unverified');
    assert.equal(statusOf('Sales peaked in Q3 2024.', context, 'Q3 2024', { profile: 'refined', quarterNames: true }), 'grounded');
    assert.deepEqual(quarterSpellings('Q2'), ['second quarter', '2nd quarter']);
  });

  it('grounds a number whose unit is a record key or attached in another inflection, not one three fields away', () => {
    const record = "{'name': 'Cafe', 'business_stars': 4.0, 'review_count': 100}";
    assert.equal(statusOf('It has a rating of 4.0 stars.', record, '4.0 stars'), 'grounded');
    assert.equal(statusOf('The tower is 330 metres tall.', 'It stands 330 metre high.', '330 metres'), 'grounded');
    assert.equal(statusOf('It has 100 stars.', record, '100 stars'), 'unverified');
    // `4.0` is not found inside `14.05`; the record's own value then contradicts it.
    assert.equal(statusOf('It has a rating of 4.0 stars.', "{'stars': 14.05}", '4.0 stars'), 'contradicted');
  });
});

describe('refine: clock times', () => {
  it('reads 12- and 24-hour times, with a range passing its meridiem back', () => {
    const out = 'Open 9am to 5:30 PM, or 5:30 to 9:30 p.m. on Fridays, and 17:00 on Sundays.';
    assert.deepEqual(
      findClockTimes(out).map((t) => [out.slice(t.span[0], t.span[1]), t.hour, t.minute]),
      [
        ['9am', 9, 0],
        ['5:30 PM', 17, 30],
        ['5:30', 17, 30],
        ['9:30 p.m.', 21, 30],
        ['17:00', 17, 0],
      ],
    );
  });

  it('reads no time at the end of a name and its line number', () => {
    const out = 'See [tools/discuss.ps1:34](C:/w/tools/discuss.ps1#L34), `build_v2:15` and step1:20pm; it ran at 9:34, (10:15) and 在9:30.';
    assert.deepEqual(
      findClockTimes(out).map((t) => out.slice(t.span[0], t.span[1])),
      ['9:34', '10:15', '9:30'],
    );
  });

  // biome-ignore format: a list of words or values reads best packed
  it('spells a time every common way', () => {
    assert.deepEqual(clockForms({ span: [0, 0], hour: 21, minute: 0, meridiem: 'pm' }), [
      '21:00', '21:0', '9:00 pm', '9:00pm', '9:00 p.m.', '9 pm', '9pm', '9 p.m.',
    ]);
    assert.deepEqual(clockForms({ span: [0, 0], hour: 0, minute: 30, meridiem: 'am' }).slice(0, 3), ['0:30', '00:30', '12:30 am']);
  });

  it('checks opening hours against a 24-hour record, on token boundaries', () => {
    const context = "{'hours': {'Monday': '11:0-21:0', 'Tuesday': '11:0-14:0'}}";
    const result = classify({ output: 'It is open from 11am to 9 PM, and until 4:00 PM on Tuesdays.', context, options: refined });
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.type, e.status]),
      [
        ['11am', 'date', 'grounded'],
        ['9 PM', 'date', 'grounded'],
        // Tuesday closes at 14:0 in the record: the time is not just missing, it is contradicted.
        ['4:00 PM', 'date', 'contradicted'],
      ],
    );
    const nine = result.entities[1];
    assert.equal(context.slice(nine.locations[0][0], nine.locations[0][1]), '21:0');
  });
});

describe('refine: spelled-out counts', () => {
  it('extracts "three reviews" with its digit form, not "one" and not a bare word', () => {
    const found = findNumberWords('It has three reviews, one reviewer and forty-two dishes. Twelve.');
    assert.deepEqual(
      found.map((e) => [e.text, e.span, e.forms]),
      [
        ['three reviews', [7, 20], ['three reviews', '3 reviews']],
        ['forty-two dishes', [39, 55], ['forty-two dishes', '42 dishes']],
      ],
    );
  });

  it('finds every count from two to ninety-nine, however it is capitalised', () => {
    for (let n = 2; n < 100; n++) {
      const word = numberInWords(n)!;
      for (const spelt of [word, word.toUpperCase(), word[0].toUpperCase() + word.slice(1)]) {
        assert.deepEqual(
          findNumberWords(`We read ${spelt} reviews.`).map((e) => e.forms[1]),
          [`${n} reviews`],
          spelt,
        );
      }
    }
  });

  it('grounds a spelled-out count against digits and flags a wrong one', () => {
    assert.equal(statusOf('The cafe has three reviews.', 'It has 3 reviews in total.', 'three reviews'), 'grounded');
    assert.equal(statusOf('The cafe has five reviews.', 'It has 3 reviews in total.', 'five reviews'), 'unverified');
  });
});

describe('refine: numeric ranges and fractions', () => {
  it('reads hyphenated ranges and mixed fractions, not dates or codes', () => {
    const out = 'Bake 50-60 minutes, then 3-4 minutes at 38-43°C (2004-2010), not 2024-01-15 or SKU-12-34; cook 2 1/2 hours; 10-15% off.';
    assert.deepEqual(
      findNumericRanges(out).map((e) => e.text),
      ['50-60 minutes', '3-4 minutes', '38-43°C', '2004-2010', '10-15%', '2 1/2 hours'],
    );
    const r = findNumericRanges('Cook 3-4 minutes.')[0];
    assert.deepEqual(r.span, [5, 16]);
    assert.deepEqual(r.forms, ['3-4 minutes', '3–4 minutes', '3 to 4 minutes', '3 - 4 minutes', 'between 3 and 4 minutes']);
  });

  it('checks a range against the ways a context writes it', () => {
    assert.equal(statusOf('Grill for 3-4 minutes per side.', 'Grill for 3 to 4 minutes on each side.', '3-4 minutes'), 'grounded');
    assert.equal(statusOf('Grill for 3-4 minutes per side.', 'Grill for 5 to 6 minutes on each side.', '3-4 minutes'), 'unverified');
    assert.equal(statusOf('Simmer for 2 1/2 hours.', 'Simmer for 2½ hours.', '2 1/2 hours'), 'grounded');
  });
});
