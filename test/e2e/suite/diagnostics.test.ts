/**
 * Opening a transcript shows its unverified claims as problems, on the exact
 * text; grounded claims and files that are not transcripts show none.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, diagnosticAt, groundcheckApi, groundcheckDiagnostics, open, rangeOf, waitForDiagnostics } from './helpers';

suite('diagnostics', () => {
  teardown(closeAllEditors);

  test('a Claude Code session: the invented date and number are marked, the grounded ones are not', async () => {
    const editor = await open('claude-session.jsonl');
    const doc = editor.document;
    const inventedDate = rangeOf(doc, '2025-06-19');
    const inventedNumber = rangeOf(doc, '9310');
    const diagnostics = await waitForDiagnostics(
      doc.uri,
      (ds) => diagnosticAt(ds, inventedDate) !== undefined && diagnosticAt(ds, inventedNumber) !== undefined,
      'the invented date and number',
    );
    assert.equal(codeOf(diagnosticAt(diagnostics, inventedDate)!), 'date');
    assert.equal(codeOf(diagnosticAt(diagnostics, inventedNumber)!), 'number');
    assert.equal(diagnosticAt(diagnostics, inventedDate)!.severity, vscode.DiagnosticSeverity.Warning);

    // The assistant's own line repeats values the tool result gave it: no problem on any of them.
    const assistantLine = rangeOf(doc, 'orders.csv has 1042 lines').start.line;
    for (const grounded of ['1042', 'ORD-7731', '4860', '2025-05-28']) {
      const onAssistantLine = diagnostics.filter((d) => d.range.start.line === assistantLine && doc.getText(d.range).includes(grounded));
      assert.deepEqual(onAssistantLine.map(codeOf), [], `${grounded} is in the tool result, so it is grounded`);
    }
    // Nothing is reported inside the context lines (user turns and tool results).
    assert.ok(
      diagnostics.every((d) => d.range.start.line === assistantLine),
      'only the output line has problems',
    );
  });

  test('an OpenAI chat JSON: the invented quantity and delivery date are marked', async () => {
    const editor = await open('openai-chat.json');
    const doc = editor.document;
    // A number keeps its unit: the claim is "275 units".
    const inventedNumber = rangeOf(doc, '275 units');
    const inventedDate = rangeOf(doc, '2025-08-15');
    const diagnostics = await waitForDiagnostics(
      doc.uri,
      (ds) => diagnosticAt(ds, inventedNumber) !== undefined && diagnosticAt(ds, inventedDate) !== undefined,
      'the invented quantity and date',
    );
    assert.equal(codeOf(diagnosticAt(diagnostics, inventedNumber)!), 'number');
    assert.equal(codeOf(diagnosticAt(diagnostics, inventedDate)!), 'date');
    const lastReply = rangeOf(doc, 'A-17 costs 12.5');
    assert.ok(
      !diagnostics.some((d) => d.range.start.line === lastReply.start.line && ['12.5', '40'].includes(doc.getText(d.range))),
      'the price and stock come from the tool result',
    );
  });

  test('the status report counts what the problems show', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    const status = await api.whenChecked(editor.document.uri, editor.document.version);
    assert.equal(status.state, 'checked');
    const diagnostics = await waitForDiagnostics(editor.document.uri, (ds) => ds.length === status.shown, `${status.shown} problems`);
    assert.ok(status.unverified >= 2, `two invented claims at least, got ${status.unverified}`);
    assert.equal(diagnostics.length, status.shown);
    assert.equal(status.total, status.shown, 'no cap is reached on a small file');
  });

  test('an untitled document with a pasted transcript is checked too', async () => {
    const content = [
      '{"messages":[{"role":"user","content":"When was invoice INV-88 paid?"},',
      '{"role":"tool","tool_call_id":"c1","content":"INV-88 paid 2025-02-14, amount 730"},',
      '{"role":"assistant","content":"INV-88 was paid on 2025-02-14; the amount was 1730."}]}',
    ].join('\n');
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content });
    await vscode.window.showTextDocument(doc);
    const invented = rangeOf(doc, '1730');
    const diagnostics = await waitForDiagnostics(doc.uri, (ds) => diagnosticAt(ds, invented) !== undefined, 'the invented amount');
    assert.equal(codeOf(diagnosticAt(diagnostics, invented)!), 'number');
    assert.ok(!diagnostics.some((d) => doc.getText(d.range) === '2025-02-14'), 'the date is in the tool result');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a plain-text file that is not a transcript gets no problems and says why', async () => {
    const api = await groundcheckApi();
    const editor = await open('meeting-notes.txt');
    const status = await api.whenChecked(editor.document.uri, editor.document.version);
    assert.equal(status.state, 'not-transcript');
    assert.deepEqual(groundcheckDiagnostics(editor.document.uri), []);
  });
});
