import { strict as assert } from 'node:assert';
import { extractEntities } from '../../../shared/extract';
import { groupThousands } from '../../../shared/extract/numberForms';
import { entity, listed, textsOfType } from './helpers';

describe('extract: numbers', () => {
  it('reads the quick-start sentence as Q3, $4.2M and 47 customers', () => {
    assert.deepEqual(listed('Q3 revenue was $4.2M from 47 customers.'), [
      ['Q3', 'date'],
      ['$4.2M', 'number'],
      ['47 customers', 'number'],
    ]);
  });

  it('expands a scaled currency amount to its digits', () => {
    const e = entity('Q3 revenue was $4.2M from 47 customers.', '$4.2M');
    assert.deepEqual(e.span, [15, 20]);
    assert.deepEqual(e.forms, ['$4.2M', '$4.2 million', '4200000', '4,200,000']);
  });

  it('gives plain digits their compact spellings so they match a context that says $4.2M', () => {
    assert.deepEqual(entity('Revenue: 4200000 in total', '4200000').forms, ['4200000', '4,200,000', '4.2M', '4.2 million']);
  });

  it('writes thousands separators both ways', () => {
    assert.deepEqual(entity('Visits: 1,234.', '1,234').forms, ['1,234', '1234']);
    assert.deepEqual(entity('Visits: 1234.', '1234').forms, ['1234', '1,234']);
  });

  it('groups long digit runs the same way as short ones', () => {
    assert.equal(groupThousands('1234567'), '1,234,567');
    assert.equal(groupThousands('9'.repeat(66)), '999' + ',999'.repeat(21));
    assert.equal(groupThousands('12' + '0'.repeat(66)), '12' + ',000'.repeat(22));
  });

  it('handles decimals, percentages and scale suffixes', () => {
    assert.deepEqual(listed('Pi is 3.14, growth was 47%, raised 3.5bn and 12k and 4.2 million.'), [
      ['3.14', 'number'],
      ['47%', 'number'],
      ['3.5bn', 'number'],
      ['12k', 'number'],
      ['4.2 million', 'number'],
    ]);
    assert.deepEqual(entity('growth was 47%', '47%').forms, ['47%', '47 percent']);
    assert.deepEqual(entity('raised 3.5bn now', '3.5bn').forms, ['3.5bn', '3.5B', '3.5 billion', '3500000000', '3,500,000,000']);
    assert.deepEqual(entity('some 12k users', '12k').forms, ['12k', '12K', '12 thousand', '12000', '12,000']);
  });

  it('reads currency symbols and codes before and after the digits', () => {
    assert.deepEqual(textsOfType('Paid €300, £45.50, ¥1000, USD 250 and 90 EUR.', 'number'), ['€300', '£45.50', '¥1000', 'USD 250', '90 EUR']);
  });

  it('keeps a unit word with its number', () => {
    assert.deepEqual(textsOfType('Walk 330 metres with 5 GB and 10ms later.', 'number'), ['330 metres', '5 GB', '10ms']);
    assert.deepEqual(entity('about 5 GB free', '5 GB').forms, ['5 GB', '5GB']);
    assert.deepEqual(entity('from 1,234 customers.', '1,234 customers').forms, ['1,234 customers', '1234 customers']);
  });

  // biome-ignore format: a list of words or values reads best packed
  it('takes plural nouns and known units as units, but not adjectives or verbs', () => {
    assert.deepEqual(textsOfType('We saw 5 major cities, 12 responded, 20 people came, 3 km away and 1 customer paid.', 'number'), [
      '5', '12', '20 people', '3 km', '1 customer',
    ]);
  });

  it('takes no unit after a number that labels something', () => {
    assert.deepEqual(textsOfType('Passage 2 describes it, step 3 adds more, and Table 4 shows 12 rows.', 'number'), ['2', '3', '4', '12 rows']);
  });

  it('takes no unit after a function word, a currency, a suffix, a percent or a year', () => {
    assert.deepEqual(textsOfType('It cost $5 bonus, $4.2M from 12k users, 40% growth, 7 of them and in 2024 revenue rose.', 'number'), [
      '$5',
      '$4.2M',
      '12k',
      '40%',
      '7',
      '2024',
    ]);
  });

  it('skips a lone 0 or 1 but keeps them with a unit or symbol', () => {
    assert.deepEqual(textsOfType('Set flag to 0 or 1, then 1 customer paid $1 and 0%.', 'number'), ['1 customer', '$1', '0%']);
  });

  it('does not read spelled-out numbers', () => {
    assert.deepEqual(extractEntities('revenue was four point two million dollars'), []);
  });

  it('leaves digits that are part of codes, versions and words alone', () => {
    assert.deepEqual(textsOfType('See v1.2.3, SKU-123, call 555-1234, hash 3f2a9c, item a1, id 7:12:99:1.', 'number'), []);
  });

  it('skips the numbers of an ordered list but not numbers that start a line', () => {
    assert.deepEqual(textsOfType('Plan:\n1. Run it.\n2. Edit it.\n  3) Ship 4 builds.\n12 tests passed.', 'number'), ['4 builds', '12 tests']);
    assert.deepEqual(textsOfType('Plan:\r\n2. Edit it.\r\n3. Ship it.', 'number'), []);
  });

  it('reads clock times as numbers with 12- and 24-hour spellings', () => {
    assert.deepEqual(listed('Open from 5:00 PM to 9:30 pm; closes 17:45.'), [
      ['5:00 PM', 'number'],
      ['9:30 pm', 'number'],
      ['17:45', 'number'],
    ]);
    assert.deepEqual(entity('Open from 5:00 PM daily', '5:00 PM').forms, ['5:00 PM', '5:00PM', '5 PM', '5PM', '17:00']);
    assert.deepEqual(entity('closes 17:45 daily', '17:45').forms, ['17:45', '5:45 PM']);
    assert.deepEqual(entity('at 7:05 p.m. sharp', '7:05 p.m.').forms, ['7:05 p.m.', '7:05 PM', '7:05PM', '19:05']);
    assert.deepEqual(listed('Not times: 25:99, 13:00 PM, 1:2'), []);
  });

  it('keeps a leading sign', () => {
    assert.deepEqual(entity('margin fell -5% this year', '-5%').span, [12, 15]);
  });
});
