import { strict as assert } from 'node:assert';
import { call, lastOutput, result, say, session, user } from './claudeSession';

const TASKS = [
  '# Tasks',
  '- [ ] T001 Set up the module',
  '- [ ] T002 [P] [US1] Write the plan tests',
  '- [ ] T003 [P] [US1] Write the handler tests',
  '- [x] T004 [US1] Build the planner',
  '- [ ] T005 [US2] Add the timer',
].join('\n');

/** An agent's answer after writing the task list whole (and any later calls), as the rules judge it by default. */
function judged(answer: string, later: object[] = []) {
  return lastOutput(
    session([
      user('Generate the tasks.'),
      call('w', 'Bash', { command: `cat <<'EOF' > specs/tasks.md\n${TASKS}\nEOF` }),
      result('w', '(no output)'),
      ...later,
      say(answer),
    ]),
  );
}

describe('a count of tasks named for a tag of a task list', () => {
  it('contradicts a count the whole list gives otherwise, with the number of lines carrying the tag', () => {
    const v = judged('- Story breakdown: US1 (4 tasks), US2 (1 task).');
    assert.equal(v.get('4 tasks')?.status, 'contradicted');
    assert.equal(v.get('4 tasks')?.rule, 'checklist-counts');
    assert.equal(v.get('4 tasks')?.contradiction?.value, '3 tasks');
    assert.equal(v.get('4 tasks')?.detail, 'specs/tasks.md has 3 tasks tagged [US1]');
    assert.equal(v.get('1 task')?.status, 'grounded');
  });

  it('grounds a count of the part another tag or the ticks mark, and leaves a part the list does not tell apart', () => {
    const v = judged('- Parallel opportunities: US1 (2 tasks)\n- Done so far: US1 (1 task)\n- Remaining work: US2 (3 tasks)');
    assert.equal(v.get('2 tasks')?.status, 'grounded');
    assert.equal(v.get('1 task')?.status, 'grounded');
    assert.notEqual(v.get('3 tasks')?.rule, 'checklist-counts');
  });

  it('leaves a list a later call names (it may have changed), a tag no whole list carries, and a rough count', () => {
    const edited = judged('- Story breakdown: US1 (4 tasks).', [
      call('p', 'Bash', { command: "python3 - <<'PY'\nopen('specs/tasks.md','a').write('- [ ] T006 [US1] More')\nPY" }),
      result('p', '(no output)'),
    ]);
    assert.notEqual(edited.get('4 tasks')?.rule, 'checklist-counts');
    const untagged = judged('- Story breakdown: US3 (4 tasks), US1 (~5 tasks).');
    for (const [key, e] of untagged) assert.notEqual(e.rule, 'checklist-counts', key);
  });
});
