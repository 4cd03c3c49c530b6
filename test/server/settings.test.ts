import { strict as assert } from 'node:assert';
import { ServerHarness } from './harness';
import { SESSION } from './session';
import { call, numbered, result, say, session, user } from '../shared/code/claudeSession';

const QUOTE_SESSION = [
  '{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Ship It Today, says the 3 person team."}}',
  '{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"You said \\"ship it today\\" for 4 people."}]}}',
].join('\n');

const codes = (h: ServerHarness, uri: string) =>
  h.diagnostics
    .get(uri)!
    .diagnostics.map((d) => d.code)
    .filter((c) => c !== 'context-incomplete');

describe('server: settings', () => {
  let h: ServerHarness;
  beforeEach(async () => {
    h = await ServerHarness.start();
  });
  afterEach(() => h.stop());

  it('severity off for numbers removes number diagnostics; others keep their severity', async () => {
    const uri = h.uriOf('a.jsonl');
    await h.open(uri, SESSION);
    assert.deepEqual(codes(h, uri), ['number', 'quoted_string']);
    const next = h.nextChecked(uri, 1);
    await h.configure({ severity: { number: 'off', quoted_string: 'error' } });
    const status = await next;
    assert.equal(status.unverified, 2);
    assert.equal(status.total, 1);
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'quoted_string');
    assert.deepEqual(codes(h, uri), ['quoted_string']);
    assert.equal(diags[0].severity, 1);
  });

  it("a list of packs without the code pack takes the code rules' findings away", async () => {
    const raw = session([
      user('How is the ledger settled?'),
      call('t1', 'Read', { file_path: '/p/src/ledger.ts' }),
      result('t1', numbered(['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'])),
      // A file named like the one read, which nothing named: misnamed-files, of the code pack.
      say('The ledger is settled in `src/ledger_sync.ts`.'),
    ]);
    const uri = h.uriOf('ledger.jsonl');
    await h.configure({ profile: 'refined' });
    await h.open(uri, raw);
    assert.deepEqual(codes(h, uri), ['identifier']);
    const next = h.nextChecked(uri, 1);
    await h.configure({ profile: 'refined', packs: ['prose', 'records'] });
    await next;
    assert.deepEqual(codes(h, uri), []);
  });

  it('strict turns a case-folded match into an unverified quote', async () => {
    const uri = h.uriOf('q.jsonl');
    await h.open(uri, QUOTE_SESSION);
    assert.deepEqual(codes(h, uri), ['number']);
    const next = h.nextChecked(uri, 1);
    await h.configure({ strict: true });
    await next;
    // Same rank for quotes and numbers, so file order: the quote comes first.
    assert.deepEqual(codes(h, uri), ['quoted_string', 'number']);
  });

  it('entityTypes limits what is checked', async () => {
    h.settings = { entityTypes: ['quoted_string'] };
    const uri = h.uriOf('t.jsonl');
    const status = await h.open(uri, SESSION);
    assert.equal(status.entities, 1);
    assert.deepEqual(codes(h, uri), ['quoted_string']);
  });

  it('caps diagnostics, numbers first, and says "N of M shown"', async () => {
    h.settings = { maxDiagnosticsPerFile: 1 };
    const uri = h.uriOf('c.jsonl');
    const status = await h.open(uri, SESSION);
    assert.equal(status.shown, 1);
    assert.equal(status.total, 2);
    assert.ok(status.reasons.includes('1 of 2 shown'));
    const diags = h.diagnostics.get(uri)!.diagnostics;
    assert.deepEqual(
      diags.map((d) => d.code).filter((c) => c !== 'context-incomplete'),
      ['number', 'capped'],
    );
    assert.match(String(diags.find((d) => d.code === 'capped')!.message), /^1 of 2 unverified findings shown/);
  });

  it('files over maxFileSizeMB are reported, not checked', async () => {
    h.settings = { maxFileSizeMB: 0.0001 };
    const uri = h.uriOf('big.jsonl');
    const status = await h.open(uri, SESSION);
    assert.equal(status.state, 'too-large');
    assert.match(status.reasons[0], /^over the size limit: 0\.0 MB > groundcheck\.maxFileSizeMB \(0\.0001 MB\)/);
    assert.deepEqual(codes(h, uri), ['too-large']);
  });

  it('run onSave leaves edits unchecked until the file is saved', async () => {
    h.settings = { run: 'onSave' };
    const uri = h.uriOf('s.jsonl');
    await h.open(uri, SESSION);
    const answer = SESSION.split('\n')[3];
    const col = answer.indexOf('$4.2M');
    await h.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 3, character: col + 3 }, end: { line: 3, character: col + 4 } }, text: '3' }],
    });
    // Not checked on type: nothing describes version 2 yet, so there is nothing to hover.
    const hover = await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: col + 1 } });
    assert.equal(hover, null);
    const saved = h.checked(uri, 2);
    await h.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    const status = await saved;
    // The save checked the edited text: the number is now grounded.
    assert.equal(status.unverified, 1);
  });
});
