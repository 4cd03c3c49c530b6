import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
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

  const codes = () =>
    h.diagnostics
      .get(uri)!
      .diagnostics.map((d) => d.code)
      .filter((c) => c !== 'context-incomplete');
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

describe('server: the ignore store as the user wrote it', () => {
  let h: ServerHarness;
  let uri: string;
  const storeFile = () => path.join(h.workspace, '.groundcheck/ignore.json');
  before(async () => {
    h = await ServerHarness.start();
    uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  /** The quick fix's command for the first finding of type `code` whose title starts so. */
  async function quickFix(code: string, titleStart: string): Promise<IgnoreCommand.Args> {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === code);
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    return actions.find((a) => a.title.startsWith(titleStart))!.command!.arguments![0] as IgnoreCommand.Args;
  }

  const runIgnore = (args: unknown[]) => h.connection.sendRequest('workspace/executeCommand', { command: IgnoreCommand.id, arguments: args });

  it('adds a rule to a store with comments and trailing commas, keeping the rules and comments already there', async () => {
    const handWritten =
      '{\n  // Reviewed by hand.\n  "values": [\n    { "type": "date", "value": "2024" }, // the fiscal year\n  ],\n  "types": ["citation",],\n}\n';
    fs.mkdirSync(path.dirname(storeFile()), { recursive: true });
    fs.writeFileSync(storeFile(), handWritten);
    await h.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: h.uriOf('.groundcheck/ignore.json'), type: 2 }] });
    const republished = h.nextDiagnostics(uri);
    await runIgnore([await quickFix('quoted_string', 'Ignore all quoted strings')]);
    await republished;
    const text = fs.readFileSync(storeFile(), 'utf8');
    assert.ok(text.includes('  // Reviewed by hand.\n'), text);
    assert.ok(text.includes('{ "type": "date", "value": "2024" }, // the fiscal year'), text);
    assert.match(text, /"types": \[\s*"citation",\s*"quoted_string",?\s*\]/);
    assert.ok(!h.diagnostics.get(uri)!.diagnostics.some((d) => d.code === 'quoted_string'));
  });

  it('refuses to write a store it cannot parse, names the file and line, and leaves the file as it was', async () => {
    const broken = '{\n  "types": ["citation"]\n  "values": []\n}\n';
    fs.writeFileSync(storeFile(), broken);
    await h.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: h.uriOf('.groundcheck/ignore.json'), type: 2 }] });
    const err = await refused([await quickFix('number', 'Ignore this occurrence')]);
    assert.equal(fs.readFileSync(storeFile(), 'utf8'), broken);
    assert.equal(err.code, -32803);
    assert.equal(err.message, `${storeFile()}:3:3: invalid JSON: CommaExpected; the rule was not added (fix the file, then try again)`);
  });

  async function refused(args: unknown[]): Promise<{ code: number; message: string }> {
    try {
      await runIgnore(args);
    } catch (err) {
      return err as { code: number; message: string };
    }
    assert.fail('the command was accepted');
  }

  it('answers made-up arguments with InvalidParams and writes nothing', async () => {
    fs.rmSync(storeFile(), { force: true });
    const republished = h.nextDiagnostics(uri);
    await h.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: h.uriOf('.groundcheck/ignore.json'), type: 3 }] });
    await republished;
    const good = await quickFix('number', 'Ignore this occurrence');
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-outside-'));
    try {
      const elsewhere = pathToFileURL(path.join(outside, 'session.jsonl')).toString();
      const cases: [unknown[], RegExp][] = [
        [[{ ...good, uri: elsewhere }], /"uri" must name a file in a workspace folder/],
        [[{ ...good, uri: 'untitled:Untitled-1' }], /"uri" must name a file in a workspace folder/],
        [[JSON.parse(`{"__proto__":{"scope":"type"},${JSON.stringify(good).slice(1)}`)], /unknown member "__proto__"/],
        [[{ ...good, text: { toString: 'x' } }], /"text" must be a string, got an object/],
        [[{ ...good, scope: 'type', type: '__proto__' }], /"type" is not an entity type/],
        [[{ ...good, scope: 'everything' }], /"scope" must be one of occurrence, value, type/],
        [[{ ...good, key: '../../etc' }], /"key", 16 hexadecimal digits/],
        [[{ ...good, scope: 'value', normalized: 7 }], /"normalized" must be a string/],
        [[], /expected one argument/],
        [[good, good], /expected one argument/],
      ];
      for (const [args, message] of cases) {
        const err = await refused(args);
        assert.equal(err.code, -32602, `${JSON.stringify(args)}: ${err.message}`);
        assert.match(err.message, message);
      }
      assert.ok(!fs.existsSync(path.join(outside, '.groundcheck')));
      assert.ok(!fs.existsSync(storeFile()));
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('offers no ignore actions for a file outside every workspace folder, where no store may be written', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-outside-'));
    try {
      const elsewhere = pathToFileURL(path.join(outside, 'session.jsonl')).toString();
      await h.open(elsewhere, SESSION);
      const diags = h.diagnostics.get(elsewhere)!.diagnostics.filter((d) => d.code === 'number');
      const actions = (await h.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: elsewhere },
        range: diags[0].range,
        context: { diagnostics: diags },
      })) as CodeAction[];
      assert.ok(actions.length > 0, 'the other quick fixes are still offered');
      assert.deepEqual(
        actions.filter((a) => a.title.startsWith('Ignore')),
        [],
      );
      await h.close(elsewhere);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
