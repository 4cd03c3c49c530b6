import { strict as assert } from 'node:assert';
import { patchedFiles, patchSections, type HunkLine } from '../../../shared/code/facts/patchHunks';

/** Each line's text as its place in `text` names it, which must be the text it carries. */
function placed(text: string, lines: readonly HunkLine[]): string[] {
  return lines.map((l) => {
    assert.equal(text.slice(l.start, l.end), l.text, `line at ${l.start}`);
    return l.text;
  });
}

describe('Codex-style patches', () => {
  it('reads each file of a patch in order, with what it does to it', () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/a.ts',
      '@@ function run() {',
      ' const a = 1;',
      '-const b = 2;',
      '+const b = 3;',
      '+const c = 4;',
      '*** Add File: src/b.ts',
      '+export const B = 1;',
      '+',
      '*** Delete File: src/old.ts',
      '*** End Patch',
    ].join('\n');
    const sections = patchSections(patch);
    assert.deepEqual(
      sections.map((s) => [s.file, s.change, s.added]),
      [
        ['src/a.ts', 'update', 2],
        ['src/b.ts', 'add', 2],
        ['src/old.ts', 'delete', 0],
      ],
    );
    const [hunk] = sections[0].hunks!;
    assert.equal(hunk.context, 'function run() {');
    assert.deepEqual(hunk.old, ['const a = 1;', 'const b = 2;']);
    assert.deepEqual(placed(patch, hunk.new), ['const a = 1;', 'const b = 3;', 'const c = 4;']);
    assert.deepEqual(placed(patch, sections[1].lines!), ['export const B = 1;', '']);
    assert.equal(sections[2].hunks, undefined);
    assert.deepEqual(patchedFiles(patch), [
      { file: 'src/a.ts', change: 'update', added: 2 },
      { file: 'src/b.ts', change: 'add', added: 2 },
      { file: 'src/old.ts', change: 'update', added: 0 },
    ]);
  });

  it('reads a patch written with CRLF line ends, placing no line end in a line', () => {
    const patch = '*** Begin Patch\r\n*** Update File: a.py\r\n@@\r\n x = 1\r\n+y = 2\r\n+\r\n*** Add File: b.py\r\n+z = 3\r\n*** End Patch\r\n';
    const [update, add] = patchSections(patch);
    assert.equal(update.file, 'a.py');
    assert.deepEqual(update.hunks![0].old, ['x = 1']);
    assert.deepEqual(placed(patch, update.hunks![0].new), ['x = 1', 'y = 2', '']);
    assert.equal(add.file, 'b.py');
    assert.deepEqual(placed(patch, add.lines!), ['z = 3']);
    assert.deepEqual(patchedFiles(patch), [
      { file: 'a.py', change: 'update', added: 2 },
      { file: 'b.py', change: 'add', added: 1 },
    ]);
  });

  it('reads a move: the file changes under both names, and the lines it adds count for the new one', () => {
    const patch = '*** Begin Patch\n*** Update File: src/old.ts\n*** Move to: src/new.ts\n@@\n-a\n+b\n+c\n*** End Patch';
    const [moved] = patchSections(patch);
    assert.equal(moved.file, 'src/old.ts');
    assert.equal(moved.movedTo, 'src/new.ts');
    assert.deepEqual(moved.hunks![0].old, ['a']);
    assert.deepEqual(patchedFiles(patch), [
      { file: 'src/old.ts', change: 'update', added: 0 },
      { file: 'src/new.ts', change: 'update', added: 2 },
    ]);
  });

  it('reads a header without hunks as a file changed in a way nobody can follow', () => {
    const patch = '*** Begin Patch\n*** Update File: a.ts\n*** Update File: b.ts\n@@\n+x\n*** End Patch';
    const [bare, next] = patchSections(patch);
    assert.deepEqual(bare.hunks, []);
    assert.equal(bare.added, 0);
    assert.equal(next.hunks!.length, 1);
    assert.deepEqual(
      patchedFiles(patch).map((p) => [p.file, p.added]),
      [
        ['a.ts', 0],
        ['b.ts', 1],
      ],
    );
  });

  it('gives up the hunks of an update with a line no hunk may hold, still counting its `+` lines', () => {
    const [s] = patchSections('*** Begin Patch\n*** Update File: a.ts\n@@\n+x\nnot a hunk line\n+y\n*** End Patch');
    assert.equal(s.hunks, undefined);
    assert.equal(s.added, 2);
  });

  it('takes an added file as its `+` lines up to the first line without one', () => {
    const patch = '*** Begin Patch\n*** Add File: notes.md\n+# Notes\n+one\n\n+two\n*** End Patch';
    const [s] = patchSections(patch);
    assert.deepEqual(placed(patch, s.lines!), ['# Notes', 'one']);
    assert.equal(s.added, 3);
  });

  it('reads only what lies between `*** Begin Patch` and `*** End Patch`, in each of several blocks', () => {
    const command = "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: a.ts\n@@\n+x\n*** End Patch\nPATCH\n*** Update File: stray.ts\n+y";
    assert.deepEqual(
      patchSections(command).map((s) => [s.file, s.added]),
      [['a.ts', 1]],
    );
    const two = '*** Begin Patch\n*** Add File: a.ts\n+a\n*** End Patch\n\n*** Begin Patch\n*** Add File: b.ts\n+b\n*** End Patch';
    assert.deepEqual(
      patchSections(two).map((s) => s.file),
      ['a.ts', 'b.ts'],
    );
    assert.deepEqual(patchSections('*** Update File: a.ts\n@@\n+x'), []);
  });

  it('finds the patch wherever a call carries it: the input, a field of it, or the last word of its command', () => {
    const patch = '*** Begin Patch\n*** Update File: a.ts\n@@\n+x\n*** End Patch\n';
    const expected = [{ file: 'a.ts', change: 'update', added: 1 }];
    assert.deepEqual(patchedFiles(patch), expected);
    assert.deepEqual(patchedFiles({ input: patch }), expected);
    assert.deepEqual(patchedFiles({ command: ['apply_patch', patch], workdir: '/w' }), expected);
    assert.deepEqual(patchedFiles({ command: ['bash', '-lc', `apply_patch <<'PATCH'\n${patch}PATCH`] }), expected);
    // Only the last word of a command is the patch; a call with none changes no file.
    assert.deepEqual(patchedFiles({ command: [patch, '--dry-run'] }), []);
    assert.deepEqual(patchedFiles({ command: ['git', 'status'] }), []);
    assert.deepEqual(patchedFiles(undefined), []);
  });
});
