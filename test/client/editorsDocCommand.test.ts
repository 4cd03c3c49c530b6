import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const DOC = path.resolve(__dirname, '../../docs/editors.md');

/**
 * The Node 20 command line docs/editors.md gives for other editors, run as
 * written in a shell, with a stand-in for dist/server.js that tries each
 * access the server needs and one it must not have.
 */
describe('docs/editors.md: the Node 20 permission-model command line', () => {
  let root: string;
  before(function () {
    if (!process.version.startsWith('v20.')) this.skip();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-editors-doc-'));
  });
  after(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  function runDocumented(groundcheckExists: boolean): { code: number | null; out: string; err: string } {
    const line = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('node --experimental-permission '));
    assert.ok(line, 'docs/editors.md gives a Node 20 command line');
    const ext = fs.mkdtempSync(path.join(root, 'ext-'));
    const ws = fs.mkdtempSync(path.join(root, 'ws-'));
    if (groundcheckExists) fs.mkdirSync(path.join(ws, '.groundcheck'));
    fs.mkdirSync(path.join(ext, 'dist'));
    fs.writeFileSync(
      path.join(ext, 'dist', 'server.js'),
      `const fs = require('fs');
       const out = {};
       const tryIt = (k, f) => { try { f(); out[k] = 'ok'; } catch (e) { out[k] = e.code; } };
       tryIt('writeStore', () => { fs.mkdirSync(process.env.WS + '/.groundcheck', { recursive: true }); fs.writeFileSync(process.env.WS + '/.groundcheck/ignore.json', '{}'); });
       tryIt('writeWorkspace', () => fs.writeFileSync(process.env.WS + '/x.txt', 'x'));
       tryIt('readOutside', () => fs.readFileSync(${JSON.stringify(DOC)}));
       process.stdout.write(JSON.stringify(out));`,
    );
    const r = spawnSync('bash', ['-c', line!], { cwd: root, env: { ...process.env, EXT: ext, WS: ws }, encoding: 'utf8', timeout: 20_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }

  for (const exists of [false, true]) {
    it(`starts, and may write only .groundcheck/, when that folder ${exists ? 'exists' : 'does not exist yet'}`, () => {
      const r = runDocumented(exists);
      assert.equal(r.code, 0, r.err);
      assert.deepEqual(JSON.parse(r.out), { writeStore: 'ok', writeWorkspace: 'ERR_ACCESS_DENIED', readOutside: 'ERR_ACCESS_DENIED' });
    });
  }
});
