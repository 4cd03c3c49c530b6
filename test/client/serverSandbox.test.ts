import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxArgs, sandboxPaths } from '../../client/src/serverSandbox';

describe('the language server runs under the permission model', () => {
  let root: string;
  let ext: string;
  let ws: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-sandbox-'));
    ext = path.join(root, 'extension');
    ws = path.join(root, 'workspace');
    fs.mkdirSync(ext);
    fs.mkdirSync(path.join(ws, '.groundcheck'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'session.jsonl'), '{}\n');
    fs.writeFileSync(path.join(root, 'secret.txt'), 'outside\n');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** What a server started with `execArgv` gets when it tries each access. */
  function attempt(execArgv: string[]): Record<string, string> {
    const script = path.join(ext, 'probe.js');
    fs.writeFileSync(
      script,
      `const fs = require('fs');
       const out = {};
       const tryIt = (k, f) => { try { f(); out[k] = 'ok'; } catch (e) { out[k] = e.code; } };
       tryIt('read workspace', () => fs.readFileSync(${JSON.stringify(path.join(ws, 'session.jsonl'))}));
       tryIt('read outside', () => fs.readFileSync(${JSON.stringify(path.join(root, 'secret.txt'))}));
       tryIt('read /etc/passwd', () => fs.readFileSync('/etc/passwd'));
       tryIt('write .groundcheck', () => fs.writeFileSync(${JSON.stringify(path.join(ws, '.groundcheck', 'ignore.json'))}, '{}'));
       tryIt('write workspace', () => fs.writeFileSync(${JSON.stringify(path.join(ws, 'planted.txt'))}, 'x'));
       tryIt('start worker', () => new (require('worker_threads').Worker)('1', { eval: true }).terminate());
       process.stdout.write(JSON.stringify(out));`,
    );
    return JSON.parse(execFileSync(process.execPath, [...execArgv, script], { encoding: 'utf8' }));
  }

  it('reads the extension and the workspace, writes only .groundcheck/, and is refused everything else', async () => {
    const result = await sandboxArgs(process.execPath, sandboxPaths(ext, [ws]));
    assert.ok(result.execArgv, 'this Node supports the permission model');
    assert.deepEqual(attempt(result.execArgv), {
      'read workspace': 'ok',
      'read outside': 'ERR_ACCESS_DENIED',
      'read /etc/passwd': 'ERR_ACCESS_DENIED',
      'write .groundcheck': 'ok',
      'write workspace': 'ERR_ACCESS_DENIED',
      'start worker': 'ok',
    });
    assert.equal(fs.existsSync(path.join(ws, 'planted.txt')), false);
  });

  it('says why when the runtime cannot confine it, and starts it unconfined', async () => {
    const result = await sandboxArgs('/bin/false', sandboxPaths(ext, [ws]));
    assert.equal(result.execArgv, undefined);
    assert.match('reason' in result ? result.reason : '', /false\) does not support Node's permission model/);
  });
});
