import { strict as assert } from 'node:assert';
import { parseFileRef, proseFileRefs, linePhrases } from '../../../shared/code/rules/fileReferences';
import { extractCodeEntities } from '../../../shared/code/rules/codeEntities';
import { codeFenceRanges } from '../../../shared/refine/claims';

describe('file references in prose', () => {
  it('reads every way agents cite lines', () => {
    assert.deepEqual(parseFileRef('src/app.ts:42'), { path: 'src/app.ts', lines: [[42, 42]] });
    assert.deepEqual(parseFileRef('app.ts:42-50'), { path: 'app.ts', lines: [[42, 50]] });
    assert.deepEqual(parseFileRef('app.ts:12,40'), {
      path: 'app.ts',
      lines: [
        [12, 12],
        [40, 40],
      ],
    });
    assert.deepEqual(parseFileRef('app.ts:12:5'), { path: 'app.ts', lines: [[12, 12]] });
    assert.deepEqual(parseFileRef('src/app.ts#L42-L50'), { path: 'src/app.ts', lines: [[42, 50]] });
    assert.deepEqual(parseFileRef('./src/app.ts'), { path: './src/app.ts', lines: [] });
  });

  it('reads a list of lines and ranges after one path', () => {
    assert.deepEqual(parseFileRef('src/scan.ts:24-45,30-45'), {
      path: 'src/scan.ts',
      lines: [
        [24, 45],
        [30, 45],
      ],
    });
    assert.deepEqual(parseFileRef('notes.md:12-14, 40-41, 88'), {
      path: 'notes.md',
      lines: [
        [12, 14],
        [40, 41],
        [88, 88],
      ],
    });
    for (const token of ['a.ts:12,', 'a.ts:12-14,,40', 'a.ts:12-14-16', 'a.ts:12,  40']) assert.equal(parseFileRef(token), undefined, token);
  });

  it("reads a link's label as a file of its own when it names another file than the target", () => {
    const text = '1. **[spec/support/old_capybara.rb](spec/support/capybara.rb:118-119)**: set the host\n2. [capybara.rb](spec/support/capybara.rb:68)';
    assert.deepEqual(
      proseFileRefs(text, []).map((r) => [text.slice(...r.span), r.path, r.lines]),
      [
        ['spec/support/old_capybara.rb', 'spec/support/old_capybara.rb', []],
        ['spec/support/capybara.rb:118-119', 'spec/support/capybara.rb', [[118, 119]]],
        ['spec/support/capybara.rb:68', 'spec/support/capybara.rb', [[68, 68]]],
      ],
    );
  });

  it('ends a path at the full-width punctuation Chinese and Japanese write after it', () => {
    const text = '修改了 [Quotes.tsx](src/ui/Quotes.tsx)，所有需求均已实现；见 src/ui/App.tsx:12。';
    assert.deepEqual(
      proseFileRefs(text, []).map((r) => [text.slice(...r.span), r.path]),
      [
        ['src/ui/Quotes.tsx', 'src/ui/Quotes.tsx'],
        ['src/ui/App.tsx:12', 'src/ui/App.tsx'],
      ],
    );
  });

  it('reads template and video files by their extensions', () => {
    for (const token of ['learn_course.tmpl', 'hero-vial_80.webm', 'page.j2']) assert.deepEqual(parseFileRef(token), { path: token, lines: [] }, token);
  });

  it('does not take versions, member access, product names or times for files', () => {
    for (const token of ['v1.2.3', 'user.name', 'Next.js', 'Node.js', '12:30', 'e.g', 'and/or', 'http://x.io/a.ts:3']) {
      assert.equal(parseFileRef(token), undefined, token);
    }
  });

  it('does not take code that holds a path for the path, but keeps bracketed folders and a copy number', () => {
    for (const code of [
      "background-image: url('/img/tile.png');",
      'src: url(/fonts/body.woff2)',
      'load("conf/app.yaml")',
      'open(data/rows.csv',
      'x = 1; y = lib/a.py',
    ]) {
      assert.equal(parseFileRef(code), undefined, code);
    }
    assert.deepEqual(parseFileRef('app/(shop)/[id]/page.tsx:4'), { path: 'app/(shop)/[id]/page.tsx', lines: [[4, 4]] });
    assert.deepEqual(parseFileRef('d:/Work/Orders - Copy/report (1).pdf'), { path: 'd:/Work/Orders - Copy/report (1).pdf', lines: [] });
  });

  it('finds references among prose punctuation and skips fenced code', () => {
    const text = 'See (src/a.ts:12), then b.py:3-4.\n```\nc.ts:9\n```\n';
    const refs = proseFileRefs(text, codeFenceRanges(text));
    assert.deepEqual(
      refs.map((r) => [text.slice(...r.span), r.lines]),
      [
        ['src/a.ts:12', [[12, 12]]],
        ['b.py:3-4', [[3, 4]]],
      ],
    );
  });

  it('joins line phrases to the file they name, before or after', () => {
    const text = 'Lines 24–42 of `create.ts` build it; `NavUser.tsx` (line 54) renders it; line 7 too.';
    const claims = extractCodeEntities(text, []).filter((e) => e.code?.kind === 'file');
    assert.deepEqual(
      claims.map((e) => [e.text, e.code]),
      [
        ['Lines 24–42 of `create.ts`', { kind: 'file', path: 'create.ts', lines: [[24, 42]] }],
        ['`NavUser.tsx` (line 54', { kind: 'file', path: 'NavUser.tsx', lines: [[54, 54]] }],
        ['line 7', { kind: 'file', path: 'NavUser.tsx', lines: [[7, 7]] }],
      ],
    );
    assert.deepEqual(
      linePhrases('lines 3 to 9', []).map((p) => p.lines),
      [[3, 9]],
    );
  });

  it('reads inline code as code: calls, chains and generics by their names', () => {
    const text = 'Call `getInitials(name)`, chain `.from().select().eq()`, use `Map<string, User>` but not `the user is not found`.';
    const code = extractCodeEntities(text, []).map((e) => e.code);
    assert.deepEqual(code, [
      { kind: 'code', whole: 'getInitials', links: [] },
      { kind: 'code', whole: '.from.select.eq', links: ['from', 'select', 'eq'] },
      { kind: 'code', whole: 'Map', links: [] },
    ]);
  });

  it('stays linear on long outputs full of near-references', () => {
    const t0 = performance.now();
    extractCodeEntities('a.ts:1 line 2 `x` '.repeat(20_000), []);
    extractCodeEntities('`'.repeat(200_000), []);
    extractCodeEntities('lines 1 of '.repeat(20_000), []);
    assert.ok(performance.now() - t0 < 5000);
  });
});
