import { strict as assert } from 'node:assert';
import { call, lastOutput, result, say, session, user } from './claudeSession';

/** An agent's answer after one test run, as the rules judge it by default. */
function judged(answer: string) {
  return lastOutput(
    session([user('Spot check the project.'), call('t0', 'Bash', { command: 'pytest -q' }), result('t0', '......\n670 passed in 13.60s\n'), say(answer)]),
  );
}

describe('counts in a block that reports', () => {
  it('contradicts a test count a plain report block gives otherwise than the latest run', () => {
    const v = judged('```\n━━━ REPORT ━━━\nHOOKS   OK — hooks executable\nTESTS   669 passed\nLINT    clean\n```');
    assert.equal(v.get('669')?.status, 'contradicted');
    assert.equal(v.get('669')?.rule, 'test-counts');
    assert.equal(v.get('669')?.contradiction?.value, '670');
  });

  it('adds nothing for a count the run agrees with, one on a line that names no tests, or one in a block of code or one the turn proposes', () => {
    for (const answer of [
      '```\nTESTS   670 passed\n```',
      '```\nFiltered : 669 passed / 20 failed\n```',
      '```python\nassert summary == "669 passed"\n```',
      'Change the expected summary to:\n```\n669 passed\n```',
    ]) {
      const v = judged(answer);
      assert.equal(v.get('669'), undefined, answer);
      assert.equal(v.get('670'), undefined, answer);
    }
  });

  it('leaves a block that lays out several runs, a line each, and still reads a summary of one run over two lines', () => {
    const table = judged(
      'All seven fixes are load-bearing:\n```\nM1 reintroduce the cast → 15 tests red\nM2 page-scoped dedup → 11 tests red\nM3 hardcode complete → 3 tests red\n```',
    );
    for (const figure of ['15', '11', '3']) assert.equal(table.get(figure), undefined, figure);
    const summary = judged('```\nTest Files  6 passed (6)\nTests  669 passed (669)\n```');
    assert.equal(summary.get('669')?.status, 'contradicted');
  });
});
