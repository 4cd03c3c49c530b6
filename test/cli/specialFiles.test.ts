import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { buildCli, REPO, runCli } from './harness';
import { manyEntryBomb, MANY_ENTRY_BOMB } from '../../bench/generators/evalZipBomb';

/** Every case must end on its own, well inside this, and within a small heap. */
const TIMEOUT = 20_000;
const BOUNDED = ['--max-old-space-size=200'];
const SESSION = readFileSync(join(REPO, 'test/fixtures/transcripts/claude-code/session.jsonl'), 'utf8');

describe('groundcheck check: special files are refused, not read', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-special-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], cwd = dir) => runCli(args, { cwd, timeout: TIMEOUT, nodeFlags: BOUNDED });

  it('refuses a symlink to /dev/zero and a FIFO named on the command line, at once', () => {
    symlinkSync('/dev/zero', join(dir, 'zero.jsonl'));
    execFileSync('mkfifo', [join(dir, 'pipe.jsonl')]);
    const r = run(['check', 'zero.jsonl', 'pipe.jsonl']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /zero\.jsonl: error: not a regular file \(a character device\): not read/);
    assert.match(r.stderr, /pipe\.jsonl: error: not a regular file \(a FIFO\): not read/);
  });

  it('refuses a sparse 10 GB file by its size without reading it', () => {
    const big = join(dir, 'sparse.jsonl');
    writeFileSync(big, '');
    truncateSync(big, 10 * 1024 * 1024 * 1024);
    const r = run(['check', 'sparse.jsonl', '--format', 'json']);
    assert.notEqual(r.code, -1, 'the run hung');
    assert.match(r.stdout + r.stderr, /10240.0 MB is over maxFileSizeMB/);
  });

  it('skips FIFOs, devices and links out of the tree in a folder scan, and checks the rest', () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    writeFileSync(join(tree, 'session.jsonl'), SESSION);
    execFileSync('mkfifo', [join(tree, 'fifo.jsonl')]);
    symlinkSync('/dev/zero', join(tree, 'zero.jsonl'));
    writeFileSync(join(dir, 'outside.jsonl'), SESSION);
    symlinkSync(join(dir, 'outside.jsonl'), join(tree, 'outside-link.jsonl'));
    symlinkSync(tree, join(tree, 'loop'));
    const r = run(['check', 'tree', '--format', 'json']);
    assert.notEqual(r.code, -1, 'the run hung');
    const files = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { file: string }).file);
    assert.deepEqual([...new Set(files)], ['tree/session.jsonl']);
  });

  it('refuses an ignore store that is a link to /dev/zero or a FIFO, says so, and checks the files', () => {
    for (const make of [(p: string) => symlinkSync('/dev/zero', p), (p: string) => execFileSync('mkfifo', [p])]) {
      const project = mkdtempSync(join(dir, 'project-'));
      writeFileSync(join(project, 'session.jsonl'), SESSION);
      mkdirSync(join(project, '.groundcheck'));
      make(join(project, '.groundcheck', 'ignore.json'));
      writeFileSync(join(project, 'groundcheck.config.json'), '{}');
      const r = run(['check', 'session.jsonl'], project);
      assert.notEqual(r.code, -1, 'the run hung');
      assert.match(r.stderr, /\.groundcheck\/ignore\.json: warning: not a regular file \(a (character device|FIFO)\): not read; no ignore rules from it apply/);
      assert.match(r.stdout, /1 output in 1 file|outputs? in 1 file/);
    }
  });

  it('does not read a promptfoo context that is /dev/zero or a FIFO, and names why in the gap', () => {
    execFileSync('mkfifo', [join(dir, 'ctx-fifo.txt')]);
    symlinkSync('/dev/zero', join(dir, 'ctx-zero.txt'));
    writeFileSync(
      join(dir, 'promptfooconfig.yaml'),
      [
        'prompts: ["Answer: {{question}}"]',
        'tests:',
        '  - vars:',
        '      question: Where?',
        '      context: file://ctx-zero.txt',
        '  - vars:',
        '      question: When?',
        '      context: file://ctx-fifo.txt',
        '',
      ].join('\n'),
    );
    // The link resolves out of the folder: refused for that first; allowed out, it is refused as a device.
    assert.match(run(['turns', 'promptfooconfig.yaml']).stdout, /file:\/\/ctx-zero\.txt \(outside the allowed folders: not read\)/);
    const r = run(['turns', 'promptfooconfig.yaml', '--allow-outside-refs']);
    assert.notEqual(r.code, -1, 'the run hung');
    assert.match(r.stdout, /file:\/\/ctx-zero\.txt \(not a regular file \(a character device\): not read\)/);
    assert.match(r.stdout, /file:\/\/ctx-fifo\.txt \(not a regular file \(a FIFO\): not read\)/);
  });

  it('refuses a zip log whose entries declare far more than its size, before inflating', () => {
    const bomb = zipSync({ 'header.json': strToU8('{"version":2}'), 'samples/1_epoch_1.json': new Uint8Array(64 * 1024 * 1024) });
    writeFileSync(join(dir, 'bomb.eval'), bomb);
    const r = run(['check', 'bomb.eval']);
    assert.notEqual(r.code, -1, 'the run hung');
    assert.match(
      r.stdout + r.stderr,
      /bomb\.eval:1:1: error: Zip archive refused: its entries declare 64 MB inflated from an archive of 0\.1 MB, \d+ times its size, more than the cap of 50 times per archive: not read/,
    );
  });

  it('refuses a small archive of many entries each just under 1 MB by its figures in all, and checks the other files', () => {
    writeFileSync(join(dir, 'many.eval'), manyEntryBomb());
    writeFileSync(join(dir, 'liar.eval'), manyEntryBomb({ ...MANY_ENTRY_BOMB, declaredBytes: 100 }));
    writeFileSync(join(dir, 'beside.jsonl'), SESSION);
    const r = run(['check', 'many.eval', 'liar.eval', 'beside.jsonl']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /many\.eval:1:1: error: Zip archive refused: its entries declare 479\.5 MB inflated in all, more than the cap of 256 MB per archive: not read/,
    );
    // Headers that understate every entry: the bytes that inflate are counted, and refused past what was declared.
    assert.match(
      r.stderr,
      /liar\.eval:1:1: error: Zip archive refused: entry samples\/1_epoch_1\.json inflates past the 100 bytes its headers declare: not read/,
    );
    assert.match(r.stdout, /outputs? in 3 files/);
    assert.doesNotMatch(r.stdout, /^0 outputs/m);
  });

  it('refuses a streamed zip entry, whose sizes come after its data, by what its directory declares', () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      parts.push(chunk);
    });
    const header = new ZipPassThrough('header.json');
    zip.add(header);
    header.push(strToU8('{"version":2}'), true);
    const sample = new ZipDeflate('samples/1_epoch_1.json', { level: 9 });
    zip.add(sample);
    for (let i = 0; i < 64; i++) sample.push(new Uint8Array(1024 * 1024), i === 63);
    zip.end();
    writeFileSync(join(dir, 'streamed.eval'), Buffer.concat(parts));
    const r = runCli(['check', 'streamed.eval'], { cwd: dir, timeout: TIMEOUT, nodeFlags: BOUNDED });
    assert.notEqual(r.code, -1, 'the run hung');
    assert.match(r.stdout + r.stderr, /streamed\.eval:1:1: error: Zip archive refused: its entries declare 64 MB inflated from an archive of 0\.1 MB/);
  });

  it('reads standard input no further than the input cap', () => {
    const project = mkdtempSync(join(dir, 'stdin-'));
    writeFileSync(join(project, 'groundcheck.config.json'), '{ "maxFileSizeMB": 1 }');
    const r = runCli(['check', '-'], { cwd: project, timeout: TIMEOUT, nodeFlags: BOUNDED, input: 'x'.repeat(3 * 1024 * 1024) });
    assert.notEqual(r.code, -1, 'the run hung');
    assert.match(r.stdout + r.stderr, /standard input is larger than 1 MB \(maxFileSizeMB\): not read/);
  });

  it('says a symbolic link loop named on the command line is one, not that it is missing', () => {
    symlinkSync('loop-b.jsonl', join(dir, 'loop-a.jsonl'));
    symlinkSync('loop-a.jsonl', join(dir, 'loop-b.jsonl'));
    const r = run(['check', 'loop-a.jsonl']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^loop-a\.jsonl: error: a symbolic link loop: not read$/m);
    assert.doesNotMatch(r.stderr, /no such file/);
  });

  it('with --verbose, lists each special file and link a folder scan passed over, and why', () => {
    const tree = join(dir, 'verbose-tree');
    mkdirSync(tree);
    writeFileSync(join(tree, 'session.jsonl'), SESSION);
    execFileSync('mkfifo', [join(tree, 'fifo.jsonl')]);
    symlinkSync('/dev/zero', join(tree, 'zero.jsonl'));
    symlinkSync('spin-b', join(tree, 'spin-a'));
    symlinkSync('spin-a', join(tree, 'spin-b'));
    symlinkSync('nowhere', join(tree, 'broken.jsonl'));
    execFileSync('mkfifo', [join(dir, 'fifo-outside')]);
    const r = run(['check', 'verbose-tree', '--verbose']);
    assert.notEqual(r.code, -1, 'the run hung');
    assert.deepEqual(
      r.stderr.split('\n').filter((l) => l.includes(': skipped: ')),
      [
        'verbose-tree/broken.jsonl: skipped: a broken symbolic link: not read',
        'verbose-tree/fifo.jsonl: skipped: not a regular file (a FIFO): not read',
        'verbose-tree/spin-a: skipped: a symbolic link loop: not read',
        'verbose-tree/spin-b: skipped: a symbolic link loop: not read',
        'verbose-tree/zero.jsonl: skipped: a symbolic link to outside the folder: not read',
      ],
    );
    assert.match(r.stdout, /outputs? in 1 file/);
    const quiet = run(['check', 'verbose-tree']);
    assert.doesNotMatch(quiet.stderr, /skipped/);
  });
});
