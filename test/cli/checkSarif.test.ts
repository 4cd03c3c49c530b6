import { strict as assert } from 'node:assert';
import { BUDGET_RULES } from '../../shared/usage/budget';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, fixture, REPO, runCli } from './harness';
import { sarifViolations } from './sarifShape';
import { RULES } from '../../shared/classifier/rules';

/* eslint-disable @typescript-eslint/no-explicit-any */
function sarif(args: string[], cwd?: string): any {
  const r = runCli(['check', ...args, '--format', 'sarif'], { cwd });
  return JSON.parse(r.stdout);
}

describe('groundcheck check --format sarif', function () {
  this.timeout(60000);
  before(buildCli);

  it('is a valid SARIF 2.1.0 log with one rule per classifier rule, then the budget rules', () => {
    const log = sarif([fixture('rag'), fixture('broken.jsonl')]);
    assert.deepEqual(sarifViolations(log), []);
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'groundcheck');
    assert.equal(run.tool.driver.version, JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version);
    assert.deepEqual(
      run.tool.driver.rules.map((r: any) => r.id),
      [...RULES.map((r) => r.id), ...BUDGET_RULES],
    );
    const lookup = run.tool.driver.rules.find((r: any) => r.id === 'not-in-context');
    assert.match(lookup.helpUri, /docs\/rules\.md#not-in-context$/);
    // Every result names a rule of the driver, and the level follows the entity type's severity.
    for (const r of run.results)
      assert.ok(
        RULES.some((x) => x.id === r.ruleId),
        r.ruleId,
      );
    // The malformed line is a tool notification; the run is not a success.
    assert.equal(run.invocations[0].executionSuccessful, false);
    assert.match(run.invocations[0].toolExecutionNotifications[0].message.text, /broken\.jsonl:2:1: error/);
  });

  it('locates results by 1-based UTF-16 line/column and by character offset', () => {
    const log = sarif([fixture('rag/unicode.jsonl')]);
    const [result] = log.runs[0].results;
    assert.equal(result.ruleId, 'slot-contradictions');
    assert.equal(result.level, 'warning');
    assert.equal(result.message.text, "number '$15' contradicts the context, which says '$12'. The output is UNGROUNDED.");
    assert.deepEqual(result.locations[0].physicalLocation, {
      artifactLocation: { uri: 'test/fixtures/cli/rag/unicode.jsonl', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1, startColumn: 102, endLine: 1, endColumn: 105, charOffset: 101, charLength: 3 },
    });
    assert.deepEqual(result.properties, { status: 'contradicted', entityType: 'number', contradiction: '$12' });
    assert.equal(result.relatedLocations[0].message.text, "the context gives '$12' for the same slot");
    assert.deepEqual(result.relatedLocations[0].physicalLocation.region, {
      startLine: 1,
      startColumn: 64,
      endLine: 1,
      endColumn: 67,
      charOffset: 63,
      charLength: 3,
    });
  });

  it('keeps fingerprints when other outputs are added to the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-sarif-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    const before = sarif(['answers.jsonl'], dir).runs[0].results;
    const original = readFileSync(join(dir, 'answers.jsonl'), 'utf8');
    const extra = '{"user_input": "Hours?", "retrieved_contexts": ["Open 9 to 5."], "response": "Open 9 to 6."}\n';
    writeFileSync(join(dir, 'answers.jsonl'), extra + original);
    const after = sarif(['answers.jsonl'], dir).runs[0].results;
    const print = (rs: any[]) => new Map(rs.map((r) => [r.message.text, r.partialFingerprints['groundcheckOccurrence/v1']]));
    const was = print(before);
    const now = print(after);
    assert.equal(after.length, before.length + 1);
    for (const [message, fp] of was) assert.equal(now.get(message), fp, message);
    assert.equal(new Set(now.values()).size, now.size);
  });
});

describe('SARIF shape checks', () => {
  it('name what a broken log gets wrong', () => {
    const broken = {
      version: '2.0.0',
      $schema: 'x',
      runs: [
        {
          tool: { driver: { name: 'groundcheck', rules: [{ id: 'number' }] } },
          invocations: [{}],
          results: [
            {
              ruleId: 'date',
              level: 'fatal',
              message: {},
              locations: [{ physicalLocation: { artifactLocation: { uri: 'a' }, region: { startLine: 0, startColumn: 1 } } }],
            },
          ],
        },
      ],
    };
    assert.deepEqual(sarifViolations(broken), [
      '$.version: must be "2.1.0"',
      '$.runs[0].invocations[0].executionSuccessful: required boolean',
      '$.runs[0].results[0].message: needs text or id',
      '$.runs[0].results[0].level: not a SARIF level',
      '$.runs[0].results[0].ruleId: no such rule',
      '$.runs[0].results[0].locations[0].physicalLocation.region.startLine: expected an integer >= 1',
    ]);
  });
});
