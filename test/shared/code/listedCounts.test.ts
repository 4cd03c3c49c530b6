import { strict as assert } from 'node:assert';
import { call, lastOutput, result, say, session, user, EVERY_RULE_FLAGGING } from './claudeSession';

const ALL = { rules: EVERY_RULE_FLAGGING };

/** An agent's answer after one command, as the rules judge it. */
function judged(answer: string, output = 'single_select.ts\nmulti_select.ts\nranking.ts\n') {
  return lastOutput(session([user('Summarise what you found.'), call('t1', 'Bash', { command: 'ls src/questions' }), result('t1', output), say(answer)]), ALL);
}

describe('a count followed by a list or range of what it counts', () => {
  it('flags a count its own range or list numbers otherwise, saying what the list names', () => {
    const v = judged(
      '- US1 (P1): 6 tasks (T013–T016)\n- Added 16 test cards to cards.json (IDs 8-18)\n- The flow has 5 question types (single_select, multi_select)\n- The dashboard has 7 data tables: Provider Summary, Model Utilization, Operator Index, and Tool Output Volume',
    );
    assert.equal(v.get('6 tasks')?.status, 'unverified');
    assert.equal(v.get('6 tasks')?.rule, 'listed-counts');
    assert.equal(v.get('6 tasks')?.detail, 'the range after it names 4: T013–T016');
    assert.equal(v.get('16 test')?.rule ?? v.get('16')?.rule, 'listed-counts');
    assert.equal(v.get('5')?.detail, 'the list after it names 2: single_select, multi_select');
    assert.equal(
      (v.get('7 data') ?? v.get('7'))?.detail,
      'the list after it names 4: Provider Summary, Model Utilization, Operator Index, and Tool Output Volume',
    );
  });

  it('leaves counts whose lists agree, are partial, are figures, could join two items, are phrases or what tests cover, or are no ids, and labels', () => {
    const v = judged(
      [
        '- 4 tasks (T020–T023)',
        '- 3 stores: Postgres, Redis and S3',
        '- 5 modules (e.g. parser, lexer)',
        '- 3 files (2 new, 1 changed)',
        '- 3 modes (read and write, append)',
        '- 4 functions (lines 10-20)',
        '- 6 endpoints (users, posts, etc.)',
        '- Work is broken into 7 phases: structure build, JS behavior, and responsive design',
        '- 30 tests: Parser, Lexer, CLI',
        '- Now 31 passing tests:\n  - Firmware, Tags',
        '- Next up: Phase 5 for mid-session adjustments (recalc, UI)',
      ].join('\n'),
    );
    for (const [key, e] of v) assert.notEqual(e.rule, 'listed-counts', key);
  });

  it('reads a numbered list under the heading that holds the count, and leaves selections and lists of phrases', () => {
    const flagged = judged('#### Components (4 files):\n1. single_select.ts\n2. **multi_select.ts** - the second\n3. ranking.ts\n\nThat is all.');
    assert.equal(flagged.get('4 files')?.rule, 'listed-counts');
    assert.equal(flagged.get('4 files')?.detail, 'the list after it names 3: 1. single_select.ts … 3. ranking.ts');
    const lists = [
      '#### Key modules (4 files):\n1. single_select.ts\n2. multi_select.ts\n3. ranking.ts',
      '#### Modules (9 files):\n1. single_select.ts\n2. multi_select.ts\n3. ranking.ts',
      '#### Modules (4 files):\n1. single_select.ts\n2. multi_select.ts\n3. ranking.ts\n... and one more',
      '#### Modules (4 files):\n1. single_select.ts\n3. multi_select.ts\n4. ranking.ts',
      '#### Steps (4 steps):\n1. read the spec\n2. write the tests\n3. run them',
      '#### Modules (4 files):\n- single_select.ts\n- multi_select.ts\n- ranking.ts',
      '#### Modules (3 files):\n1. single_select.ts\n2. multi_select.ts\n3. ranking.ts',
    ];
    for (const list of lists) for (const [key, e] of judged(list)) assert.notEqual(e.rule, 'listed-counts', `${key} in ${list}`);
  });

  it('leaves a count a command printed beside its noun grounded, though the list names fewer', () => {
    const v = judged('The folder holds 3 files (single_select.ts, multi_select.ts).', '3 files\nsingle_select.ts\nmulti_select.ts\nranking.ts\n');
    assert.notEqual(v.get('3 files')?.rule, 'listed-counts');
    assert.equal(v.get('3 files')?.status, 'grounded');
  });
});
