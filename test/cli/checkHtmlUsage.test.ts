import { strict as assert } from 'node:assert';
import { buildCli, REPO, runCli } from './harness';

const SESSION = 'test/e2e/workspace/claude-usage-session.jsonl';

/** The rows of the usage table captioned `caption` in the page: name and figures. */
function usageRows(html: string, caption: string): [string, number[]][] {
  const at = html.indexOf(`<caption>${caption}</caption>`);
  assert.ok(at >= 0, `no "${caption}" table`);
  const table = html.slice(at, html.indexOf('</table>', at));
  return [...table.matchAll(/<tr><th scope="row">(?:<b>)?([^<]+)(?:<\/b>)?<\/th>((?:<td>(?:<b>)?[\d,-]+(?:<\/b>)?<\/td>)+)<\/tr>/g)].map((m) => [
    m[1],
    [...m[2].matchAll(/[\d,]+/g)].map((n) => Number(n[0].replace(/,/g, ''))),
  ]);
}

describe('groundcheck check --format html: token usage at the head of each file', function () {
  this.timeout(120000);
  before(buildCli);

  it('gives the session’s totals per model, per sub-agent and in all, with the wall time', async () => {
    const { code, stdout } = runCli(['check', '--format', 'html', SESSION], { cwd: REPO });
    assert.equal(code, 0);
    // Counted by hand from the file's message.usage records, the last line of each message id:
    // opus 3+3,176+15,702 → 96 out; 1+240+18,878 → 61; 3+512+11,916 → 830; haiku (sub-agent) 4+9,120+0 → 40; 2+310+9,120 → 120.
    // "in" is the whole prompt: new + cache write + cache read.
    assert.match(stdout, /<b>Tokens<\/b> 69k in · 1\.15k out · 55\.6k cached · 5 model turns · wall time 2m 38s/);
    // Columns: turns, in, out, cached, cache write.
    assert.deepEqual(usageRows(stdout, 'By model'), [
      ['claude-opus-4-5-20251101', [3, 50431, 987, 46496, 3928]],
      ['claude-haiku-4-5-20251001', [2, 18556, 160, 9120, 9430]],
      ['total', [5, 68987, 1147, 55616, 13358]],
    ]);
    assert.deepEqual(usageRows(stdout, 'By agent'), [
      ['main', [3, 50431, 987, 46496, 3928]],
      ['sub-agent a3f9c2e1', [2, 18556, 160, 9120, 9430]],
    ]);
  });

  it('agrees with groundcheck usage on the same file', () => {
    const html = runCli(['check', '--format', 'html', SESSION], { cwd: REPO }).stdout;
    const usage = JSON.parse(runCli(['usage', '--format', 'json', SESSION], { cwd: REPO }).stdout);
    const t = usage.totals.totals;
    const total = usageRows(html, 'By model').find(([name]) => name === 'total')![1];
    assert.deepEqual(total, [usage.totals.turns, t.input + t.cacheWrite + t.cacheRead, t.output, t.cacheRead, t.cacheWrite]);
  });

  it('says so where the format records no usage, and estimates nothing', () => {
    const { stdout } = runCli(['check', '--format', 'html', 'test/e2e/workspace/openai-chat.json'], { cwd: REPO });
    assert.match(stdout, /<p class="meta usage">Tokens: no usage recorded in this file<\/p>/);
    assert.doesNotMatch(stdout, /<section class="usage"/);
  });

  it('escapes a model name the log gives', async () => {
    const line = JSON.stringify({ type: 'assistant', uuid: 'a', parentUuid: null, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { id: 'm1', model: '<img src=x onerror=alert(1)>', role: 'assistant', content: [{ type: 'text', text: 'Done.' }], usage: { input_tokens: 1, output_tokens: 2 } } });
    const { stdout } = runCli(['check', '--format', 'html', '-'], { cwd: REPO, input: `${line}\n` });
    assert.match(stdout, /<th scope="row">&lt;img src=x onerror=alert\(1\)&gt;<\/th>/);
    assert.doesNotMatch(stdout, /<img src=x/);
  });
});
