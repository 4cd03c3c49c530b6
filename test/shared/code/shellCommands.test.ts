import { strict as assert } from 'node:assert';
import { listingShape, writtenFile } from '../../../shared/code/facts/listingShapes';
import { parseArgv, parseShell } from '../../../shared/code/facts/shellCommands';

describe('shell commands an agent ran', () => {
  it('splits pipelines and commands, keeping quoted words whole', () => {
    const p = parseShell(`cd /w && nl -ba 'src/my file.ts' | sed -n "40,80p"; echo done`);
    assert.deepEqual(
      p.map((pipeline) => pipeline.map((c) => c.argv)),
      [
        [['cd', '/w']],
        [
          ['nl', '-ba', 'src/my file.ts'],
          ['sed', '-n', '40,80p'],
        ],
        [['echo', 'done']],
      ],
    );
  });

  it('opens bash -lc wrappers, given as a string or as an argv array', () => {
    assert.deepEqual(parseShell(`bash -lc "rg -n foo src"`)[0][0].argv, ['rg', '-n', 'foo', 'src']);
    assert.deepEqual(parseArgv(['bash', '-lc', 'wc -l a.ts'])[0][0].argv, ['wc', '-l', 'a.ts']);
  });

  it('reads redirections and heredoc bodies', () => {
    const [[c]] = parseShell(`cat > src/config.ts <<'EOF'\nexport const PORT = 3001;\nEOF\n`);
    assert.equal(c.writes, 'src/config.ts');
    assert.equal(c.heredoc, 'export const PORT = 3001;\n');
    const [[grep]] = parseShell('grep -rn TODO src 2>/dev/null');
    assert.deepEqual(grep.argv, ['grep', '-rn', 'TODO', 'src']);
    assert.equal(grep.writes, undefined);
  });

  it('stays linear on long and unbalanced input', () => {
    const long = `echo "${'a'.repeat(200_000)}`;
    const t0 = performance.now();
    parseShell(long);
    parseShell(`'`.repeat(100_000));
    parseShell('<<'.repeat(50_000));
    assert.ok(performance.now() - t0 < 2000);
  });
});

describe('what a call shows of which file', () => {
  it('reads numbered listings from Read, cat -n and nl -ba, with line filters after them', () => {
    assert.deepEqual(listingShape('Read', { file_path: '/w/src/a.ts' }), { kind: 'numbered', file: '/w/src/a.ts', complete: true });
    assert.deepEqual(listingShape('Read', { file_path: '/w/src/a.ts', offset: 40, limit: 20 }), { kind: 'numbered', file: '/w/src/a.ts', complete: false });
    assert.deepEqual(listingShape('shell', { command: ['bash', '-lc', "nl -ba src/a.ts | sed -n '40,80p'"] }), {
      kind: 'numbered',
      file: 'src/a.ts',
      complete: false,
    });
    assert.deepEqual(listingShape('Bash', { command: 'cat -n src/a.ts' }), { kind: 'numbered', file: 'src/a.ts', complete: true });
  });

  it('reads unnumbered ranges from sed -n, head and cat', () => {
    assert.deepEqual(listingShape('Bash', { command: "sed -n '120,160p' src/a.ts" }), { kind: 'lines', file: 'src/a.ts', from: 120, to: 160, complete: false });
    assert.deepEqual(listingShape('Bash', { command: 'head -n 30 src/a.ts' }), { kind: 'lines', file: 'src/a.ts', from: 1, to: 30, complete: false });
    assert.deepEqual(listingShape('Bash', { command: 'cd /w && cat src/a.ts' }), { kind: 'lines', file: 'src/a.ts', from: 1, complete: true });
  });

  it('reads grep -n and rg -n, naming the file when one file was searched', () => {
    assert.deepEqual(listingShape('Bash', { command: 'grep -n "useMemo" src/a.tsx' }), { kind: 'grep', file: 'src/a.tsx' });
    assert.deepEqual(listingShape('Bash', { command: 'rg -n useMemo src' }), { kind: 'grep' });
    // Given one file, rg prints bare line numbers as grep does.
    assert.deepEqual(listingShape('Bash', { command: 'rg -n "^\\s*function render" scripts/app.js' }), { kind: 'grep', file: 'scripts/app.js' });
    assert.deepEqual(listingShape('Bash', { command: 'rg -n useMemo src/components' }), { kind: 'grep' });
    assert.equal(listingShape('Bash', { command: 'grep useMemo src/a.tsx' }), undefined);
  });

  it("reads PowerShell's Get-Content, run by a logged pwsh -Command, as the file's lines from the first or the range kept", () => {
    const pwsh = (script: string) => listingShape('shell', { command: ['pwsh', '-NoLogo', '-NoProfile', '-Command', script] });
    assert.deepEqual(pwsh('Get-Content -Raw .specify/memory/constitution.md'), {
      kind: 'lines',
      file: '.specify/memory/constitution.md',
      from: 1,
      complete: true,
    });
    assert.deepEqual(pwsh("Set-Location src; gc -Path 'app.ts' -TotalCount 40"), { kind: 'lines', file: 'app.ts', from: 1, to: 40, complete: false });
    assert.deepEqual(pwsh('Get-Content spec.md | Select-Object -Skip 100 -First 50'), { kind: 'lines', file: 'spec.md', from: 101, to: 150, complete: false });
    assert.equal(pwsh('Get-Content spec.md -Tail 20'), undefined);
    // A Windows path keeps its folders: PowerShell escapes with a backtick, not a backslash.
    assert.deepEqual(pwsh('Get-Content -Raw C:\\app\\specs\\spec.md'), { kind: 'lines', file: 'C:/app/specs/spec.md', from: 1, complete: true });
    assert.equal(pwsh('Get-Content spec.md | Select-String Plan'), undefined);
    assert.equal(pwsh('Get-Content *.md'), undefined);
  });

  it('gives up when two commands print, since their output cannot be told apart', () => {
    assert.equal(listingShape('Bash', { command: 'cat -n a.ts; cat -n b.ts' }), undefined);
  });

  it('knows wc -l and the files a call wrote', () => {
    assert.deepEqual(listingShape('Bash', { command: 'wc -l src/a.ts' }), { kind: 'count', file: 'src/a.ts' });
    assert.deepEqual(writtenFile('Write', { file_path: '/w/a.ts', content: 'x\n' }), { file: '/w/a.ts', content: 'x\n' });
    assert.deepEqual(writtenFile('Bash', { command: "cat > a.ts <<'EOF'\nx = 1\nEOF" }), { file: 'a.ts', content: 'x = 1\n' });
  });
});
