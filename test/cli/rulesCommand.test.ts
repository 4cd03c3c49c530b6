/**
 * `groundcheck rules`: every rule in run order, with the rules that stay
 * silent in an agent's turn unless turned on marked, so a user sees what
 * `--rule ID=on` would add without reading the docs.
 */
import { strict as assert } from 'node:assert';
import { RULES, type RuleDoc } from '../../shared/classifier/rules';
import { buildCli, runCli } from './harness';

describe('groundcheck rules', function () {
  this.timeout(60000);
  before(buildCli);

  it("lists every rule once, marking those off in an agent's turn, with the legend that says how to turn them on", () => {
    const r = runCli(['rules']);
    assert.equal(r.code, 0);
    const lines = r.stdout.split('\n');
    for (const rule of RULES as readonly RuleDoc[]) {
      const line = lines.find((l) => l.startsWith(`${rule.id} `));
      assert.ok(line, rule.id);
      const marked = line.includes(`${rule.pack.padEnd(7)}  * `);
      assert.equal(marked, rule.agentTurns === 'off', `${rule.id}: ${line}`);
    }
    assert.ok(lines.some((l) => l.startsWith('* ') && l.includes('--rule ID=on')));
    assert.ok((RULES as readonly RuleDoc[]).some((rule) => rule.id === 'file-lines' && rule.agentTurns === 'off'));
  });
});
