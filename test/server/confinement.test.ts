import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver-protocol/node';
import { sandboxArgs, sandboxPaths } from '../../client/src/serverSandbox';
import { IgnoreCommand } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { SESSION } from './session';

describe('server: confined to the workspace by the permission model', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    h = await ServerHarness.start(
      {},
      {
        runtimeArgs: async (bundleDir, workspace) => {
          const r = await sandboxArgs(process.execPath, sandboxPaths(bundleDir, [workspace]));
          assert.ok(r.execArgv);
          return r.execArgv;
        },
      },
    );
    uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  it('checks in its worker and writes the ignore store, as it does unconfined', async () => {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'number');
    assert.ok(diags.length > 0);
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    const action = actions.find((a) => a.title.startsWith('Ignore this occurrence'))!;
    const republished = h.nextDiagnostics(uri);
    await h.connection.sendRequest('workspace/executeCommand', { command: IgnoreCommand.id, arguments: action.command!.arguments });
    await republished;
    const store = JSON.parse(fs.readFileSync(path.join(h.workspace, '.groundcheck/ignore.json'), 'utf8'));
    assert.equal(store.occurrences.length, 1);
    assert.equal(h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'number').length, diags.length - 1);
  });
});
