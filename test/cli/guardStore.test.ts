import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GuardStore, guardFolder } from '../../cli/hook/guardStore';

describe("the stop hook's state files", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'groundcheck-guard-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('live under $XDG_CACHE_HOME when it is an absolute path, else ~/.cache', () => {
    assert.equal(guardFolder({ XDG_CACHE_HOME: '/c' }), join('/c', 'groundcheck', 'hooks'));
    assert.match(guardFolder({ XDG_CACHE_HOME: 'relative' }), /\.cache[/\\]groundcheck[/\\]hooks$/);
  });

  it('keep one file per session, removed by a clean turn, and read back what was saved', () => {
    const store = new GuardStore(dir);
    store.save('s1', { turn: 't', blocks: 1, blocked: ['a'] });
    store.save('s2', { turn: 't', blocks: 1, blocked: ['b'] });
    assert.deepEqual(store.load('s1'), { turn: 't', blocks: 1, blocked: ['a'] });
    assert.equal(readdirSync(dir).length, 2);
    store.save('s1', undefined);
    assert.equal(store.load('s1'), undefined);
    assert.deepEqual(readdirSync(dir).length, 1);
  });

  it('keep the 200 most recently written sessions', () => {
    const store = new GuardStore(dir);
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, `old${i}.json`), '{}');
    const past = new Date(Date.now() - 3600_000);
    for (let i = 0; i < 200; i++) utimesSync(join(dir, `old${i}.json`), past, past);
    store.save('new', { turn: 't', blocks: 1, blocked: [] });
    const files = readdirSync(dir);
    assert.equal(files.length, 200);
    assert.deepEqual(store.load('new'), { turn: 't', blocks: 1, blocked: [] });
  });

  it('take a file that is not theirs as no state', () => {
    const store = new GuardStore(dir);
    store.save('s', { turn: 't', blocks: 1, blocked: ['a'] });
    const [name] = readdirSync(dir);
    for (const text of ['{"turn":', '{"turn": "t", "blocks": -1, "blocked": []}', '{"turn": "t", "blocks": 1, "blocked": [3]}', '[]']) {
      writeFileSync(join(dir, name), text);
      assert.equal(store.load('s'), undefined, text);
    }
  });
});
