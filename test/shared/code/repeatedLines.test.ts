import { strict as assert } from 'node:assert';
import { call, lastOutput, numbered, result, say, session, user } from './claudeSession';

const FILE = [
  'import os',
  'import json',
  '',
  'def load_config(path):',
  '    with open(path) as f:',
  '        return json.load(f)',
  '',
  'def main():',
  '    print(load_config("a.json"))',
];

/** A read of src/app.py, a first answer, an edit, more steps, and a last answer; as the rules judge the last one. */
function judged(first: string, edit: { old: string; new: string }, last: string, after: object[] = []) {
  return lastOutput(
    session([
      user('Where is the config loaded?'),
      call('r1', 'Read', { file_path: 'src/app.py' }),
      result('r1', numbered(FILE)),
      say(first),
      call('e1', 'Edit', { file_path: 'src/app.py', old_string: edit.old, new_string: edit.new }),
      result('e1', 'The file src/app.py has been updated.'),
      ...after,
      say(last),
    ]),
  );
}

const ADD_IMPORTS = { old: 'import json', new: 'import json\nimport sys\nimport logging' };

describe('a line reference written again after the agent moved what it pointed at', () => {
  it('contradicts a line the edits moved, offering the line it is on now', () => {
    const e = judged('`load_config` is at `src/app.py:4`.', ADD_IMPORTS, 'Added logging; the loader is still at `src/app.py:4`.').get('`src/app.py:4`');
    assert.equal(e?.rule, 'repeated-lines');
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.contradiction?.value, '`src/app.py:6`');
    assert.match(
      e?.detail ?? '',
      /held `def load_config\(path\):` when this reference was first written; the agent's edits since moved it 2 lines down, to line 6/,
    );
  });

  it('leaves a range unverified: the edits may have stretched it', () => {
    const e = judged('The loader is `src/app.py:4-6`.', ADD_IMPORTS, 'The loader is `src/app.py:4-6`.').get('`src/app.py:4-6`');
    assert.equal(e?.rule, 'repeated-lines');
    assert.equal(e?.status, 'unverified');
  });

  it('leaves a range the shift leaves more than three quarters in place: it still covers most of what it was cited for', () => {
    const addOne = { old: 'import json', new: 'import json\nimport sys' };
    const range = judged('The code is `src/app.py:4-9`.', addOne, 'The code is `src/app.py:4-9`.').get('`src/app.py:4-9`');
    assert.notEqual(range?.rule, 'repeated-lines');
    const line = judged('The loader is `src/app.py:4`.', addOne, 'The loader is `src/app.py:4`.').get('`src/app.py:4`');
    assert.equal(line?.rule, 'repeated-lines');
  });

  it('says nothing where the agent was shown the line since the edit, where the edit moved nothing above it, or where the line is too plain', () => {
    const shownSince = [
      call('r2', 'Read', { file_path: 'src/app.py' }),
      result('r2', numbered([FILE[0], FILE[1], 'import sys', 'import logging', ...FILE.slice(2)])),
    ];
    const cases = [
      judged('`load_config` is at `src/app.py:4`.', ADD_IMPORTS, 'The loader is at `src/app.py:4`.', shownSince).get('`src/app.py:4`'),
      judged(
        '`load_config` is at `src/app.py:4`.',
        { old: '    print(load_config("a.json"))', new: '    print(load_config("b.json"))' },
        'Still at `src/app.py:4`.',
      ).get('`src/app.py:4`'),
      judged('`src/app.py:3` is blank.', ADD_IMPORTS, 'See `src/app.py:3`.').get('`src/app.py:3`'),
    ];
    for (const e of cases) assert.notEqual(e?.rule, 'repeated-lines', e?.detail);
  });

  it('says nothing of a reference first written after the edit: it may cite the line as it is now', () => {
    const e = lastOutput(
      session([
        user('Where is the config loaded?'),
        call('r1', 'Read', { file_path: 'src/app.py' }),
        result('r1', numbered(FILE)),
        call('e1', 'Edit', { file_path: 'src/app.py', old_string: ADD_IMPORTS.old, new_string: ADD_IMPORTS.new }),
        result('e1', 'The file src/app.py has been updated.'),
        say('The imports end at `src/app.py:4`.'),
        say('As said, `src/app.py:4`.'),
      ]),
    ).get('`src/app.py:4`');
    assert.notEqual(e?.rule, 'repeated-lines');
  });
});
