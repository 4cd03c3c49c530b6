import { strict as assert } from 'node:assert';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { ConversationViewRequest } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { SESSION } from './session';

describe('server: the conversation view', () => {
  let h: ServerHarness;
  before(async () => {
    // The session's contradiction is slot-contradictions', which does not flag in an agent's turn unless turned on.
    h = await ServerHarness.start({ profile: 'refined', rules: { 'slot-contradictions': 'on' } });
  });
  after(() => h.stop());

  /** The view's parts joined into its page, as a view that has drawn every turn shows it. */
  const view = async (uri: string) => {
    const r = (await h.connection.sendRequest(ConversationViewRequest.method, { uri })) as ConversationViewRequest.Result;
    return 'head' in r ? { ...r, html: r.head + r.turns.join('') + r.tail } : r;
  };

  it('draws the checked conversation with each finding marked, its verdict in words and its raw range', async () => {
    const uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
    const v = await view(uri);
    assert.ok('html' in v);
    assert.equal(v.version, 1);
    assert.equal(v.outputs, 1);
    const mark = [...v.html.matchAll(/<(?:a|mark) class="m c"[^>]*data-raw="(\d+),(\d+)" title="([^"]*)">([^<]*)</g)].find((m) => m[4] === '$4.2M');
    assert.ok(mark, v.html.slice(0, 2000));
    assert.equal(SESSION.slice(Number(mark[1]), Number(mark[2])), '$4.2M');
    assert.equal(mark[4], '$4.2M');
    assert.equal(mark[3], "contradicted: number '$4.2M'; the context says '$4.3M' at tool result (Bash)");
    // Every turn says where it lies in the raw file.
    const turns = [...v.html.matchAll(/<div role="listitem" class="t r-(\w+)[^"]*"[^>]*data-raw="(\d+),(\d+)"/g)];
    assert.ok(turns.some((t) => t[1] === 'user' && SESSION.slice(Number(t[2]), Number(t[3])).startsWith('What was Q3 revenue')));
  });

  it('follows edits: the view is drawn from the latest check', async () => {
    const uri = h.uriOf('edited.jsonl');
    await h.open(uri, SESSION);
    const before = await view(uri);
    assert.ok('html' in before);
    await h.change(uri, 2, [{ text: SESSION.replace('$4.2M', '$4.3M') }]);
    const v = await view(uri);
    assert.ok('html' in v);
    assert.equal(v.version, 2);
    assert.equal(v.findings, before.findings - 1);
    assert.match(v.html, /class="m g"[^>]*>\$4\.3M</);
  });

  it('sends a long session in pieces: the first bounded, each next one from where the last ended, all turns once', async () => {
    const uri = h.uriOf('long.jsonl');
    await h.open(uri, generateClaudeSession({ targetSize: 3_000_000, outputs: 300 }).raw);
    const first = (await h.connection.sendRequest(ConversationViewRequest.method, { uri })) as ConversationViewRequest.Result;
    assert.ok('head' in first);
    assert.ok(first.turns.length < first.total, 'more turns than one piece');
    assert.ok(first.turns.join('').length <= 256 * 1024 + Math.max(...first.turns.map((t) => t.length)));
    assert.equal(first.starts.length, first.total);
    let next = first.turns.length;
    const seen = [...first.turns];
    while (next < first.total) {
      const page = (await h.connection.sendRequest(ConversationViewRequest.method, {
        uri,
        from: next,
        version: first.version,
      })) as ConversationViewRequest.Result;
      assert.ok('head' in page);
      assert.equal(page.from, next);
      seen.push(...page.turns);
      next += page.turns.length;
    }
    assert.equal(seen.length, first.total);
    // Each turn's recorded start is the raw offset its own data-raw names.
    seen.forEach((t, i) => assert.equal(/data-raw="(\d+),/.exec(t.slice(0, t.indexOf('>')))?.[1] ?? '-1', String(first.starts[i])));
    const stale = (await h.connection.sendRequest(ConversationViewRequest.method, {
      uri,
      from: 5,
      version: first.version - 1,
    })) as ConversationViewRequest.Result;
    assert.ok('unavailable' in stale);
    assert.match(stale.unavailable, /checked again/);
  });

  it('says why there is nothing to draw', async () => {
    const uri = h.uriOf('notes.md');
    await h.open(uri, '# Notes\n\nNothing here is a transcript.\n', 'markdown');
    const v = await view(uri);
    assert.ok('unavailable' in v);
    assert.match(v.unavailable, /not a transcript/);
  });
});
