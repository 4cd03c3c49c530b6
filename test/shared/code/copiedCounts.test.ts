import { strict as assert } from 'node:assert';
import type { Entity } from '../../../shared/classifier/types';
import { call, lastOutput, result, say, session, user } from './claudeSession';

/** The rule turned on, every other rule as by default. */
const COPIED_ON = { 'copied-counts': 'on' } as const;

/** The entity of a figure, whether it holds its noun (`43 files`) or not. */
function figure(v: Map<string, Entity>, digits: string): Entity | undefined {
  return [...v.values()].find((e) => e.text === digits || e.text.startsWith(`${digits} `));
}

/** An agent's answer after the commands given, with the rule turned on (it is off in agent turns by default). */
function judged(answer: string, runs: [string, string][]) {
  const steps = runs.flatMap(([command, output], i) => [call(`t${i}`, 'Bash', { command }), result(`t${i}`, output)]);
  return lastOutput(session([user('What did it print?'), ...steps, say(answer)]), { rules: COPIED_ON });
}

describe('a count on a line that copies what a tool printed', () => {
  it('contradicts the figure with the one the tool printed on that line, in prose, a quote or a plain block', () => {
    const banner: [string, string] = ['aider --version', 'Aider v0.86.2\nGit repo: .git with 41 files\nRepo-map: using 1024 tokens\n'];
    const prose = judged('It started with this banner.\nGit repo: .git with 43 files', [banner]);
    assert.equal(figure(prose, '43')?.status, 'contradicted');
    assert.equal(figure(prose, '43')?.rule, 'copied-counts');
    assert.equal(figure(prose, '43')?.contradiction?.value, '41 files');
    const quoted = judged('I committed after seeing "38 failed, 669 passed" on the new files alone.', [['pytest -q', '38 failed, 670 passed in 12s\n']]);
    assert.equal(figure(quoted, '669')?.status, 'contradicted');
    const tree = judged('The layout is:\n```\nsrc/\n└── main.go\n\n6 directories, 8 files\n```', [['tree', 'src/\n└── main.go\n\n6 directories, 4 files\n']]);
    assert.equal(figure(tree, '8')?.status, 'contradicted');
    assert.match(figure(tree, '8')?.detail ?? '', /6 directories, 4 files/);
  });

  it('grounds a figure the line printed, and leaves a line printed with several figures, a short label and what only the agent wrote', () => {
    const same = judged('Git repo: .git with 41 files, as the banner said.', [['aider', 'Git repo: .git with 41 files\n']]);
    assert.equal(figure(same, '41')?.status, 'grounded');
    const runs = judged('I committed after seeing "38 failed, 669 passed" here.', [
      ['pytest -q', '38 failed, 670 passed in 12s\n'],
      ['pytest -q', '38 failed, 668 passed in 12s\n'],
    ]);
    assert.notEqual(figure(runs, '669')?.rule, 'copied-counts');
    const label = judged('```\nTests: 12 passed\n```', [['npm test', 'Tests: 14 passed, 14 total\n']]);
    assert.notEqual(figure(label, '12')?.rule, 'copied-counts');
    const own = lastOutput(
      session([
        user('Count them.'),
        say('Git repo: .git with 41 files'),
        call('t0', 'Bash', { command: 'ls' }),
        result('t0', 'a.ts\n'),
        say('Git repo: .git with 43 files'),
      ]),
      { rules: COPIED_ON },
    );
    assert.notEqual(figure(own, '43')?.rule, 'copied-counts');
  });

  it('is off in agent turns by default: a copied count that differs is left unchecked', () => {
    const runs: [string, string][] = [['git status', 'Git repo: .git with 41 files\n']];
    const steps = runs.flatMap(([command, output], i) => [call(`t${i}`, 'Bash', { command }), result(`t${i}`, output)]);
    const v = lastOutput(session([user('What did it print?'), ...steps, say('Git repo: .git with 43 files')]));
    assert.notEqual(figure(v, '43')?.status, 'contradicted');
    assert.equal(figure(judged('Git repo: .git with 43 files', runs), '43')?.status, 'contradicted');
  });
});
