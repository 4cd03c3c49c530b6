import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver-protocol/node';
import { IgnoreCommand, RecheckRequest } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { SESSION } from './session';

describe('server: ignore rules', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    h = await ServerHarness.start();
    uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  async function runAction(code: string, titleStart: string): Promise<void> {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === code);
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    const action = actions.find((a) => a.title.startsWith(titleStart))!;
    assert.equal(action.command!.command, IgnoreCommand.id);
    const republished = h.nextDiagnostics(uri);
    await h.connection.sendRequest('workspace/executeCommand', { command: IgnoreCommand.id, arguments: action.command!.arguments });
    await republished;
  }

  const codes = () => h.diagnostics.get(uri)!.diagnostics.map((d) => d.code).filter((c) => c !== 'context-incomplete');
  const store = () => JSON.parse(fs.readFileSync(path.join(h.workspace, '.groundcheck/ignore.json'), 'utf8'));

  it('ignores one occurrence by a key that survives edits elsewhere in the file', async () => {
    await runAction('number', 'Ignore this occurrence');
    assert.deepEqual(codes(), ['quoted_string']);
    assert.equal(store().occurrences.length, 1);
    assert.equal(store().occurrences[0].text, '$4.2M');
    // Edit the user's question (another line): the occurrence stays ignored.
    const col = SESSION.indexOf('What was Q3');
    const status = await h.change(uri, 2, [{ range: { start: { line: 0, character: col }, end: { line: 0, character: col } }, text: 'Please tell me: ' }]);
    assert.equal(status.ignored, 1);
    assert.deepEqual(codes(), ['quoted_string']);
  });

  it('ignores a whole entity type and counts what it hides', async () => {
    await runAction('quoted_string', 'Ignore all quoted strings');
    assert.deepEqual(codes(), []);
    assert.deepEqual(store().types, ['quoted_string']);
    const next = h.nextChecked(uri, 2);
    await h.connection.sendRequest(RecheckRequest.method, { uri });
    const status = await next;
    assert.equal(status.ignored, 2);
    assert.equal(status.total, 0);
  });
});
