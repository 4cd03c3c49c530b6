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

/** The verdict on the entity whose text contains `text`, with all verdicts in the failure message. */
function assertStatus(result: Result, text: string, expected: string): void {
  const all = result.result.entities.map((e) => `${e.type} "${e.text}": ${e.status}`).join('; ');
  const entity = result.result.entities.find((e) => e.text.includes(text));
  assert.equal(entity?.status, expected, `${text} should be ${expected}; entities: ${all}`);
}

/** Resolves when a tab showing a classification report (the Markdown preview or its source) is open. */
function reportTab(): Promise<vscode.Tab> {
  const find = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => /classification-\d+\.md/.test(t.label));
  const open = find();
  if (open) return Promise.resolve(open);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      const labels = vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);
      reject(new Error(`no report tab opened; tabs: ${labels.join(', ')}`));
    }, 30_000);
    const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
      const tab = find();
      if (!tab) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(tab);
    });
  });
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
    assertStatus(result, '4860', 'grounded');
    assertStatus(result, '2025-06-19', 'unverified');
    assert.equal(result.result.level, 'PARTIAL');
    assert.match(result.report, /2025-06-19/, 'the report names the unverified date');
    await reportTab();
  });

  test('outside a transcript, the selection is checked against the context the user picked', async () => {
    const editor = await open('meeting-notes.txt');
    const line = rangeOf(editor.document, 'The release moves to 2025-09-30. Budget is 48000 for 3 contractors.');
    editor.selection = new vscode.Selection(line.start, line.end);

    const result = await vscode.commands.executeCommand<Result>('groundcheck.classifySelection', {
      context: { text: 'Budget approved: 48000 for the autumn release.', label: 'handover.txt' },
      showReport: false,
    });
    assert.ok(result, 'the command returns its result');
    assert.equal(result.hadContext, true);
    assertStatus(result, '48000', 'grounded');
    assertStatus(result, '2025-09-30', 'unverified');
    assert.match(result.contextLabel, /handover\.txt/, 'the result says which context it used');
  });
});
