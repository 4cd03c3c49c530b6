import { strict as assert } from 'node:assert';
import { listed } from './helpers';

// Each example output from the classifier specification, with the entities it must yield in order.
describe('extract: specification examples', () => {
  const cases: Array<[string, Array<[string, string]>]> = [
    [
      'Q3 revenue was $4.2M from 47 customers.',
      [
        ['Q3', 'date'],
        ['$4.2M', 'number'],
        ['47 customers', 'number'],
      ],
    ],
    [
      'Revenue was $4.2M, growth of 47%, from 1,234 customers.',
      [
        ['$4.2M', 'number'],
        ['47%', 'number'],
        ['1,234 customers', 'number'],
      ],
    ],
    ['Filed on January 15, 2024.', [['January 15, 2024', 'date']]],
    [
      'Set user.email = db.query("SELECT id").id',
      [
        ['user.email', 'identifier'],
        ['db.query("SELECT id").id', 'identifier'],
      ],
    ],
    ['The CEO said "we are going to win this quarter".', [['"we are going to win this quarter"', 'quoted_string']]],
    [
      'According to the SEC filing, revenue was $4.2M.',
      [
        ['the SEC filing', 'citation'],
        ['$4.2M', 'number'],
      ],
    ],
    ['See https://example.com/docs for the API spec.', [['https://example.com/docs', 'url']]],
    [
      'I met New York City visitors last week. Alice and Bob were there. Alice was on time.',
      [
        ['New York City', 'proper_noun'],
        ['Alice', 'proper_noun'],
      ],
    ],
    ["I'll call db.fetchAll() to load every row, then...", [['db.fetchAll()', 'identifier']]],
  ];
  for (const [output, expected] of cases) {
    it(output, () => assert.deepEqual(listed(output), expected));
  }
});
