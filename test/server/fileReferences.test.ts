import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServerHarness } from './harness';

describe('server: files a promptfoo config refers to', function () {
  this.timeout(30_000);
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  it('reads them inside the workspace folders and refuses, with the reason, what lies outside', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'The launch code is 7734.\n');
    fs.mkdirSync(path.join(h.workspace, 'evals'));
    fs.writeFileSync(path.join(h.workspace, 'evals', 'ctx.txt'), 'Paris is the capital of France.\n');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(h.workspace, 'evals', 'link.txt'));
    const up = path.relative(path.join(h.workspace, 'evals'), path.join(outside, 'secret.txt'));
    const config = [
      'prompts: ["Answer: {{question}} {{context}}"]',
      'tests:',
      '  - vars:',
      '      question: Where?',
      '      context: file://ctx.txt',
      '  - vars:',
      '      question: What?',
      `      context: file://${up}`,
      '  - vars:',
      '      question: Link?',
      '      context: file://link.txt',
      '',
    ].join('\n');
    const status = await h.open(h.uriOf('evals/promptfooconfig.yaml'), config, 'yaml');
    assert.equal(status.state, 'checked');
    assert.equal(status.format, 'promptfoo');
    const incomplete = status.reasons.filter((r) => r.startsWith('context incomplete'));
    assert.deepEqual(incomplete, [
      `context incomplete: file://${up} (outside the allowed folders: not read) could not be read, so the context it names is unknown.`,
      'context incomplete: file://link.txt (outside the allowed folders: not read) could not be read, so the context it names is unknown.',
    ]);
  });

  it('reads from a folder once it is added to the workspace', async () => {
    const g = await ServerHarness.start({}, { workspaceCapabilities: { workspaceFolders: true } });
    try {
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-other-'));
      fs.writeFileSync(path.join(other, 'ctx.txt'), 'Paris is the capital of France.\n');
      const ref = path.relative(g.workspace, path.join(other, 'ctx.txt'));
      const uri = g.uriOf('promptfooconfig.yaml');
      const config = ['prompts: ["Answer: {{question}}"]', 'tests:', '  - vars:', '      question: Where?', `      context: file://${ref}`, ''].join('\n');
      const before = await g.open(uri, config, 'yaml');
      assert.ok(
        before.reasons.some((r) => r.includes('outside the allowed folders')),
        before.reasons.join('\n'),
      );
      const again = g.nextChecked(uri, 1);
      await g.connection.sendNotification('workspace/didChangeWorkspaceFolders', {
        event: { added: [{ uri: pathToFileURL(other).toString(), name: 'other' }], removed: [] },
      });
      const after = await again;
      assert.deepEqual(
        after.reasons.filter((r) => r.startsWith('context incomplete: file://')),
        [],
      );
    } finally {
      await g.stop();
    }
  });
});
