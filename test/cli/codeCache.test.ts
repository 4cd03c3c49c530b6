/**
 * The installed `groundcheck` loads its bundle with V8's code cache
 * (bin/loadWithCodeCache.js): the cache must live in a folder private to the
 * user, be ignored when it is not, replace a cache V8 rejects, and never
 * change what the CLI prints.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, cachedLauncher, REPO } from './harness';

const SESSION = join(REPO, 'examples/claude-session.jsonl');

describe('groundcheck started through its code cache', function () {
  this.timeout(120000);
  let launcher: string;
  let temp: string;

  before(async () => {
    const bundle = await buildCli();
    launcher = cachedLauncher(mkdtempSync(join(tmpdir(), 'groundcheck-launcher-')), bundle);
  });
  beforeEach(() => {
    temp = mkdtempSync(join(tmpdir(), 'groundcheck-cache-home-'));
  });
  afterEach(() => rmSync(temp, { recursive: true, force: true }));

  const uid = process.getuid?.() ?? 'user';
  const folder = (): string => join(temp, `groundcheck-code-cache-${uid}`);
  const caches = (): string[] => (existsSync(folder()) ? readdirSync(folder()).filter((n) => n.endsWith('.cache')) : []);
  const run = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8', env: { ...process.env, TMPDIR: temp, TEMP: temp, TMP: temp, ...env } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const plain = () => run(['check', SESSION, '--format', 'json'], { NODE_DISABLE_COMPILE_CACHE: '1' });

  it('writes the cache on the first start, in a folder only the user can enter, and reads it after', () => {
    const expected = plain();
    assert.deepEqual(caches(), [], 'NODE_DISABLE_COMPILE_CACHE=1 leaves no cache');
    const first = run(['check', SESSION, '--format', 'json']);
    assert.deepEqual(first, expected);
    const [cache] = caches();
    assert.ok(cache, 'a cache after the first start');
    if (process.platform !== 'win32') {
      assert.equal(statSync(folder()).mode & 0o777, 0o700);
      assert.equal(statSync(join(folder(), cache)).mode & 0o777, 0o600);
    }
    const written = statSync(join(folder(), cache)).mtimeMs;
    assert.deepEqual(run(['check', SESSION, '--format', 'json']), expected);
    assert.equal(statSync(join(folder(), cache)).mtimeMs, written, 'an accepted cache is not written again');
  });

  it('replaces a cache V8 rejects and prints the same', () => {
    const expected = plain();
    run(['--version']);
    const [cache] = caches();
    writeFileSync(join(folder(), cache), 'not a code cache');
    assert.deepEqual(run(['check', SESSION, '--format', 'json']), expected);
    assert.notEqual(readFileSync(join(folder(), cache), 'utf8'), 'not a code cache');
  });

  it('keeps no cache of an earlier build', () => {
    mkdirSync(folder(), { mode: 0o700 });
    const stale = join(folder(), 'cli.js-1-2-v0-x64.cache');
    writeFileSync(stale, 'old');
    run(['--version']);
    assert.equal(existsSync(stale), false);
    assert.equal(caches().length, 1);
  });

  it('uses no folder others may write to', function () {
    if (process.platform === 'win32') this.skip();
    mkdirSync(folder());
    chmodSync(folder(), 0o777);
    const r = run(['--version']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/);
    assert.deepEqual(caches(), []);
  });
});
