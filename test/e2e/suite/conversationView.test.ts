/**
 * "Open as Conversation": the view opens beside each kind of transcript with
 * its findings marked, a mark selects its exact raw characters, and a
 * re-check redraws it. The findings tree lists what the editor squiggles.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateClaudeSession } from '../../../bench/generators/claudeSession';
import * as vscode from 'vscode';
import type { FindingsNode } from '../../../client/src/findingsTree';
import { closeAllEditors, groundcheckApi, open } from './helpers';

/** Marks on the page: verdict class, raw range, text. */
function marks(html: string): { cls: string; raw: [number, number]; text: string }[] {
  return [...html.matchAll(/<(?:a|mark) class="m (\w)"[^>]*data-raw="(\d+),(\d+)"[^>]*>([^<]*)</g)].map((m) => ({
    cls: m[1],
    raw: [Number(m[2]), Number(m[3])],
    text: m[4]
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  }));
}

function conversationTab(name: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === `Conversation: ${name}` && t.input instanceof vscode.TabInputWebview);
}

async function until(what: string, ok: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

suite('conversation view', () => {
  teardown(closeAllEditors);

  for (const name of ['claude-session.jsonl', 'specstory-history.md', 'openai-chat.json', 'otlp-trace.json', 'rag-eval.jsonl']) {
    test(`opens beside ${name} with its turns and marks`, async () => {
      const api = await groundcheckApi();
      const editor = await open(name);
      await api.whenChecked(editor.document.uri, editor.document.version);
      await vscode.commands.executeCommand('groundcheck.openConversation');
      const view = api.conversation(editor.document.uri);
      assert.ok(view, 'the view is open');
      await until(`a Conversation tab beside ${name}`, () => conversationTab(name) !== undefined, 10_000);
      assert.match(view.html, /<article class="file"/);
      assert.match(view.html, /<div role="listitem" class="t r-(user|assistant)/);
      assert.ok(marks(view.html).length > 0, 'entities are marked');
      assert.match(view.html, /Content-Security-Policy" content="default-src 'none'/);
    });
  }

  test('a finding in the view selects its exact characters in the raw file', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    await api.whenChecked(editor.document.uri, editor.document.version);
    await vscode.commands.executeCommand('groundcheck.openConversation');
    const view = api.conversation(editor.document.uri)!;
    const finding = marks(view.html).find((m) => m.cls !== 'g' && m.cls !== 'i');
    assert.ok(finding, 'the session has a finding');
    const shown = await view.reveal(finding.raw);
    const selected = shown.document.getText(shown.selection);
    assert.equal(selected, editor.document.getText().slice(finding.raw[0], finding.raw[1]));
    assert.equal(JSON.parse(`"${selected}"`), finding.text, 'the raw characters are the marked text, escapes decoded');
  });

  test('a long session is drawn a piece at a time: the first page is bounded, the rest waits', async () => {
    const api = await groundcheckApi();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-view-')), 'long-session.jsonl');
    const session = generateClaudeSession({ targetSize: 3_000_000, outputs: 300 });
    fs.writeFileSync(file, session.raw);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(doc);
    await api.whenChecked(doc.uri, doc.version, 120_000);
    await vscode.commands.executeCommand('groundcheck.openConversation');
    const html = api.conversation(doc.uri)!.html;
    const left = Number(/<body data-left="(\d+)"/.exec(html)?.[1]);
    assert.ok(left > 0, 'turns are left for later');
    assert.ok(html.length < 600_000, `the first page is ${html.length} characters`);
    assert.match(html, /<div id="more" role="none"><\/div>/);
  });

  test('a re-check redraws the view, and the filter keeps only turns with findings', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    await api.whenChecked(editor.document.uri, editor.document.version);
    await vscode.commands.executeCommand('groundcheck.openConversation');
    const view = () => api.conversation(editor.document.uri)!;
    const before = view().html;
    const finding = marks(before).find((m) => m.cls === 'u' || m.cls === 'c')!;
    // Turns with a finding carry the class the "only turns with findings" box keeps.
    assert.match(before, /<input type="checkbox" id="of">/);
    assert.match(before, /<div role="listitem" class="t r-assistant o f"/);
    const original = editor.document.getText();
    try {
      await editor.edit((b) => b.replace(new vscode.Range(editor.document.positionAt(finding.raw[0]), editor.document.positionAt(finding.raw[1])), 'REDACTED'));
      await api.whenChecked(editor.document.uri, editor.document.version);
      await until(
        'the view to redraw',
        () => view().html !== before && !marks(view().html).some((m) => m.text === finding.text && m.raw[0] === finding.raw[0]),
      );
      assert.ok(view().html.includes('REDACTED'));
    } finally {
      // The fixture is shared by every suite: put its text back and on disk, whatever closing the editor does with an edit.
      const doc = editor.document;
      await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original));
      await doc.save();
    }
  });
});

suite('findings tree', () => {
  teardown(closeAllEditors);

  test('lists each open transcript → its outputs, worst first → their findings; a finding opens its range', async () => {
    const api = await groundcheckApi();
    const editor = await open('claude-session.jsonl');
    await api.whenChecked(editor.document.uri, editor.document.version);
    const tree = api.findings;
    let files: FindingsNode[] = [];
    await until('the file in the findings tree', () => {
      files = (tree.getChildren() as FindingsNode[]).filter((n) => n.kind === 'file' && n.uri.toString() === editor.document.uri.toString());
      return files.length === 1;
    });
    // The tree lists an output's findings in the order they stand in the file.
    const diagnostics = vscode.languages
      .getDiagnostics(editor.document.uri)
      .filter((d) => d.source === 'groundcheck' && d.code !== 'context-incomplete')
      .sort((a, b) => a.range.start.compareTo(b.range.start));
    const file = files[0] as FindingsNode & { kind: 'file' };
    assert.equal(file.count, diagnostics.length);
    assert.equal((tree.getTreeItem(file) as vscode.TreeItem).description, `${diagnostics.length} finding${diagnostics.length === 1 ? '' : 's'}`);
    const outputs = tree.getChildren(file) as FindingsNode[];
    assert.equal(outputs.length, 1);
    const output = tree.getTreeItem(outputs[0]) as vscode.TreeItem;
    assert.match(String(output.label), /^PARTIAL · assistant/);
    const items = (tree.getChildren(outputs[0]) as FindingsNode[]).map((n) => tree.getTreeItem(n) as vscode.TreeItem);
    assert.deepEqual(
      items.map((i) => i.label),
      diagnostics.map((d) => d.message),
    );
    const go = items[0].command!;
    await vscode.commands.executeCommand(go.command, ...(go.arguments ?? []));
    const active = vscode.window.activeTextEditor!;
    assert.equal(active.document.getText(active.selection), editor.document.getText(diagnostics[0].range));
  });
});
