import { strict as assert } from 'node:assert';
import { ServerHarness } from './harness';
import { SESSION } from './session';

const AIDER = [
  '# aider chat started at 2025-05-01 10:00:00',
  '',
  '#### How many retries does the client make?',
  '',
  'The client retries 5 times with a 250 ms backoff.',
  '',
].join('\n');

const ECHO = [
  '{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Plan the rollout."}}',
  '{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"We ship on 2025-03-14 to 40% of users."}]}}',
  '{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"s","message":{"role":"user","content":"Repeat the date."}}',
  '{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"s","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":"The date is 2025-03-14."}]}}',
].join('\n');

describe('server: incomplete context and echoes', () => {
  let h: ServerHarness;
  beforeEach(async () => {
    h = await ServerHarness.start();
  });
  afterEach(() => h.stop());

  it('gives no squiggle to entities the context cannot judge, and one file-level note saying why', async () => {
    const uri = h.uriOf('.aider.chat.history.md');
    const status = await h.open(uri, AIDER, 'markdown');
    assert.equal(status.format, 'aider-chat');
    assert.equal(status.entities, 2);
    assert.equal(status.unverified, 0);
    assert.equal(status.total, 0);
    assert.match(status.reasons[0], /^context incomplete: Aider Markdown history records the conversation but not the files/);
    const diags = h.diagnostics.get(uri)!.diagnostics;
    assert.equal(diags.length, 1);
    assert.equal(diags[0].code, 'context-incomplete');
    assert.equal(diags[0].severity, 3);
    assert.equal(diags[0].range.start.line, 0);
    assert.match(String(diags[0].message), /^2 entities in 1 output cannot be verified, the context is incomplete: Aider Markdown history/);
  });

  it('modelOutputsAsContext lets an earlier answer ground a later one', async () => {
    const uri = h.uriOf('echo.jsonl');
    await h.open(uri, ECHO);
    const dates = () =>
      h.diagnostics
        .get(uri)!
        .diagnostics.filter((d) => d.code === 'date')
        .map((d) => d.range.start.line);
    assert.deepEqual(dates(), [1, 3]);
    const next = h.nextChecked(uri, 1);
    await h.configure({ modelOutputsAsContext: true });
    await next;
    assert.deepEqual(dates(), [1]);
  });
});

describe('server: refined profile', () => {
  let h: ServerHarness;
  before(async () => {
    // The session's contradiction is slot-contradictions', which does not flag in an agent's turn unless turned on.
    h = await ServerHarness.start({ profile: 'refined', rules: { 'slot-contradictions': 'on' } });
  });
  after(() => h.stop());

  it('says a contradicted value contradicts the context and what the context says instead', async () => {
    const uri = h.uriOf('refined.jsonl');
    await h.open(uri, SESSION);
    const number = h.diagnostics.get(uri)!.diagnostics.find((d) => d.code === 'contradicted')!;
    assert.equal(number.codeDescription?.href, 'https://github.com/groundcheck/groundcheck/blob/main/docs/rules.md#slot-contradictions');
    assert.equal(number.message, "number '$4.2M' contradicts the context of this assistant turn, which says '$4.3M': 1 user turn, 1 tool result, 1 tool call");
  });
});
