/**
 * Go to Definition on a grounded claim jumps to where the context says it.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, groundcheckApi, open, rangeOf } from './helpers';

function targetOf(l: vscode.Location | vscode.LocationLink): { uri: vscode.Uri; range: vscode.Range } {
  return 'targetUri' in l ? { uri: l.targetUri, range: l.targetSelectionRange ?? l.targetRange } : l;
}

suite('go to definition', () => {
  teardown(closeAllEditors);

  test('a grounded number in the reply leads to the tool result that gave it', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    const doc = editor.document;
    await api.whenChecked(doc.uri, doc.version);
    const inReply = rangeOf(doc, '1042 lines').start.translate(0, 1);
    const toolResultLine = rangeOf(doc, '"tool_result"').start.line;

    const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, inReply);
    const targets = found.map(targetOf);
    assert.ok(targets.length > 0, 'a definition is found');
    for (const t of targets) {
      assert.equal(t.uri.toString(), doc.uri.toString());
      assert.equal(doc.getText(t.range), '1042');
    }
    assert.ok(
      targets.some((t) => t.range.start.line === toolResultLine),
      `one target is in the tool result on line ${toolResultLine + 1}`,
    );
  });
});
