import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Hover, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { ServerHarness } from './harness';
import { ANSWER_LINE, SESSION } from './session';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const shape = (d: Diagnostic[]) => d.map((x) => ({ range: x.range, code: x.code, message: x.message, severity: x.severity }));
const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const answerCol = (text: string) => text.split('\n')[ANSWER_LINE].indexOf('47 customers') + 1;

describe('server under stress', () => {
  describe('edits, bad requests and closes', () => {
    let h: ServerHarness;
    before(async () => {
      h = await ServerHarness.start();
    });
    after(() => h.stop());

    it('200 edits in 2 s end in the problems a fresh check of the final text gets', async () => {
      const uri = h.uriOf('edited.jsonl');
      await h.open(uri, SESSION);
      const mirror = TextDocument.create(uri, 'jsonl', 1, SESSION);
      const start = SESSION.split('\n')[ANSWER_LINE].indexOf('Q3 revenue was');
      for (let v = 2; v <= 201; v++) {
        // Insertions, and every third edit takes back part of the last one.
        const change: TextDocumentContentChangeEvent =
          v % 3 === 0
            ? { range: { start: { line: ANSWER_LINE, character: start }, end: { line: ANSWER_LINE, character: start + 2 } }, text: '' }
            : { range: { start: { line: ANSWER_LINE, character: start }, end: { line: ANSWER_LINE, character: start } }, text: `n${v} ` };
        TextDocument.update(mirror, [change], v);
        await h.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [change] });
        await sleep(10);
      }
      await h.checked(uri, 201);
      const fresh = h.uriOf('fresh.jsonl');
      await h.open(fresh, mirror.getText());
      assert.equal(h.diagnostics.get(uri)!.version, 201);
      assert.ok(h.diagnostics.get(fresh)!.diagnostics.length > 0);
      assert.deepEqual(shape(h.diagnostics.get(uri)!.diagnostics), shape(h.diagnostics.get(fresh)!.diagnostics));
    });

    it('answers requests past the end of a file, for files it never saw, and with broken params, and goes on answering', async () => {
      const uri = h.uriOf('bounds.jsonl');
      await h.open(uri, SESSION);
      const far = { line: 1_000_000, character: 1_000_000 };
      assert.equal(await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: far }), null);
      const def = await h.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: far });
      assert.ok(def === null || (Array.isArray(def) && def.length === 0));
      assert.deepEqual(
        await h.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: far, end: far }, context: { diagnostics: [] } }),
        [],
      );
      assert.equal(
        await h.connection.sendRequest('textDocument/hover', { textDocument: { uri: h.uriOf('never-opened.jsonl') }, position: { line: 0, character: 0 } }),
        null,
      );
      for (const params of [{}, { textDocument: null }, { textDocument: { uri }, position: { line: -1, character: 'x' } }]) {
        try {
          const answer = await h.connection.sendRequest('textDocument/hover', params);
          assert.equal(answer, null);
        } catch (err) {
          // An error answer is an answer; a crash would leave the request hanging.
          assert.ok(err instanceof Error);
        }
      }
      const hover = (await h.connection.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: { line: ANSWER_LINE, character: answerCol(SESSION) },
      })) as Hover;
      assert.match((hover.contents as { value: string }).value, /grounded/);
    });

    it('a file closed while it is being checked leaves no problems behind', async () => {
      const big = h.uriOf('closed-early.jsonl');
      void h.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: big, languageId: 'jsonl', version: 1, text: generateClaudeSession({ targetSize: 2_000_000, outputs: 200 }).raw },
      });
      await h.close(big);
      // The worker takes jobs in order: once a later file is checked, the closed one's check is over.
      await h.open(h.uriOf('after-close.jsonl'), SESSION);
      await sleep(50);
      assert.deepEqual(h.diagnostics.get(big)?.diagnostics ?? [], []);
    });
  });

  describe('a classification worker that dies', () => {
    it('on one file: that file says so, the others keep and regain their problems on a fresh worker', async () => {
      const h = await ServerHarness.start(
        {},
        {
          // The bundled worker, behind one that works on a marked text for half a second, then stops dead.
          bundle: (dir) => {
            fs.renameSync(path.join(dir, 'worker.js'), path.join(dir, 'real-worker.js'));
            fs.writeFileSync(
              path.join(dir, 'worker.js'),
              "require('node:worker_threads').parentPort.on('message', ({ job }) => { if (job.text && job.text.includes('CRASH-THE-WORKER')) { const until = Date.now() + 500; while (Date.now() < until); process.exit(7); } });\nrequire('./real-worker.js');\n",
            );
          },
        },
      );
      try {
        const good = h.uriOf('good.jsonl');
        await h.open(good, SESSION);
        const before = shape(h.diagnostics.get(good)!.diagnostics);
        const bad = h.uriOf('bad.jsonl');
        const crashing = SESSION.replace('Check report.txt', 'Check report.txt CRASH-THE-WORKER');
        // The good file's next check waits behind the one that kills the worker.
        const badChecked = h.open(bad, crashing);
        await sleep(150);
        const edited = await h.change(good, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' }]);
        const status = await badChecked;
        assert.equal(status.state, 'error');
        assert.match(messageOf(h.diagnostics.get(bad)!.diagnostics[0]), /classification worker stopped \(exit code 7\)/);
        assert.notEqual(edited.state, 'error');
        assert.deepEqual(shape(h.diagnostics.get(good)!.diagnostics), before);
        // Without the marker, the failing file is checked too.
        await h.change(bad, 2, [{ text: SESSION }]);
        assert.deepEqual(shape(h.diagnostics.get(bad)!.diagnostics), before);
      } finally {
        await h.stop();
      }
    });

    it('out of memory: the check stops in the worker with that reason, and the server goes on', async () => {
      const h = await ServerHarness.start({}, { env: { GROUNDCHECK_WORKER_HEAP_MB: '24' } });
      try {
        const big = h.uriOf('huge.jsonl');
        const status = await h.open(big, generateClaudeSession({ targetSize: 8_000_000, outputs: 800 }).raw);
        assert.equal(status.state, 'error');
        assert.match(messageOf(h.diagnostics.get(big)!.diagnostics[0]), /the check failed: the classification worker ran out of memory/);
        const small = h.uriOf('small.jsonl');
        await h.open(small, SESSION);
        assert.ok(h.diagnostics.get(small)!.diagnostics.some((d) => d.code === 'number'));
        const hover = (await h.connection.sendRequest('textDocument/hover', {
          textDocument: { uri: small },
          position: { line: ANSWER_LINE, character: answerCol(SESSION) },
        })) as Hover;
        assert.match((hover.contents as { value: string }).value, /grounded/);
      } finally {
        await h.stop();
      }
    });
  });
});
