import { strict as assert } from 'node:assert';
import { call, lastOutput, numbered, result, say, session, statuses, user, EVERY_RULE_FLAGGING } from './claudeSession';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';

const sidebar = [
  "import { useMemo } from 'react';",
  '',
  'export function getInitials(name: string) {',
  "  return name.split(' ').map((p) => p[0]).join('');",
  '}',
  '',
  'export function AppSidebar({ user }) {',
  '  const initials = useMemo(() => getInitials(user.name), [user]);',
  '  const rows = supabase.from(table).select(cols).eq("id", user.id);',
  '  return <Sidebar initials={initials} />;',
  '}',
];

/** These tests show what each rule does in an agent's turn, so every rule flags (rules.test.ts covers the defaults). */
const ALL = { rules: EVERY_RULE_FLAGGING };

const readSidebar = [
  user('Why are the initials wrong?'),
  call('r1', 'Read', { file_path: '/w/app/src/components/AppSidebar.tsx' }),
  result('r1', numbered(sidebar)),
];

describe('file and line references in a coding session', () => {
  it('grounds a line the agent was shown, by file name, relative or absolute path', () => {
    const v = statuses(
      session([
        ...readSidebar,
        say('`AppSidebar.tsx:8` memoizes it; `src/components/AppSidebar.tsx:3` defines it; see /w/app/src/components/AppSidebar.tsx#L7.'),
      ]),
      ALL,
    );
    assert.deepEqual(v, {
      '`AppSidebar.tsx:8`': 'grounded',
      '`src/components/AppSidebar.tsx:3`': 'grounded',
      '/w/app/src/components/AppSidebar.tsx#L7': 'grounded',
    });
  });

  it('says which lines were shown when a cited line never was, and when it is past the end', () => {
    const e = lastOutput(session([...readSidebar, say('The bug is at `AppSidebar.tsx:240`.')]), ALL).get('`AppSidebar.tsx:240`')!;
    assert.equal(e.status, 'unverified');
    assert.equal(e.detail, 'AppSidebar.tsx has 11 lines; line 240 was past its end');
    const partial = session([
      user('Look at the sidebar.'),
      call('r1', 'Read', { file_path: '/w/app/src/AppSidebar.tsx', offset: 1, limit: 5 }),
      result('r1', numbered(sidebar.slice(0, 5))),
      say('The bug is at `AppSidebar.tsx:9`.'),
    ]);
    const p = lastOutput(partial, ALL).get('`AppSidebar.tsx:9`')!;
    assert.equal(p.status, 'unverified');
    assert.equal(p.detail, 'AppSidebar.tsx was read with lines 1\u20135; line 9 was never shown');
  });

  it('gives no verdict on a range from a line shown to one never shown, unless an edit came after or it runs past the end', () => {
    const readPart = [
      user('Look at the sidebar.'),
      call('r1', 'Read', { file_path: '/w/app/src/AppSidebar.tsx', offset: 1, limit: 5 }),
      result('r1', numbered(sidebar.slice(0, 5))),
    ];
    // The extent of what starts on line 4: where it ends was never shown.
    const extent = lastOutput(session([...readPart, say('The sidebar renders at `AppSidebar.tsx:4-9`.')]), ALL).get('`AppSidebar.tsx:4-9`')!;
    assert.equal(extent.status, 'indeterminate');
    assert.match(extent.detail!, /line 9 was never shown; each range starts on a line that was shown/);
    // A range that starts on a line never shown is still unverified.
    assert.equal(
      lastOutput(session([...readPart, say('The sidebar renders at `AppSidebar.tsx:7-9`.')]), ALL).get('`AppSidebar.tsx:7-9`')?.status,
      'unverified',
    );
    // After an edit, what started on line 4 may have moved: the start shown before the edit says nothing.
    const edited = [
      ...readPart,
      call('e1', 'Edit', { file_path: '/w/app/src/AppSidebar.tsx', old_string: sidebar[0], new_string: `// header\n${sidebar[0]}` }),
      result('e1', 'The file /w/app/src/AppSidebar.tsx has been updated.'),
      say('The sidebar renders at `AppSidebar.tsx:4-9`.'),
    ];
    assert.doesNotMatch(lastOutput(session(edited), ALL).get('`AppSidebar.tsx:4-9`')?.detail ?? '', /each range starts on a line that was shown/);
    // Past the end of a file the session read whole, the range is wrong whatever starts it.
    const whole = lastOutput(session([...readSidebar, say('The sidebar renders at `AppSidebar.tsx:4-40`.')]), ALL).get('`AppSidebar.tsx:4-40`')!;
    assert.equal(whole.status, 'unverified');
    assert.match(whole.detail!, /past its end/);
  });

  it('does not hold a file to the length a listing showed once a patch changed it', () => {
    const patched = [
      ...readSidebar,
      call('p1', 'apply_patch', {
        input: '*** Begin Patch\n*** Update File: src/components/AppSidebar.tsx\n@@\n+// one\n+// two\n+// three\n+// four\n*** End Patch',
      }),
      result('p1', 'Success. Updated the following files:\nM src/components/AppSidebar.tsx'),
      say('The bug is at `AppSidebar.tsx:14`.'),
    ];
    const e = lastOutput(session(patched), ALL).get('`AppSidebar.tsx:14`')!;
    assert.equal(e.detail, 'AppSidebar.tsx was read with lines 1\u201311; line 14 was never shown');
    // The patch may have moved the lines: where they are now was never shown, so the citation is not judged wrong,
    assert.equal(e.status, 'indeterminate');
    // unless the line lies past the most the file can have grown to (11 lines, and 4 the patch added).
    assert.equal(
      lastOutput(session([...patched.slice(0, -1), say('The bug is at `AppSidebar.tsx:40`.')]), ALL).get('`AppSidebar.tsx:40`')?.status,
      'unverified',
    );
  });

  describe('a line cited for a name after the agent moved it with its own edit', () => {
    const header = ['// one', '// two', '// three', '// four'];
    const patchedThenRead = (lines: number) => [
      ...readSidebar,
      call('p1', 'apply_patch', {
        input: `*** Begin Patch\n*** Update File: src/components/AppSidebar.tsx\n@@\n${header.map((l) => `+${l}`).join('\n')}\n*** End Patch`,
      }),
      result('p1', 'Success. Updated the following files:\nM src/components/AppSidebar.tsx'),
      call('r2', 'Read', { file_path: '/w/app/src/components/AppSidebar.tsx', offset: 1, limit: lines }),
      result('r2', numbered([...header, ...sidebar].slice(0, lines))),
    ];

    it('contradicts it with the line the file as read after the edit defines the name on', () => {
      const e = lastOutput(session([...patchedThenRead(8), say('`getInitials` (`AppSidebar.tsx:3`) builds the initials.')]), ALL).get('`AppSidebar.tsx:3`')!;
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.status, 'contradicted');
      assert.equal(e.contradiction?.value, '`AppSidebar.tsx:7`');
      assert.equal(e.detail, "`getInitials` is at line 7 of AppSidebar.tsx as last shown, after the agent's edit; not near line 3");
    });

    it('finds it unverified when the cited lines, read after the edit, no longer hold the name a read before showed there', () => {
      const e = lastOutput(session([...patchedThenRead(5), say('`getInitials` (`AppSidebar.tsx:3-5`) builds the initials.')]), ALL).get(
        '`AppSidebar.tsx:3-5`',
      )!;
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.status, 'unverified');
      assert.equal(
        e.detail,
        'AppSidebar.tsx was edited since it showed `getInitials` at lines 3\u20135; as shown after the edit, those lines no longer hold it',
      );
    });

    it('says nothing when nothing read after the edit shows where the name is, and beside other references judges only lines a name started on', () => {
      const unread = patchedThenRead(8).slice(0, -2);
      const e = lastOutput(session([...unread, say('`getInitials` (`AppSidebar.tsx:3`) builds the initials.')]), ALL).get('`AppSidebar.tsx:3`')!;
      assert.notEqual(e.rule, 'moved-lines');
      // Line 3 showed `getInitials` before the edit and holds neither name now; line 11 is where `AppSidebar` is now.
      const two = lastOutput(
        session([...patchedThenRead(12), say('`getInitials` and `AppSidebar` (`AppSidebar.tsx:3`, `AppSidebar.tsx:11`) render it.')]),
        ALL,
      );
      assert.equal(two.get('`AppSidebar.tsx:3`')?.rule, 'moved-lines');
      assert.equal(two.get('`AppSidebar.tsx:3`')?.contradiction?.value, '`AppSidebar.tsx:7`');
      assert.notEqual(two.get('`AppSidebar.tsx:11`')?.rule, 'moved-lines');
    });
  });

  describe('a line cited for a name after edits moved it, when the file was shown only in part', () => {
    // A module of 60 lines; the agent sees lines 20-40 only, where `render_page` is defined on line 30.
    const body = Array.from({ length: 60 }, (_, i) => `x_${i + 1} = ${i + 1}`);
    body[29] = 'def render_page(request):';
    body[30] = '    return request.page';
    const path = '/w/site/views.py';
    const readPart = [
      user('Where is the page rendered?'),
      call('r1', 'Read', { file_path: path, offset: 20, limit: 21 }),
      result('r1', numbered(body.slice(19, 40), 20)),
    ];
    const patch = (hunk: string, id = 'p1') => [
      call(id, 'apply_patch', { input: `*** Begin Patch\n*** Update File: site/views.py\n${hunk}\n*** End Patch` }),
      result(id, 'Success. Updated the following files:\nM site/views.py'),
    ];
    // Three lines added after line 22, which the read showed: `render_page` is now on line 33.
    const above = patch('@@\n x_21 = 21\n x_22 = 22\n+TIMEOUT = 5\n+RETRIES = 3\n+\n x_23 = 23');
    const cite = (text: string, ref: string, steps = [...readPart, ...above]) => lastOutput(session([...steps, say(text)]), ALL).get(ref)!;

    it('contradicts the line the name was shown on before the patch, with the line the patch moved it to', () => {
      const e = cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`');
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.status, 'contradicted');
      assert.equal(e.contradiction?.value, '`views.py:33`');
      assert.equal(e.detail, "`render_page` is at line 33 of views.py once the agent's edit moved the lines shown before it; not near line 30");
    });

    it('follows an edit tool the same way, and several edits one after the other', () => {
      const edits = [
        ...readPart,
        call('e1', 'Edit', { file_path: path, old_string: 'x_25 = 25', new_string: 'x_25 = 25\nLIMIT = 9' }),
        result('e1', `The file ${path} has been updated.`),
        ...above,
      ];
      const e = cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', edits);
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.contradiction?.value, '`views.py:34`');
    });

    it('passes the line the name is on now', () => {
      assert.equal(cite('`render_page` (`views.py:33`) renders it.', '`views.py:33`').status !== 'contradicted', true);
      assert.notEqual(cite('`render_page` (`views.py:33`) renders it.', '`views.py:33`').rule, 'moved-lines');
    });

    it('says nothing once an edit it cannot place came between the read and the claim', () => {
      // The hunk matches no line shown: it may lie above line 20 and move everything.
      const unplaced = [...readPart, ...above, ...patch('@@\n x_5 = 5\n+EXTRA = 1\n x_6 = 6', 'p2')];
      assert.notEqual(cite('`render_page` (`views.py:33`) renders it.', '`views.py:33`', unplaced).rule, 'moved-lines');
      assert.notEqual(cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', unplaced).rule, 'moved-lines');
      // Nor when the lines it replaces occur twice in what was shown: which of them it changed cannot be told.
      const twice = body.slice();
      twice[21] = 'x_24 = 24';
      const readTwice = [readPart[0], readPart[1], result('r1', numbered(twice.slice(19, 40), 20))];
      const ambiguous = [...readTwice, ...patch('@@\n x_24 = 24\n+TIMEOUT = 5\n+RETRIES = 3')];
      assert.notEqual(cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', ambiguous).rule, 'moved-lines');
      // Nor after an edit whose change the log does not say: what was shown before it is not followed through later edits.
      const unread = [
        ...readPart,
        call('d1', 'apply_diff', { path, diff: '<<<<<<< SEARCH\nx_1 = 1\n=======\nx_1 = 1\nx_0 = 0\n>>>>>>> REPLACE' }),
        result('d1', numbered(['x_1 = 1', 'x_0 = 0'])),
        ...above,
      ];
      assert.notEqual(cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', unread).rule, 'moved-lines');
    });

    it('follows only the edits of the branch the claim is on, after the user rewinds', () => {
      const addAbove = (id: string, lines: string) => [
        call(id, 'Edit', { file_path: path, old_string: 'x_25 = 25', new_string: `x_25 = 25\n${lines}` }),
        result(id, `The file ${path} has been updated.`),
      ];
      // Branch A adds five lines above `render_page`; the user rewinds to the read, and branch B adds four.
      const steps = [
        ...readPart,
        ...addAbove('e1', 'A = 1\nB = 2\nC = 3\nD = 4\nE = 5'),
        say('Added five.'),
        user('No: just four.'),
        ...addAbove('e2', 'A = 1\nB = 2\nC = 3\nD = 4'),
      ];
      const rewound = (claim: string) => {
        const lines = session([...steps, say(claim)])
          .split('\n')
          .map((l) => JSON.parse(l));
        lines[readPart.length + 3].parentUuid = lines[readPart.length - 1].uuid;
        return lines.map((l) => JSON.stringify(l)).join('\n');
      };
      const onB = (claim: string, ref: string) => lastOutput(rewound(claim), ALL).get(ref)!;
      assert.notEqual(onB('`render_page` (`views.py:34`) renders it.', '`views.py:34`').rule, 'moved-lines');
      const e = onB('`render_page` (`views.py:30`) renders it.', '`views.py:30`');
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.contradiction?.value, '`views.py:34`');
    });

    it('says nothing once a shell command may have changed the file in a way no edit showed', () => {
      const bash = (id: string, command: string, out = '') => [call(id, 'Bash', { command }), result(id, out)];
      const addFive = [
        call('e1', 'Edit', { file_path: path, old_string: 'x_25 = 25', new_string: 'x_25 = 25\nA = 1\nB = 2\nC = 3\nD = 4\nE = 5' }),
        result('e1', `The file ${path} has been updated.`),
      ];
      const claim30 = (steps: typeof readPart) => cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', [...readPart, ...steps]);
      // A command that only prints leaves the edit followed.
      assert.equal(
        claim30([...addFive, ...bash('g1', `git diff ${path}`, 'diff --git a/site/views.py b/site/views.py')]).contradiction?.value,
        '`views.py:35`',
      );
      // `sed -i` put three lines at the top, then a patch far below: `render_page` is on line 33, which nothing followed shows.
      const sedThenPatch = [
        ...bash('s1', `sed -i '1i import os\\nimport re\\nimport sys' ${path}`),
        ...patch('@@\n x_38 = 38\n x_39 = 39\n-x_40 = 40\n+x_40 = 400'),
      ];
      assert.notEqual(cite('`render_page` (`views.py:33`) renders it.', '`views.py:33`', [...readPart, ...sedThenPatch]).rule, 'moved-lines');
      // A formatter run over the project may have moved any line.
      assert.notEqual(claim30([...addFive, ...bash('f1', 'black .', 'reformatted site/views.py')]).rule, 'moved-lines');
      assert.notEqual(claim30([...addFive, ...bash('f2', 'npm run format')]).rule, 'moved-lines');
    });

    it('offers no line when the name is defined on two lines the session knows, and says nothing when the sentence names things far apart', () => {
      const two = body.slice();
      two[35] = 'def render_page(other):';
      const readTwo = [readPart[0], readPart[1], result('r1', numbered(two.slice(19, 40), 20))];
      // Line 30 held the name before the patch and holds it no longer; which of its two definitions is meant cannot be told.
      const e = cite('`render_page` (`views.py:30`) renders it.', '`views.py:30`', [...readTwo, ...above]);
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.status, 'unverified');
      assert.equal(e.contradiction, undefined);
      const apart = body.slice();
      apart[37] = 'class Page:';
      const readApart = [readPart[0], readPart[1], result('r1', numbered(apart.slice(19, 40), 20))];
      // `render_page` and `Page` are five lines apart after the patch: one line cannot be where both are.
      assert.notEqual(cite('`views.py:25` adds `render_page` and `Page`.', '`views.py:25`', [...readApart, ...above]).rule, 'moved-lines');
    });
  });

  describe('a line cited beside other line references, after edits moved what it was cited for', () => {
    // `go` on line 25 and `render_page` on line 28 before the patch; three lines added above line 23 move them to 28 and 31.
    const body = Array.from({ length: 60 }, (_, i) => `x_${i + 1} = ${i + 1}`);
    body[24] = 'def go(x):';
    body[27] = 'def render_page(request):';
    const path = '/w/site/views.py';
    const steps = [
      user('Where is the page rendered?'),
      call('r1', 'Read', { file_path: path, offset: 20, limit: 30 }),
      result('r1', numbered(body.slice(19, 49), 20)),
      call('p1', 'apply_patch', {
        input: '*** Begin Patch\n*** Update File: site/views.py\n@@\n x_22 = 22\n+TIMEOUT = 5\n+RETRIES = 3\n+\n x_23 = 23\n*** End Patch',
      }),
      result('p1', 'Success. Updated the following files:\nM site/views.py'),
    ];
    const cite = (text: string) => lastOutput(session([...steps, say(text)]), ALL);

    it('flags the reference whose first line showed the name before the edit and holds none of the names now', () => {
      const v = cite('`render_page` and `x_40` are defined (`views.py:28`, `views.py:43`).');
      const e = v.get('`views.py:28`')!;
      assert.equal(e.rule, 'moved-lines');
      assert.equal(e.contradiction?.value, '`views.py:31`');
      assert.equal(e.detail, "`render_page` is at line 31 of views.py once the agent's edit moved the lines shown before it; not near line 28");
      assert.notEqual(v.get('`views.py:43`')?.rule, 'moved-lines');
    });

    it('leaves a reference alone when its lines hold a short name the sentence gives', () => {
      // Line 28 is `def go(x):` now: it is the line cited for `go`, though `render_page` was on it before.
      const v = cite('`go` and `render_page` are defined (`views.py:28`, `views.py:31`).');
      assert.notEqual(v.get('`views.py:28`')?.rule, 'moved-lines');
      assert.notEqual(v.get('`views.py:31`')?.rule, 'moved-lines');
    });
  });

  it('knows the lines of a file a patch added, and leaves lines of a file it only updated unjudged', () => {
    const added = [
      user('Write the spec.'),
      call('p1', 'apply_patch', { input: '*** Begin Patch\n*** Add File: specs/spec.md\n+# Spec\n+\n+FR-001: sign in\n*** End Patch' }),
      result('p1', 'Success. Updated the following files:\nA specs/spec.md'),
    ];
    assert.equal(lastOutput(session([...added, say('FR-001 is at `specs/spec.md:3`.')]), ALL).get('`specs/spec.md:3`')?.status, 'grounded');
    const past = lastOutput(session([...added, say('FR-002 is at `specs/spec.md:9`.')]), ALL).get('`specs/spec.md:9`')!;
    assert.equal(past.detail, 'specs/spec.md has 3 lines; line 9 was past its end');
    const updated = [
      user('Fix the spec.'),
      call('p1', 'apply_patch', { input: '*** Begin Patch\n*** Update File: specs/other.md\n@@\n+FR-009\n*** End Patch' }),
      result('p1', 'Success. Updated the following files:\nM specs/other.md'),
      say('FR-009 is at `specs/other.md:40`.'),
    ];
    assert.equal(lastOutput(session(updated), ALL).get('`specs/other.md:40`')?.status, 'indeterminate');
  });

  it('takes an added file’s lines from its own section, not from a file added before it whose name starts the same', () => {
    const steps = [
      user('Write the spec and keep the draft.'),
      call('p1', 'apply_patch', {
        input:
          '*** Begin Patch\n*** Add File: specs/spec.md.draft\n+a\n+b\n+c\n+d\n+e\n+f\n+g\n+h\n+FR-002\n*** Add File: specs/spec.md\n+# Spec\n+\n+FR-001\n*** End Patch',
      }),
      result('p1', 'Success. Updated the following files:\nA specs/spec.md.draft\nA specs/spec.md'),
      say('FR-002 is at `specs/spec.md:9`.'),
    ];
    assert.equal(lastOutput(session(steps), ALL).get('`specs/spec.md:9`')?.detail, 'specs/spec.md has 3 lines; line 9 was past its end');
  });

  it('reads a path through `..` as the file it names', () => {
    const v = statuses(session([...readSidebar, say('See `src/lib/../components/AppSidebar.tsx:8` and `../../components/AppSidebar.tsx:7`.')]), ALL);
    assert.deepEqual(v, { '`src/lib/../components/AppSidebar.tsx:8`': 'grounded', '`../../components/AppSidebar.tsx:7`': 'grounded' });
  });

  it('flags a file the agent never saw', () => {
    const e = lastOutput(session([...readSidebar, say('It is imported from `src/lib/utils.ts:12`.')]), ALL).get('`src/lib/utils.ts:12`')!;
    assert.equal(e.status, 'unverified');
    assert.match(e.detail!, /utils\.ts was never read, listed or named/);
  });

  it("gives no verdict on a name the end of a read file's name repeats: it may shorten that file", () => {
    const readEntity = [
      user('Why do new users lack the default?'),
      call('r1', 'Read', { file_path: '/w/app/src/users/user.entity.ts' }),
      result('r1', numbered(sidebar)),
    ];
    const e = lastOutput(session([...readEntity, say('The default is set at `entity.ts:9`.')]), ALL).get('`entity.ts:9`')!;
    assert.equal(e.status, 'indeterminate');
    assert.equal(e.detail, 'no file named entity.ts was read, listed or named before this turn; it may shorten …/users/user.entity.ts');
    // A name that only ends the same way without a separator is another file.
    const other = lastOutput(session([...readEntity, say('The default is set at `tity.ts:9`.')]), ALL).get('`tity.ts:9`')!;
    assert.equal(other.status, 'unverified');
  });

  it('gives no verdict on a path that spells a read file with other separators: it may be that file misspelt', () => {
    const readCore = [
      user('Where are the aliases handled?'),
      call('r1', 'Read', { file_path: '/w/app/src/git_alias/core.py' }),
      result('r1', numbered(sidebar)),
    ];
    for (const cited of ['src/git_alias.core.py:9', 'src_git_alias/core.py:9']) {
      const e = lastOutput(session([...readCore, say(`Aliases are parsed at \`${cited}\`.`)]), ALL).get(`\`${cited}\``)!;
      assert.equal(e.status, 'indeterminate', cited);
      assert.match(e.detail!, /it may be …\/git_alias\/core\.py misspelt$/);
    }
    // Other letters are another file, which the agent never saw.
    const other = lastOutput(session([...readCore, say('Aliases are parsed at `src/git_alias/cores.py:9`.')]), ALL).get('`src/git_alias/cores.py:9`')!;
    assert.equal(other.status, 'unverified');
  });

  it('contradicts a line when the identifier the sentence names is shown on another line', () => {
    const e = lastOutput(session([...readSidebar, say('`supabase` is queried at `AppSidebar.tsx:4`.')]), ALL).get('`AppSidebar.tsx:4`')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.contradiction?.value, '`AppSidebar.tsx:9`');
    assert.equal(e.detail, '`supabase` is on line 9 of AppSidebar.tsx, not near line 4');
  });

  it('checks a bare "line N" only against a file its own line names; otherwise it gives no verdict', () => {
    const bare = lastOutput(session([...readSidebar, say('The query chains `.from().select().eq()` on line 9, and line 30 renders it.')]), ALL);
    assert.equal(bare.get('line 9')!.status, 'grounded');
    assert.equal(bare.get('line 30')!.status, 'indeterminate');
    assert.match(bare.get('line 30')!.detail!, /no file is named on its line/);
    const named = statuses(session([...readSidebar, say('`AppSidebar.tsx` renders the query at line 30.')]), ALL);
    assert.equal(named['line 30'], 'unverified');
  });

  it('gives no verdict on a bare "line N" whose list item names one file while its list is about another', () => {
    const listed = lastOutput(
      session([...readSidebar, say('**Changes made to `build.sh`:**\n- `AppSidebar.tsx` is now written by the script at line 30\n- Nothing else changed.')]),
      ALL,
    );
    assert.equal(listed.get('line 30')!.status, 'indeterminate');
    assert.equal(listed.get('line 30')!.detail, 'its line names AppSidebar.tsx and its list is about build.sh, so which file it cites cannot be told');
    // A list about the same file, or a line outside any list, still reads the line as that file's.
    const same = lastOutput(session([...readSidebar, say('**Changes made to `AppSidebar.tsx`:**\n- `AppSidebar.tsx` renders the query at line 30')]), ALL);
    assert.equal(same.get('line 30')!.status, 'unverified');
  });

  it('takes line numbers from nl -ba, sed -n and grep -n in shell commands, and never grounds a count with them', () => {
    const lines = Array.from({ length: 120 }, () => 'const rows = db.select();');
    const nl = lines
      .slice(80, 100)
      .map((l, i) => `${String(81 + i).padStart(6)}\t${l}`)
      .join('\n');
    const raw = session([
      user('How many selects?'),
      call('s1', 'Bash', { command: "nl -ba src/db.ts | sed -n '81,100p'" }),
      result('s1', nl),
      call('s2', 'Bash', { command: 'grep -c select src/db.ts' }),
      result('s2', '79'),
      say('`src/db.ts:97` has one, `src/db.ts:30` another, and there are 97 similar selects.'),
    ]);
    const v = statuses(raw, ALL);
    assert.equal(v['`src/db.ts:97`'], 'grounded');
    assert.equal(v['`src/db.ts:30`'], 'unverified');
    assert.notEqual(v['97 similar'] ?? v['97'], 'grounded');
  });

  it('looks inline code up as code: whatever the arguments, link by link, in its own case (a case slip is contradicted)', () => {
    const v = statuses(
      session([...readSidebar, say('It calls `getInitials()` in `useMemo`, chains `.from().select().eq()`, and never `getinitials` or `.from().where()`.')]),
      ALL,
    );
    assert.deepEqual(v, {
      '`getInitials()`': 'grounded',
      '`useMemo`': 'grounded',
      '`.from().select().eq()`': 'grounded',
      '`getinitials`': 'contradicted',
      '`.from().where()`': 'indeterminate',
    });
  });

  it('grounds what the agent wrote itself, file and lines included', () => {
    const raw = session([
      user('Add a helper.'),
      call('w1', 'Write', { file_path: '/w/app/src/lib/format.ts', content: 'export function formatCents(c: number) {\n  return (c / 100).toFixed(2);\n}\n' }),
      result('w1', 'File created successfully at: /w/app/src/lib/format.ts'),
      say('I added `formatCents` in `src/lib/format.ts:1`; it divides by 100. See `format.ts:9`.'),
    ]);
    const v = statuses(raw, ALL);
    assert.equal(v['`formatCents`'], 'grounded');
    assert.equal(v['`src/lib/format.ts:1`'], 'grounded');
    assert.equal(v['100'], 'grounded');
    assert.equal(v['`format.ts:9`'], 'unverified');
  });
});

describe('fenced code quoted from the context', () => {
  const quote = (block: string, intro = 'The component does this:') => session([...readSidebar, say(`${intro}\n\n\`\`\`tsx\n${block}\n\`\`\``)]);

  it('grounds a faithful quote as one claim', () => {
    const v = lastOutput(quote(sidebar.slice(6, 10).join('\n')), ALL);
    assert.deepEqual(
      [...v.values()].map((e) => [e.type, e.status, e.detail]),
      [['quoted_string', 'grounded', 'quoted code: 4 of 4 lines are in the context']],
    );
  });

  it("contradicts a renamed identifier or a changed value with the passage's own token", () => {
    const changed = [...sidebar.slice(6, 10)];
    changed[1] = changed[1].replace('getInitials(user.name)', 'getUserInitials(user.name)');
    changed[2] = changed[2].replace('"id"', '"uid"');
    const v = lastOutput(quote(changed.join('\n')), ALL);
    const renamed = v.get('getUserInitials')!;
    assert.equal(renamed.status, 'contradicted');
    assert.equal(renamed.contradiction?.value, 'getInitials');
    assert.equal(v.get('"uid"')?.contradiction?.value, '"id"');
  });

  it('leaves new code and proposed changes alone', () => {
    const fresh = ['export function formatName(user: User) {', '  return `${user.first} ${user.last}`.trim();', '}'].join('\n');
    assert.equal(lastOutput(quote(fresh), ALL).size, 0);
    const proposal = [...sidebar.slice(6, 10)];
    proposal[1] = '  const initials = getUserInitials(user);';
    assert.equal(lastOutput(quote(proposal.join('\n'), 'Change it to:'), ALL).size, 0);
  });
});

describe('counts in an agent turn', () => {
  it('contradicts a count a command counted differently, and grounds one it counted the same', () => {
    const raw = session([
      user('How many selects are there?'),
      call('c1', 'Bash', { command: "grep -c 'select(' src/db.ts" }),
      result('c1', '79'),
      call('c2', 'Bash', { command: "find src -name '*.sql' | wc -l" }),
      result('c2', '12'),
      say('There are 97 similar selects in 12 files.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('97')?.status, 'contradicted');
    assert.equal(v.get('97')?.contradiction?.value, '79');
    assert.equal(v.get('97')?.detail, "`grep -c 'select(' src/db.ts` counted 79");
    assert.equal(v.get('12 files')?.status, 'grounded');
  });

  it('compares no count of things with a search that listed the files mentioning them', () => {
    const raw = session([
      user('What statuses can a vehicle have?'),
      call('g1', 'Grep', { pattern: 'status.*enum', output_mode: 'files_with_matches' }),
      result('g1', 'Found 7 files\nmodels/Vehicle.js\nmodels/Task.js'),
      call('g2', 'Bash', { command: "grep -rl 'status' models | wc -l" }),
      result('g2', '3'),
      say('A vehicle has 8 possible statuses, set in 3 files.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.notEqual(v.get('8')?.status, 'contradicted');
    assert.equal(v.get('3 files')?.status, 'grounded');
  });

  it('compares a count of files with a search for their text only when the count names what was searched for', () => {
    const searched = [
      user('Add the three settings pages and check where the auth hook is used.'),
      call('g1', 'Grep', { pattern: 'useAuth', output_mode: 'files_with_matches' }),
      result('g1', 'Found 3 files\nsrc/App.tsx\nsrc/pages/Login.tsx\nsrc/pages/Profile.tsx'),
    ];
    const unrelated = lastOutput(session([...searched, say('All 5 files are in place.')]), ALL);
    assert.notEqual(unrelated.get('5 files')?.status, 'contradicted');
    const named = lastOutput(session([...searched, say('`useAuth` is used in 4 files.')]), ALL);
    assert.equal(named.get('4 files')?.status, 'contradicted');
    assert.equal(named.get('4 files')?.contradiction?.value, '3 files');
  });

  it('reads no count across a comma: "moved to section 2, results shown" counts no results', () => {
    const raw = session([
      user('Move the calculator up.'),
      call('g1', 'Bash', { command: 'grep -c "platform" src/pricing.css' }),
      result('g1', '15'),
      say('Done: the ROI Calculator moved to section 2, results shown by default, next to the platform cards.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.notEqual(v.get('2')?.status, 'contradicted');
  });

  it('compares a count of files with a listing only when its line counts what the listing searched: no other module named, no word narrowing it', () => {
    const raw = session([
      user('How big is each module?'),
      call('f1', 'Bash', { command: "find core/src/main -name '*.java' | wc -l" }),
      result('f1', '344'),
      call('f2', 'Bash', { command: "find analysis/src/main -name '*.java' | wc -l" }),
      result('f2', '9'),
      say('- core: 344 Java files + 137 test files\n- **web-ui**: 52 files\n- analysis: 12 Java files'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('344')?.status, 'grounded');
    assert.notEqual(v.get('137')?.status, 'contradicted');
    assert.notEqual(v.get('52 files')?.status, 'contradicted');
    assert.equal(v.get('12')?.status, 'contradicted');
    assert.equal(v.get('12')?.contradiction?.value, '9');
  });

  it('compares a count only with what counted the same thing: its state, its own clause, and the same figure beside the same noun', () => {
    const raw = session([
      user('Merge it and run the tests.'),
      call('g1', 'Bash', { command: 'git merge feature' }),
      result('g1', 'Fast-forward\n 7 files changed, 588 insertions(+), 24 deletions(-)'),
      call('f1', 'Bash', { command: "find src -name '*.ts' | wc -l" }),
      result('f1', '31'),
      call('t1', 'Bash', { command: 'pytest' }),
      result('t1', '76 passed, 6 skipped in 3.1s'),
      say('**Commits:** 1 commit (85cb84b) **Files Changed:** 7 files. 76 tests passing and 6 tests skipped.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('7 files')?.status, 'grounded');
    assert.notEqual(v.get('1 commit')?.status, 'contradicted');
    assert.notEqual(v.get('6 tests')?.status, 'contradicted');
    assert.equal(v.get('76 tests')?.status, 'grounded');
  });

  it('reads "26 of the 28 tests pass" as 26 passing of a total, and does not count vitest\'s test files as tests', () => {
    const raw = session([
      user('Do the billing tests pass?'),
      call('t1', 'Bash', { command: 'npx vitest run' }),
      result('t1', ' Test Files  1 failed | 3 passed (4)\n      Tests  1 failed | 27 passed (28)'),
      say('26 of the 28 tests pass today.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('26')?.status, 'contradicted');
    assert.equal(v.get('26')?.contradiction?.value, '27');
    assert.notEqual(v.get('28 tests')?.status, 'contradicted');
  });

  it('reads the state of a run written in Chinese, Japanese or Korean beside an English tally ("成功（19 tests）", "30 tests 全件通過")', () => {
    const raw = session([
      user('テストを実行して'),
      call('t1', 'Bash', { command: 'npm test -- --run' }),
      result('t1', ' Test Files  6 passed (6)\n      Tests  16 passed (16)'),
      say('検証結果:\n- `npm test` 成功（19 tests）\n- 6 files / 12 tests 全件通過'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('19 tests')?.status, 'contradicted');
    assert.equal(v.get('19 tests')?.contradiction?.value, '16 tests');
    assert.equal(v.get('12 tests')?.status, 'contradicted');
  });

  it('does not take a figure in another clause of the output ("(line 31) ... ok\\ntest") for a count of tests', () => {
    const raw = session([
      user('Run the tests.'),
      call('t1', 'Bash', { command: 'cargo test' }),
      result('t1', 'test src/lib.rs - factorial (line 31) ... ok\ntest src/lib.rs - reverse (line 40) ... ok\n\ntest result: ok. 29 passed; 0 failed'),
      say('- **31 passing unit tests** across all modules'),
    ]);
    assert.equal(lastOutput(raw, ALL).get('31')?.status, 'contradicted');
  });

  it('does not compare a count of tests that names no state with a run: it may count a file, a plan or failing tests', () => {
    const raw = session([
      user('Write the failing tests first.'),
      call('t1', 'Bash', { command: 'pytest -q' }),
      result('t1', '........\n48 passed in 0.41s'),
      say('Wrote `test_models.py` (12 tests, 300 lines); still needed: 2 CLI tests.'),
    ]);
    const judged = lastOutput(raw, ALL);
    assert.notEqual(judged.get('12 tests')?.status ?? judged.get('12')?.status, 'contradicted');
    assert.notEqual(judged.get('2 CLI tests')?.status ?? judged.get('2')?.status, 'contradicted');
  });

  it('leaves a count on a line that speaks of a run before the latest, and judges the same count without it', () => {
    const runs = [
      user('Check the tests catch the bug.'),
      call('t1', 'Bash', { command: 'pytest -q' }),
      result('t1', '..F.F\n2 failed, 3 passed in 0.20s'),
      call('t2', 'Bash', { command: 'pytest -q' }),
      result('t2', '.....\n5 passed in 0.21s'),
    ];
    const earlier = lastOutput(session([...runs, say('1. **My first run was wrong.** It reported 4 tests passed and one skipped.')]), ALL);
    assert.notEqual(earlier.get('4 tests')?.status ?? earlier.get('4')?.status, 'contradicted');
    const initially = lastOutput(session([...runs, say('Initially 4 tests passed; now the suite is green.')]), ALL);
    assert.notEqual(initially.get('4 tests')?.status ?? initially.get('4')?.status, 'contradicted');
    const latest = lastOutput(session([...runs, say('1. **The last run was right.** It reported 4 tests passed.')]), ALL);
    assert.equal(latest.get('4 tests')?.status ?? latest.get('4')?.status, 'contradicted');
  });

  it('compares a count of the tests there are, with no state, with the figures of the runs', () => {
    const raw = session([
      user('Port it to Rust and run the tests.'),
      call('t1', 'Bash', { command: 'cargo test' }),
      result(
        't1',
        'running 29 tests\ntest result: ok. 29 passed; 0 failed; 0 ignored\n   Doc-tests rust_utils\ntest result: ok. 5 passed; 0 failed; 0 ignored',
      ),
      say(
        '### Coverage & Tests:\n- **31 unit tests** across all modules\n- **6 doctests** (one per function)\n- 29 unit tests + 5 doc tests = 34 tests total\n- The suite has 36 tests.',
      ),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('31 unit tests')?.status ?? v.get('31')?.status, 'contradicted');
    assert.equal((v.get('31 unit tests') ?? v.get('31'))?.contradiction?.value.replace(/\D+/g, ''), '29');
    assert.equal(v.get('6 doctests')?.status ?? v.get('6')?.status, 'contradicted');
    assert.equal((v.get('6 doctests') ?? v.get('6'))?.detail, 'the latest test run (`cargo test`) reported 29 passed, 0 failed, 5 passed, 0 failed');
    assert.equal(v.get('29 unit tests')?.status ?? v.get('29')?.status, 'grounded');
    assert.equal(v.get('5 doc tests')?.status ?? v.get('5')?.status, 'grounded');
    assert.equal(v.get('34 tests')?.status, 'grounded');
    assert.equal(v.get('36 tests')?.status, 'contradicted');
    assert.equal(v.get('36 tests')?.contradiction?.value, '34 tests');
  });

  it("does not take a file's text that a command printed or a write echoed for a test run", () => {
    const raw = session([
      user('Update the README with the test status.'),
      call('t1', 'Bash', { command: 'pytest -q' }),
      result('t1', '........\n36 passed in 0.41s'),
      call('w1', 'Write', { file_path: '/w/STATUS.md', content: 'Tests: 40 passed\n' }),
      result('w1', 'File written. Content:\nTests: 40 passed\n'),
      call('r1', 'Bash', { command: "sed -n '1,200p' README.md" }),
      result('r1', '# Slicer\n\nExample run:\n\n    4 passed in 0.1s\n'),
      say('Tests: 72 passed locally.'),
    ]);
    const v = lastOutput(raw, ALL).get('72');
    assert.equal(v?.status, 'contradicted');
    assert.equal(v?.detail, 'the latest test run (`pytest -q`) reported 36 passed');
  });

  it('leaves a count of tests alone when its clause makes it a part, a change or a plan', () => {
    const raw = session([
      user('Add the parser tests.'),
      call('t1', 'Bash', { command: 'pytest -q' }),
      result('t1', '........\n48 passed in 0.41s'),
      say(
        'Added 5 new tests. `test_parser.py` now has 12 tests. The remaining 7 tests cover the CLI, and 9 tests for the lexer still fail to import; 3 network tests are flaky.',
      ),
    ]);
    const v = lastOutput(raw, ALL);
    for (const key of ['5', '12 tests', '7 tests', '9 tests', '3 network tests', '3']) assert.notEqual(v.get(key)?.status, 'contradicted', key);
  });

  it('compares skipped tests with the runs that reported skips, and a count in brackets after a state word with that state', () => {
    const raw = session([
      user('Run the tests.'),
      call('t1', 'Bash', { command: 'pytest' }),
      result('t1', '76 passed, 6 skipped in 3.1s'),
      say('76 tests passing and 11 tests skipped. Full suite passing (75 tests).'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('11 tests')?.status, 'contradicted');
    assert.equal(v.get('11 tests')?.detail, 'the latest test run (`pytest`) reported 6 skipped');
    assert.equal(v.get('75 tests')?.status, 'contradicted');
    assert.equal(v.get('75 tests')?.contradiction?.value, '76 tests');
  });

  it('takes no digits ending an id for a test count: a script that failed on `PV-2026-0451` ran no tests', () => {
    const raw = session([
      user('Run the tests, then restore the demo data.'),
      call('r1', 'Bash', { command: './scripts/restore.sh backups/latest.json' }),
      result('r1', 'Error: PUT /api/cases/PV-2026-0451 failed (HTTP 000)\nexit: 1'),
      call('t1', 'Bash', { command: './gradlew test' }),
      result('t1', 'BUILD SUCCESSFUL in 4s'),
      say('The full test suite (21 tests) still passes.'),
    ]);
    assert.notEqual(lastOutput(raw, ALL).get('21 tests')?.status, 'contradicted');
  });

  it('grounds a total over suites the session ran apart, as the sum of each command’s latest run', () => {
    const runs = [
      user('Test both workspaces.'),
      call('a1', 'Bash', { command: 'npm test --workspace api' }),
      result('a1', 'Tests  118 passed (118)'),
      call('a2', 'Bash', { command: 'npm test --workspace api' }),
      result('a2', 'Tests  124 passed (124)'),
      call('w1', 'Bash', { command: 'npm test --workspace web' }),
      result('w1', 'Tests  41 passed (41)'),
    ];
    assert.equal(lastOutput(session([...runs, say('165 tests green.')]), ALL).get('165 tests')?.status, 'grounded');
    const wrong = lastOutput(session([...runs, say('170 tests green.')]), ALL).get('170 tests');
    assert.equal(wrong?.status, 'contradicted');
    assert.equal(wrong?.detail, 'the latest test run (`npm test --workspace web`) reported 41 passed');
  });

  it("reads a runner's summary of labelled lines (`Passed: 41`)", () => {
    const raw = session([
      user('Run the golden tests.'),
      call('t1', 'Bash', { command: 'dotnet run --project golden_tests' }),
      result('t1', '[PASS] TestBeginTurn\n\n=== TEST SUMMARY ===\nTotal:  41\nPassed: 41\nFailed: 0\n'),
      say('All 82 tests passed, and 0 failed.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('82 tests')?.status, 'contradicted');
    assert.equal(v.get('82 tests')?.contradiction?.value, '41 tests');
  });

  it('does not take a skip count alone for a test run', () => {
    const raw = session([
      user('Apply the migrations, then tell me about the tests.'),
      call('m1', 'Bash', { command: './migrate.sh' }),
      result('m1', 'applied 4, 2 skipped'),
      say('The suite has 3 tests skipped.'),
    ]);
    assert.notEqual(lastOutput(raw, ALL).get('3 tests')?.status, 'contradicted');
  });

  it('drops counts the agent made by reading, in words, that no command counted', () => {
    const raw = session([...readSidebar, say('There are two places in AppSidebar.tsx that build initials, and three checks.')]);
    assert.deepEqual([...lastOutput(raw, ALL).keys()], ['AppSidebar.tsx']);
  });
});

describe("a file's length stated beside its name", () => {
  const models = ['   177 judge/models/problem_data.py', '   405 judge/models/profile.py', '   689 judge/models/contest.py', '  1271 total'].join('\n');

  it('is compared with a `wc -l` over several files, line by line', () => {
    const raw = session([
      user('Give me an overview of the models.'),
      call('w1', 'Bash', { command: 'wc -l judge/models/*.py | sort -n | tail -3' }),
      result('w1', models),
      say('- `contest.py` (690 lines) - Contest management\n- `profile.py` (405 lines) - User profiles'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('690 lines')?.status, 'contradicted');
    assert.equal(v.get('690 lines')?.contradiction?.value, '689 lines');
    assert.equal(v.get('690 lines')?.detail, 'judge/models/contest.py has 689 lines');
    assert.equal(v.get('405 lines')?.status, 'grounded');
  });

  it('is compared with a complete read, whose empty last lines may or may not be counted', () => {
    const raw = session([
      user('How long is the sidebar?'),
      call('r1', 'Read', { file_path: '/repo/src/Sidebar.tsx' }),
      result('r1', numbered(['export function Sidebar() {', '  return null;', '}', '', ''])),
      say('**Sidebar.tsx (3 lines)** renders nothing. `Sidebar.tsx` is 5 lines long. **Sidebar.tsx (7 lines)**'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('3 lines')?.status, 'grounded');
    assert.equal(v.get('5 lines')?.status, 'grounded');
    assert.equal(v.get('7 lines')?.status, 'contradicted');
    assert.equal(v.get('7 lines')?.detail, '/repo/src/Sidebar.tsx has 3 lines and 2 empty lines after them');
  });

  it("takes wc -l's count and a reader's count alike for a file with no final newline, and contradicts the newest", () => {
    const raw = session([
      user('How long is the table module?'),
      call('w1', 'Bash', { command: 'wc -l src/tables.js' }),
      result('w1', '2 src/tables.js'),
      call('r1', 'Read', { file_path: '/repo/src/tables.js' }),
      result('r1', numbered(['export const a = 1;', 'export const b = 2;', 'export const c = 3;'])),
      say('- `tables.js` (2 lines)\n- **tables.js (3 lines)**\n- **tables.js (5 lines)**'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('2 lines')?.status, 'grounded');
    assert.equal(v.get('3 lines')?.status, 'grounded');
    assert.equal(v.get('5 lines')?.status, 'contradicted');
    assert.equal(v.get('5 lines')?.detail, '/repo/src/tables.js has 3 lines');
  });

  it('is left alone when the figure counts a change, a part of the file, or is rough, or the file is not the one its line names', () => {
    const raw = session([
      user('Give me an overview of the models.'),
      call('w1', 'Bash', { command: 'wc -l judge/models/*.py' }),
      result('w1', models),
      say(
        [
          '- `contest.py`: added 30 lines of validation',
          '- `contest.py`: the `rank()` method (120 lines)',
          '- `contest.py` is ~700 lines',
          '- `submission.py` (351 lines), next to `contest.py`',
        ].join('\n'),
      ),
    ]);
    const v = lastOutput(raw, ALL);
    for (const text of ['30 lines', '120 lines', '700 lines', '351 lines']) assert.notEqual(v.get(text)?.status, 'contradicted', text);
  });
});

describe("counts tied to a command's summary", () => {
  it("compares files changed and lines inserted with git's diffstat, but not files the agent says it made, nor a rough figure", () => {
    const raw = session([
      user('Commit the work.'),
      call('g1', 'Bash', { command: 'git commit -am "Add tests"' }),
      result('g1', '[main 1a2b3c4] Add tests\n 9 files changed, 1152 insertions(+), 78 deletions(-)'),
      say('Committed: 19 files changed with over 1,100 insertions and 80 deletions. I also created 3 files for the fixtures.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('19 files')?.status, 'contradicted');
    assert.equal(v.get('19 files')?.detail, '`git commit -am "Add tests"` reported 9 files changed');
    assert.equal(v.get('80 deletions')?.status, 'contradicted');
    assert.notEqual(v.get('1,100 insertions')?.status, 'contradicted');
    assert.notEqual(v.get('3 files')?.status, 'contradicted');
  });

  it('reads no diffstat from an output holding several (git log --stat)', () => {
    const raw = session([
      user('What changed lately?'),
      call('g1', 'Bash', { command: 'git log --stat -2' }),
      result('g1', 'commit a\n 2 files changed, 5 insertions(+)\n\ncommit b\n 4 files changed, 9 deletions(-)'),
      say('The last commit: 3 files changed.'),
    ]);
    assert.notEqual(lastOutput(raw, ALL).get('3 files')?.status, 'contradicted');
  });

  it('compares a count with what the command its line names printed of the same noun', () => {
    const raw = session([
      user('Lint it.'),
      call('l1', 'Bash', { command: 'cd apps/web && npm run lint' }),
      result('l1', '/src/a.tsx\n  3:1  warning  Unexpected any\n\n✖ 27 problems (0 errors, 27 warnings)\n  0 errors and 6 warnings potentially fixable'),
      say('- `npm run lint`: completed with 30 warnings (no errors).\n- `npm run lint`: 27 warnings.\n- Fixed 4 warnings by hand.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('30 warnings')?.status, 'contradicted');
    assert.equal(v.get('30 warnings')?.detail, 'the latest `cd apps/web && npm run lint` printed 27 and 6 warnings');
    assert.equal(v.get('27 warnings')?.status, 'grounded');
    assert.notEqual(v.get('4 warnings')?.status, 'contradicted');
  });

  it('reads the command from the figure’s own sentence, not from another sentence of its paragraph', () => {
    const raw = session([
      user('Run the demo and check it.'),
      call('d1', 'Bash', { command: 'make demo; make verify' }),
      result('d1', 'loaded 214 rows\nverified 100 rows'),
      say('The legacy kit is still applied. 9 rows carry it. That is why `make verify` passes.'),
    ]);
    assert.notEqual(lastOutput(raw, ALL).get('9 rows')?.status, 'contradicted');
    const named = session([
      user('Run the demo and check it.'),
      call('d1', 'Bash', { command: 'make demo; make verify' }),
      result('d1', 'loaded 214 rows\nverified 100 rows'),
      say('The legacy kit is still applied. `make verify` checked 90 rows.'),
    ]);
    assert.equal(lastOutput(named, ALL).get('90 rows')?.status, 'contradicted');
  });
});

describe('a figure of lines that counts a change', () => {
  it('is not contradicted by the length wc -l gave, nor is a file named on its line checked against another file', () => {
    const raw = session([
      user('Extend CLAUDE.md.'),
      call('w1', 'Bash', { command: 'wc -l CLAUDE.md' }),
      result('w1', '865 CLAUDE.md'),
      say('- **Before:** 711 lines\n- **Added:** 154 lines of documentation\n- `NOTES.md` (120 lines) next to CLAUDE.md'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.notEqual(v.get('154 lines')?.status, 'contradicted');
    assert.notEqual(v.get('120 lines')?.status, 'contradicted');
  });
});

describe('versions and ports are slots', () => {
  it('contradicts a major version the lockfile or a --version disagrees with, and grounds one that agrees', () => {
    const raw = session([
      user('Which versions?'),
      call('p1', 'Read', { file_path: '/w/app/package.json' }),
      result('p1', numbered(['{', '  "dependencies": {', '    "next": "^15.5.2",', '    "react": "19.1.0"', '  }', '}'])),
      call('n1', 'Bash', { command: 'node -v' }),
      result('n1', 'v20.11.0'),
      call('e1', 'Bash', { command: 'cat .env' }),
      result('e1', 'PORT=3001\nDATABASE_URL=postgres://db'),
      say('The app runs Next.js 14 with React 19 on Node 18, serving port 3000.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('14')?.status, 'contradicted');
    assert.equal(v.get('14')?.contradiction?.value, '15');
    assert.equal(v.get('19')?.status, 'grounded');
    assert.equal(v.get('18')?.contradiction?.value, '20');
    assert.equal(v.get('3000')?.contradiction?.value, '3001');
  });
});

describe('what the agent knows of files it read and then changed', () => {
  it('checks lines cited after an edit against the file as the edit left it', () => {
    const before = ['def add(a, b):', '    return a + b', ''];
    const raw = session([
      user('Add multiply.'),
      call('r1', 'Read', { file_path: '/w/m.py' }),
      result('r1', numbered(before)),
      call('e1', 'Edit', {
        file_path: '/w/m.py',
        old_string: '    return a + b\n',
        new_string: '    return a + b\n\n\ndef multiply(a, b):\n    return a * b\n',
      }),
      result('e1', 'The file /w/m.py has been updated successfully.'),
      say('`multiply` is at `m.py:5`, and `m.py:12` does not exist.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('`m.py:5`')?.status, 'grounded');
    assert.equal(v.get('`m.py:12`')?.status, 'unverified');
    assert.equal(v.get('`m.py:12`')?.detail, 'm.py has 6 lines; line 12 was past its end');
  });

  it('keeps the results of parallel tool calls in the context of the next turn', () => {
    const parallel = session([
      user('Read both.'),
      {
        type: 'assistant',
        message: { id: 'm-par', role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'Read', input: { file_path: '/w/a.py' } }] },
      },
      {
        type: 'assistant',
        message: { id: 'm-par', role: 'assistant', content: [{ type: 'tool_use', id: 'b', name: 'Read', input: { file_path: '/w/b.py' } }] },
      },
      result('a', numbered(['ALPHA = 71'])),
      result('b', numbered(['BETA = 72'])),
      say('ALPHA is 71 and BETA is 72.'),
    ]);
    // Each result names its own call's line as parent, as Claude Code logs them.
    const lines = parallel.split('\n').map((l) => JSON.parse(l));
    lines[3].parentUuid = lines[1].uuid;
    lines[4].parentUuid = lines[2].uuid;
    const v = statuses(lines.map((l) => JSON.stringify(l)).join('\n'), ALL);
    assert.equal(v['71'], 'grounded');
    assert.equal(v['72'], 'grounded');
  });

  it("checks test counts against the runner's summary, a sum of one run's figures included", () => {
    const raw = session([
      user('Run the tests.'),
      call('t1', 'Bash', { command: 'cargo test' }),
      result('t1', 'test result: ok. 8 passed; 0 failed\n   Doc-tests lib\ntest result: ok. 5 passed; 0 failed'),
      say('All 13 tests pass: 8 unit tests and 5 doctests. Earlier 31 tests passed.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('13 tests')?.status, 'grounded');
    assert.equal(v.get('8 unit tests')?.status ?? v.get('8')?.status, 'grounded');
    assert.equal(v.get('31 tests')?.status, 'contradicted');
    assert.equal(v.get('31 tests')?.contradiction?.value, '13 tests');
  });
});

describe('files attached to a prompt', () => {
  it('leaves what an attached file could hold indeterminate when the log omits its content, and says which file', () => {
    const raw = session([user('Why does @src/billing/tax.ts round wrong?'), say('`computeTax` at `src/billing/tax.ts:42` rounds with a 0.5 bias.')]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('`computeTax`')?.status, 'indeterminate');
    assert.equal(v.get('`src/billing/tax.ts:42`')?.status, 'indeterminate');
    assert.match(v.get('`src/billing/tax.ts:42`')!.detail!, /attached to the prompt \(@src\/billing\/tax\.ts\)/);
  });

  it('checks them like any file once the log shows their content', () => {
    const raw = session([
      user('Why does @src/tax.ts round wrong?'),
      call('r1', 'Read', { file_path: '/w/src/tax.ts' }),
      result('r1', numbered(['export function computeTax(c: number) {', '  return Math.round(c * 0.2);', '}'])),
      say('`computeTax` at `src/tax.ts:1` rounds, and `src/tax.ts:42` is empty.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('`computeTax`')?.status, 'grounded');
    assert.equal(v.get('`src/tax.ts:42`')?.status, 'unverified');
  });
});

describe('skills the system prompt listed', () => {
  it('leave names and counts from the skill catalogue indeterminate, with the reason, once the session uses a skill', () => {
    const raw = session([
      user('What can you do?'),
      call('s1', 'Skill', { command: 'research' }),
      result('s1', 'Launching skill: research'),
      say('You have 12 skills installed, among them Fabric.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('12 skills')?.status, 'indeterminate');
    const t = claudeCodeFormat.parse({ raw });
    assert.ok(t.gaps.some((g) => g.code === 'skills-not-logged'));
  });

  it('are not assumed when no skill is used', () => {
    const raw = session([user('What can you do?'), say('You have 12 skills installed.')]);
    assert.equal(lastOutput(raw, ALL).get('12 skills')?.status, 'unverified');
  });
});

describe('shell errors that name a line', () => {
  it('ground a reference to that line of that script', () => {
    const raw = session([
      user('Why does the hook fail?'),
      call('b1', 'Bash', { command: 'bash ~/.claude/hooks/load-env.sh' }),
      result('b1', '/home/u/.claude/hooks/load-env.sh: line 18: PAI_DIR: unbound variable', true),
      say('`load-env.sh:18` reads `PAI_DIR` before it is set; stderr=/home/u/.claude/hooks/load-env.sh shows it.'),
    ]);
    const v = lastOutput(raw, ALL);
    assert.equal(v.get('`load-env.sh:18`')?.status, 'grounded');
    assert.equal(v.get('`load-env.sh:3`'), undefined);
  });
});
