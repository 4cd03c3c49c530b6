import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import type { ClassifyOptions, ClassifyResult, EntityType } from '../../../shared/classifier/types';

type Triple = [text: string, type: EntityType, found: boolean];

function run(output: string, context: string, options?: ClassifyOptions): ClassifyResult {
  return classify({ output, context, options });
}

function triples(result: ClassifyResult): Triple[] {
  return result.entities.map((e) => [e.text, e.type, e.found]);
}

function assertVerdict(result: ClassifyResult, level: ClassifyResult['level'], score: number): void {
  assert.equal(result.level, level, result.explanation);
  assert.equal(result.score, score);
  assert.equal(result.flagForReview, level === 'PARTIAL' || level === 'UNGROUNDED');
}

describe('SHOR spec examples', () => {
  describe('quick start', () => {
    const output = 'Q3 revenue was $4.2M from 47 customers.';

    it('is GROUNDED when the context holds every entity', () => {
      const result = run(output, 'Q3 numbers: 47 customers signed up, revenue of $4.2M for the quarter.');
      assertVerdict(result, 'GROUNDED', 1);
      assert.equal(result.explanation, 'All extracted entities verified in context.');
    });

    it('is PARTIAL and names the missing figure when one entity is absent', () => {
      const result = run(output, 'Q3 numbers: 47 customers signed up, but revenue was not disclosed.');
      assertVerdict(result, 'PARTIAL', 0.6666666666666666);
      assert.equal(result.explanation, "number '$4.2M' not found in context.");
      assert.deepEqual(triples(result), [
        ['Q3', 'date', true],
        ['$4.2M', 'number', false],
        ['47 customers', 'number', true],
      ]);
    });
  });

  describe('entity types', () => {
    it('number: currency, percentages and thousands separators', () => {
      const result = run('Revenue was $4.2M, growth of 47%, from 1,234 customers.', 'Q3 had $4.2M in revenue, 47% growth, 1,234 customers signed up.');
      assertVerdict(result, 'GROUNDED', 1);
    });

    it('number: $4.2M matches its expanded digit form', () => {
      const result = run('Revenue was $4.2M.', 'Revenue: 4200000');
      assertVerdict(result, 'GROUNDED', 1);
    });

    it('date: a written date matches its ISO form', () => {
      assertVerdict(run('Filed on January 15, 2024.', 'The 2024-01-15 filing was completed.'), 'GROUNDED', 1);
    });

    it('date: Q3 does not match "third quarter"', () => {
      const result = run('Results for Q3 were strong.', 'Results for the third quarter were strong.');
      assertVerdict(result, 'UNGROUNDED', 0);
    });

    it('identifier: dotted access and a call whose arguments differ from the schema', () => {
      const result = run('Set user.email = db.query("SELECT id").id', 'Available fields: user.id, user.email. Available methods: db.query(sql).');
      assertVerdict(result, 'GROUNDED', 1);
    });

    it('quoted_string: a verbatim quote', () => {
      const result = run('The CEO said "we are going to win this quarter".', 'In the meeting the CEO said "we are going to win this quarter".');
      assertVerdict(result, 'GROUNDED', 1);
    });

    it('citation: a real source cited for a fabricated figure is PARTIAL', () => {
      const result = run('According to the SEC filing, revenue was $4.2M.', 'The SEC filing covered Q3 results.');
      assertVerdict(result, 'PARTIAL', 0.5);
      assert.deepEqual(
        result.entities.map((e) => [e.type, e.found]),
        [
          ['citation', true],
          ['number', false],
        ],
      );
    });

    it('url: protocol URL with a path', () => {
      assertVerdict(run('See https://example.com/docs for the API spec.', 'The docs live at https://example.com/docs.'), 'GROUNDED', 1);
    });

    it('proper_noun: multi-word names and repeated single names', () => {
      const result = run(
        'I met New York City visitors last week. Alice and Bob were there. Alice was on time.',
        'New York City delegates met with Alice and Bob.',
      );
      assertVerdict(result, 'GROUNDED', 1);
    });
  });

  it('integration example 1: an invented method is UNGROUNDED', () => {
    const context = 'db.query(sql) — run a SQL query\ndb.count(table) — count rows in a table';
    const result = run("I'll call db.fetchAll() to load every row", context, { strict: false, minEntities: 1 });
    assertVerdict(result, 'UNGROUNDED', 0);
    assert.equal(result.explanation, "identifier 'db.fetchAll()' not found in context.");
  });

  describe('strict mode', () => {
    it('is case-sensitive', () => {
      const output = 'The endpoint is api.getUser() today.';
      assertVerdict(run(output, 'Use API.GETUSER() for lookups.'), 'GROUNDED', 1);
      assertVerdict(run(output, 'Use API.GETUSER() for lookups.', { strict: true }), 'UNGROUNDED', 0);
    });

    it('requires token boundaries: "cat" is not found inside "category"', () => {
      const output = 'She said "cat" twice.';
      assertVerdict(run(output, 'A category of its own.'), 'GROUNDED', 1);
      assertVerdict(run(output, 'A category of its own.', { strict: true }), 'UNGROUNDED', 0);
      assertVerdict(run(output, 'The cat sat.', { strict: true }), 'GROUNDED', 1);
    });

    it('requires a match within one sentence', () => {
      const output = 'The note said "closed. Then".';
      assertVerdict(run(output, 'The deal closed. Then it reopened.'), 'GROUNDED', 1);
      assertVerdict(run(output, 'The deal closed. Then it reopened.', { strict: true }), 'UNGROUNDED', 0);
    });
  });

  describe('options', () => {
    it('minEntities: fewer entities than required is INDETERMINATE with score 0', () => {
      const result = run('Revenue was $4.2M.', 'Revenue was $4.2M.', { minEntities: 3 });
      assertVerdict(result, 'INDETERMINATE', 0);
      assert.equal(result.entities.length, 1);
    });

    it('entityTypes: only the listed types are counted', () => {
      const output = 'Q3 revenue was $4.2M from 47 customers.';
      const context = 'Q3 numbers: 47 customers signed up, but revenue was not disclosed.';
      const dates = run(output, context, { entityTypes: ['date'] });
      assertVerdict(dates, 'GROUNDED', 1);
      assert.deepEqual(triples(dates), [['Q3', 'date', true]]);
      const numbers = run(output, context, { entityTypes: ['number'] });
      assertVerdict(numbers, 'PARTIAL', 0.5);
    });

    it('stopwords replace the built-in list: with ["banana"] a repeated "The" counts as a name', () => {
      const output = 'The plan works. The team agrees.';
      const context = 'the plan works and the team agrees';
      assertVerdict(run(output, 'unrelated words only'), 'INDETERMINATE', 0);
      const withBanana = run(output, 'unrelated words only', { stopwords: ['banana'] });
      assert.deepEqual(triples(withBanana), [['The', 'proper_noun', false]]);
      assertVerdict(run(output, context, { stopwords: [] }), 'GROUNDED', 1);
    });
  });

  it('is INDETERMINATE and unflagged when the output has no entities', () => {
    const result = run('the user is asking about pricing', 'anything at all');
    assertVerdict(result, 'INDETERMINATE', 0);
    assert.deepEqual(result.entities, []);
  });
});
