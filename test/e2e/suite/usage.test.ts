/**
 * Token usage in the editor, on a Claude Code session shaped as real logs
 * are (a response split over three lines, an inline sub-agent on another
 * model): a CodeLens per model call beside its turn, the session's totals in
 * the status bar item with each model and sub-agent in its tooltip, the
 * setting that turns the lenses off, and the totals at the head of the
 * conversation view, each with the API-equivalent cost; and the same session
 * as newer Claude Code writes it, its sub-agent in a file of its own beside
 * it, summed in.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, groundcheckApi, open } from './helpers';

const SESSION = 'claude-usage-session.jsonl';

/** Every lens on the document, from every provider, as the editor draws them: [line, title]. */
async function lenses(uri: vscode.Uri): Promise<[number, string][]> {
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return all.map((l): [number, string] => [l.range.start.line, l.command?.title ?? '']).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}

const usageLenses = (all: [number, string][]) => all.filter(([, title]) => / in · \S+ out/.test(title));

async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

suite('token usage', () => {
  teardown(async () => {
    await vscode.workspace.getConfiguration('groundcheck').update('usageLens', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  test('a CodeLens per model call shows its tokens beside the turn’s grounding lens', async () => {
    const api = await groundcheckApi();
    const editor = await open(SESSION);
    await api.whenChecked(editor.document.uri, editor.document.version);
    const all = await until(
      'the usage lenses',
      () => lenses(editor.document.uri),
      (ls) => usageLenses(ls).length === 5,
    );
    // Counted by hand from the log's message.usage records; "in" is the whole prompt.
    assert.deepEqual(usageLenses(all), [
      [2, '18.9k in · 96 out · 15.7k cached'],
      [5, '19.1k in · 61 out · 18.9k cached'],
      [7, '9.12k in · 40 out'],
      [9, '9.43k in · 120 out · 9.12k cached'],
      [11, '12.4k in · 830 out · 11.9k cached'],
    ]);
    // The final answer's line carries both lenses.
    const answer = all.filter(([line]) => line === 11).map(([, title]) => title);
    assert.ok(
      answer.some((t) => / · \d+\/\d+ grounded/.test(t)),
      `grounding lens on the answer: ${answer.join(' | ')}`,
    );
  });

  test('groundcheck.usageLens off leaves the usage lenses out and the grounding lenses in', async () => {
    const api = await groundcheckApi();
    const editor = await open(SESSION);
    await api.whenChecked(editor.document.uri, editor.document.version);
    await until(
      'the usage lenses',
      () => lenses(editor.document.uri),
      (ls) => usageLenses(ls).length === 5,
    );
    await vscode.workspace.getConfiguration('groundcheck').update('usageLens', false, vscode.ConfigurationTarget.Global);
    // While the file is checked again it has no lenses at all: wait for the check's, grounding lenses back.
    const grounding = (ls: [number, string][]) => ls.filter(([, title]) => / · \d+\/\d+ grounded/.test(title));
    const off = await until(
      'the re-check without usage lenses',
      () => lenses(editor.document.uri),
      (ls) => grounding(ls).length > 0 && usageLenses(ls).length === 0,
    );
    // And they stay off: the check is done, nothing brings them back.
    await api.whenChecked(editor.document.uri, editor.document.version);
    assert.deepEqual(usageLenses(await lenses(editor.document.uri)), []);
    assert.deepEqual(grounding(await lenses(editor.document.uri)), grounding(off));
  });

  test('the status bar item shows the session’s totals, each model and sub-agent in its tooltip, and hides for a file without usage', async () => {
    const api = await groundcheckApi();
    const editor = await open(SESSION);
    await api.whenChecked(editor.document.uri, editor.document.version);
    const shown = await until(
      'the usage status item',
      () => api.usageStatus(),
      (s) => s !== undefined,
    );
    // The cost at the shipped price table, as groundcheck usage gives it (opus-4-5 $0.0725 + haiku-4-5 $0.0135).
    assert.equal(shown?.text, '$(dashboard) 69k in · 1.15k out · 55.6k cached · $0.0860');
    const tooltip = shown!.tooltip;
    assert.match(tooltip, /5 model turns · wall time 2m 38s/);
    assert.match(tooltip, /\| claude\\-opus\\-4\\-5\\-20251101 \| 3 \| 50,431 \| 987 \| 46,496 \| 3,928 \| \$0\.0725 \|/);
    assert.match(tooltip, /\| claude\\-haiku\\-4\\-5\\-20251001 \| 2 \| 18,556 \| 160 \| 9,120 \| 9,430 \|/);
    assert.match(tooltip, /\| sub\\-agent a3f9c2e1 \| 2 \| 18,556 \|/);

    // A transcript whose format records no usage: the item goes.
    const chat = await open('openai-chat.json');
    await api.whenChecked(chat.document.uri, chat.document.version);
    await until(
      'the item to hide',
      () => api.usageStatus(),
      (s) => s === undefined,
    );
    // And comes back with the session.
    await open(SESSION);
    await until(
      'the item to return',
      () => api.usageStatus(),
      (s) => s?.text === shown?.text,
    );
  });

  test('the conversation view opens with the session’s totals at its head', async () => {
    const api = await groundcheckApi();
    const editor = await open(SESSION);
    await api.whenChecked(editor.document.uri, editor.document.version);
    await vscode.commands.executeCommand('groundcheck.openConversation');
    const view = await until(
      'the conversation view',
      () => api.conversation(editor.document.uri),
      (v) => v !== undefined && v.html.includes('<article'),
    );
    const html = view!.html;
    const head = html.slice(html.indexOf('<article'), html.indexOf('role="listitem"'));
    assert.match(head, /<b>Tokens<\/b> 69k in · 1\.15k out · 55\.6k cached · 5 model turns · wall time 2m 38s/);
    assert.match(head, /<th scope="row">claude-haiku-4-5-20251001<\/th><td>2<\/td><td>18,556<\/td>/);
    assert.match(head, /<caption>By agent<\/caption>/);
  });

  test('a session’s sub-agent file beside it is summed into the status item and the conversation view, as groundcheck usage does', async () => {
    const api = await groundcheckApi();
    // claude-agents-session/subagents/agent-a3f9c2e1.jsonl holds the sub-agent's lines of the session above.
    const editor = await open('claude-agents-session.jsonl');
    await api.whenChecked(editor.document.uri, editor.document.version);
    const shown = await until(
      'the usage status item',
      () => api.usageStatus(),
      (s) => s?.text.includes('$') === true,
    );
    assert.equal(shown?.text, '$(dashboard) 69k in · 1.15k out · 55.6k cached · $0.0860');
    assert.match(shown!.tooltip, /5 model turns · wall time 2m 38s · \$0\.0860/);
    assert.match(shown!.tooltip, /\| sub\\-agent a3f9c2e1 \| 2 \| 18,556 \| 160 \| 9,120 \| 9,430 \| \$0\.0135 \|/);
    // The lenses stay on this file's own three calls.
    const own = await until(
      'the usage lenses',
      () => lenses(editor.document.uri),
      (ls) => usageLenses(ls).length === 3,
    );
    assert.deepEqual(
      usageLenses(own).map(([line]) => line),
      [2, 5, 7],
    );

    await vscode.commands.executeCommand('groundcheck.openConversation');
    const view = await until(
      'the conversation view',
      () => api.conversation(editor.document.uri),
      (v) => v !== undefined && v.html.includes('<article'),
    );
    const head = view!.html.slice(view!.html.indexOf('<article'), view!.html.indexOf('role="listitem"'));
    assert.match(head, /<b>Tokens<\/b> 69k in · 1\.15k out · 55\.6k cached · 5 model turns · wall time 2m 38s · \$0\.0860/);
    assert.match(head, /<th scope="row">sub-agent a3f9c2e1<\/th><td>2<\/td><td>18,556<\/td><td>160<\/td><td>9,120<\/td><td>9,430<\/td><td>\$0\.0135<\/td>/);
  });
});
