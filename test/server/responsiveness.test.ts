import { strict as assert } from 'node:assert';
import { DiagnosticSeverity, type Hover } from 'vscode-languageserver-protocol/node';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { CheckProgressNotification } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { ANSWER_LINE, SESSION } from './session';

describe('server: responsiveness', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  it('answers a hover on one file while another, large one is still being checked', async () => {
    const small = h.uriOf('small.jsonl');
    await h.open(small, SESSION);
    const big = h.uriOf('big.jsonl');
    const session = generateClaudeSession({ targetSize: 6_000_000, outputs: 600 });
    const raw = session.raw;
    let bigDone = false;
    const bigChecked = h.open(big, raw).then((s) => {
      bigDone = true;
      return s;
    });
    const col = SESSION.split('\n')[ANSWER_LINE].indexOf('47 customers') + 1;
    const hover = (await h.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: ANSWER_LINE, character: col },
    })) as Hover;
    assert.equal(bigDone, false, 'the hover waited for the large check');
    assert.match((hover.contents as { value: string }).value, /✓ grounded/);
    assert.match((hover.contents as { value: string }).value, /Found \d+ times?:\n- \[/);
    const status = await bigChecked;
    assert.equal(status.outputs, session.outputs);
  });

  it("shows where the context has a hovered entity while the worker is in the middle of another file's check", async () => {
    const small = h.uriOf('small-mid.jsonl');
    await h.open(small, SESSION);
    const big = h.uriOf('big-mid.jsonl');
    const session = generateClaudeSession({ targetSize: 6_000_000, outputs: 600, seed: 5 });
    // The worker reports progress from inside the check: hovering after that asks while it runs.
    const underWay = new Promise<void>((resolve) => {
      const listener = h.connection.onNotification(CheckProgressNotification.method, (p: CheckProgressNotification.Params) => {
        if (p.uri !== big) return;
        listener.dispose();
        resolve();
      });
    });
    let bigDone = false;
    const bigChecked = h.open(big, session.raw).then((s) => {
      bigDone = true;
      return s;
    });
    await underWay;
    const col = SESSION.split('\n')[ANSWER_LINE].indexOf('47 customers') + 1;
    const hover = (await h.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: ANSWER_LINE, character: col },
    })) as Hover;
    assert.equal(bigDone, false, 'the hover waited for the large check');
    // Where the context has it is read by the worker, between the outputs of the large check.
    assert.match((hover.contents as { value: string }).value, /✓ grounded[\s\S]*Found \d+ times?:\n- \[/);
    await bigChecked;
  });

  it('says how far the check of a large file has come while it runs', async () => {
    const uri = h.uriOf('progress.jsonl');
    const session = generateClaudeSession({ targetSize: 6_000_000, outputs: 600, seed: 3 });
    const seen: CheckProgressNotification.Params[] = [];
    const listener = h.connection.onNotification(CheckProgressNotification.method, (p: CheckProgressNotification.Params) => {
      if (p.uri === uri) seen.push(p);
    });
    const status = await h.open(uri, session.raw);
    listener.dispose();
    assert.ok(seen.length > 0, 'progress was reported');
    assert.ok(seen.every((p) => p.total === status.outputs && p.version === 1));
    assert.ok(seen[0].checked < status.outputs, 'the first report comes before the end');
    assert.ok(
      seen.every((p, i) => i === 0 || p.checked >= seen[i - 1].checked),
      'the count only grows',
    );
  });

  it("shows a large session's first findings from its head, then the whole file's, never one finding twice", async () => {
    const uri = h.uriOf('head-first.jsonl');
    const session = generateClaudeSession({ targetSize: 3_000_000, outputs: 300, seed: 5 });
    const status = await h.open(uri, session.raw);
    const published = h.publications.filter((p) => p.uri === uri);
    assert.ok(published.length >= 2, `${published.length} publications`);
    assert.ok(published[0].diagnostics.length > 0 && published[0].diagnostics.length < status.shown, 'the first publication is a preview');
    for (const p of published) {
      const keys = p.diagnostics.map((d) => `${JSON.stringify(d.range)} ${d.message}`);
      assert.equal(new Set(keys).size, keys.length, 'a finding published twice');
    }
    // The last publication is the whole file's: every finding the status counts, the context gaps beside them.
    assert.equal(published.at(-1)!.diagnostics.filter((d) => d.severity !== DiagnosticSeverity.Information).length, status.shown);
  });

  it('publishes only the newest version when edits outrun checks', async () => {
    const uri = h.uriOf('fast.jsonl');
    await h.open(uri, SESSION);
    const col = SESSION.split('\n')[ANSWER_LINE].indexOf('Q3 revenue was');
    for (let v = 2; v <= 6; v++) {
      await h.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: v },
        contentChanges: [{ range: { start: { line: ANSWER_LINE, character: col }, end: { line: ANSWER_LINE, character: col } }, text: 'ok ' }],
      });
    }
    const status = await h.checked(uri, 6);
    assert.equal(status.version, 6);
    const published = h.diagnostics.get(uri)!;
    assert.equal(published.version, 6);
    const text = SESSION.replace('Q3 revenue was', 'ok ok ok ok ok Q3 revenue was');
    const number = published.diagnostics.find((d) => d.code === 'number')!;
    const lines = text.split('\n');
    assert.equal(lines[number.range.start.line].slice(number.range.start.character, number.range.end.character), '$4.2M');
  });
});
