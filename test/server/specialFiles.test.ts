import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver-protocol/node';
import { IgnoreCommand } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { SESSION } from './session';

for (const [kind, make] of [
  ['a symlink to /dev/zero', (p: string) => fs.symlinkSync('/dev/zero', p)],
  ['a FIFO', (p: string) => execFileSync('mkfifo', [p])],
] as const) {
  describe(`server: an ignore store that is ${kind}`, function () {
    this.timeout(30_000);
    let h: ServerHarness;
    let uri: string;
    let store: string;
    before(async () => {
      h = await ServerHarness.start();
      store = path.join(h.workspace, '.groundcheck', 'ignore.json');
      fs.mkdirSync(path.dirname(store));
      make(store);
      uri = h.uriOf('session.jsonl');
      await h.open(uri, SESSION);
    });
    after(() => h.stop());

    it('is refused at once: the file is checked and the log says why', () => {
      assert.ok(h.diagnostics.get(uri)!.diagnostics.length > 0);
      assert.ok(
        h.logs.some((m) => m.includes(`${store}: not a regular file`) && m.endsWith('no ignore rules from it apply')),
        h.logs.join('\n'),
      );
    });

    it('is not written through: ignoring a value there fails with the reason and leaves it as it was', async () => {
      const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'number');
      const actions = (await h.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: diags[0].range,
        context: { diagnostics: diags },
      })) as CodeAction[];
      const ignore = actions.find((a) => a.command?.command === IgnoreCommand.id)!;
      await assert.rejects(
        h.connection.sendRequest('workspace/executeCommand', { command: IgnoreCommand.id, arguments: ignore.command!.arguments }),
        /not a regular file|not written/,
      );
      const after = fs.lstatSync(store);
      assert.ok(after.isSymbolicLink() || after.isFIFO());
    });
  });
}
