/**
 * "groundcheck: Classify Selection" classifies the selected text against the
 * transcript's context at that point, or against a context the user gives,
 * and returns the result it shows.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClassifySelectionRequest } from '../../../shared/protocol/messages';
import { closeAllEditors, groundcheckApi, open, rangeOf } from './helpers';

type Result = ClassifySelectionRequest.Result;

function statusOf(result: Result, text: string): string | undefined {
  return result.result.entities.find((e) => e.text === text)?.status;
}

suite('classify selection', () => {
  teardown(closeAllEditors);

  test('inside a transcript, the selection is checked against the context before it', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    await api.whenChecked(editor.document.uri, editor.document.version);
    const sentence = rangeOf(editor.document, 'The largest order is ORD-7731 for 4860, placed on 2025-05-28. It shipped on 2025-06-19');
    editor.selection = new vscode.Selection(sentence.start, sentence.end);

    const result = await vscode.commands.executeCommand<Result>('groundcheck.classifySelection');
    assert.ok(result, 'the command returns its result');
    assert.equal(result.hadContext, true);
    assert.equal(statusOf(result, 'ORD-7731'), 'grounded');
    assert.equal(statusOf(result, '4860'), 'grounded');
    assert.equal(statusOf(result, '2025-06-19'), 'unverified');
    assert.equal(result.result.level, 'PARTIAL');
    assert.match(result.report, /2025-06-19/, 'the report names the unverified date');
  });

  test('outside a transcript, the selection is checked against the context the user picked', async () => {
    const editor = await open('meeting-notes.txt');
    const line = rangeOf(editor.document, 'Ask Priya about the 2.4 migration and ticket OPS-5521.');
    editor.selection = new vscode.Selection(line.start, line.end);

    const result = await vscode.commands.executeCommand<Result>('groundcheck.classifySelection', {
      context: { text: 'Priya owns the 2.4 migration.', label: 'handover.txt' },
      showReport: false,
    });
    assert.ok(result, 'the command returns its result');
    assert.equal(result.hadContext, true);
    assert.equal(statusOf(result, '2.4'), 'grounded');
    assert.equal(statusOf(result, 'OPS-5521'), 'unverified');
  });
});
