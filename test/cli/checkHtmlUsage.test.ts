import { strict as assert } from 'node:assert';
import { buildCli, REPO, runCli } from './harness';

const SESSION = 'test/e2e/workspace/claude-usage-session.jsonl';

/** The rows of the usage table captioned `caption` in the page: name, figures and the cost cell. */
function usageRows(html: string, caption: string): [string, number[], string][] {
  const at = html.indexOf(`<caption>${caption}</caption>`);
  assert.ok(at >= 0, `no "${caption}" table`);
  const table = html.slice(at, html.indexOf('</table>', at));
  return [
    ...table.matchAll(
      /<tr><th scope="row">(?:<b>)?([^<]+)(?:<\/b>)?<\/th>((?:<td>(?:<b>)?[\d,-]+(?:<\/b>)?<\/td>)+)<td>(?:<b>)?([^<]+)(?:<\/b>)?<\/td><\/tr>/g,
    ),
  ].map((m) => [m[1], [...m[2].matchAll(/[\d,]+/g)].map((n) => Number(n[0].replace(/,/g, ''))), m[3]]);
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
    assert.match(stdout, /<b>Tokens<\/b> 69k in · 1\.15k out · 55\.6k cached · 5 model turns · wall time 2m 38s · \$0\.0860/);
    // Columns: turns, in, out, cached, cache write, cost. At the shipped table, per million tokens:
    // opus-4-5 7 × $5 + 987 × $25 + 3,928 × $6.25 + 46,496 × $0.50 = $0.0725; haiku-4-5 6 × $1 + 160 × $5 + 9,430 × $1.25 + 9,120 × $0.10 = $0.0135.
    assert.deepEqual(usageRows(stdout, 'By model'), [
      ['claude-opus-4-5-20251101', [3, 50431, 987, 46496, 3928], '$0.0725'],
      ['claude-haiku-4-5-20251001', [2, 18556, 160, 9120, 9430], '$0.0135'],
      ['total', [5, 68987, 1147, 55616, 13358], '$0.0860'],
    ]);
    assert.deepEqual(usageRows(stdout, 'By agent'), [
      ['main', [3, 50431, 987, 46496, 3928], '$0.0725'],
      ['sub-agent a3f9c2e1', [2, 18556, 160, 9120, 9430], '$0.0135'],
    ]);
    assert.match(stdout, /cost: API-equivalent, at groundcheck's price table of \d{4}-\d{2}-\d{2}\./);
  });

  it('sums the sub-agent files beside a Claude Code session into it, as groundcheck usage does', () => {
    // The same session with its sub-agent in claude-agents-session/subagents/agent-a3f9c2e1.jsonl.
    const { code, stdout } = runCli(['check', '--format', 'html', 'test/e2e/workspace/claude-agents-session.jsonl'], { cwd: REPO });
    assert.equal(code, 0);
    assert.match(stdout, /<b>Tokens<\/b> 69k in · 1\.15k out · 55\.6k cached · 5 model turns · wall time 2m 38s · \$0\.0860/);
    assert.deepEqual(usageRows(stdout, 'By agent'), [
      ['main', [3, 50431, 987, 46496, 3928], '$0.0725'],
      ['sub-agent a3f9c2e1', [2, 18556, 160, 9120, 9430], '$0.0135'],
    ]);
  });

  it('says why a cost is unknown rather than guessing it', () => {
    const line = JSON.stringify({
      type: 'assistant',
      uuid: 'a',
      parentUuid: null,
      sessionId: 's',
      timestamp: '2026-01-01T00:00:00Z',
      message: {
        id: 'm1',
        model: 'deepseek-v4-flash',
        role: 'assistant',
        content: [{ type: 'text', text: 'Done.' }],
        usage: { input_tokens: 1000, output_tokens: 20 },
      },
    });
    const { stdout } = runCli(['check', '--format', 'html', '-'], { cwd: REPO, input: `${line}\n` });
    assert.match(stdout, / · 1 model turn · wall time 0s · cost unknown</);
    assert.deepEqual(usageRows(stdout, 'By model'), [['deepseek-v4-flash', [1, 1000, 20, 0, 0], 'unknown']]);
    assert.match(stdout, /cost unknown: no price for deepseek-v4-flash\./);
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
    const line = JSON.stringify({
      type: 'assistant',
      uuid: 'a',
      parentUuid: null,
      sessionId: 's',
      timestamp: '2026-01-01T00:00:00Z',
      message: {
        id: 'm1',
        model: '<img src=x onerror=alert(1)>',
        role: 'assistant',
        content: [{ type: 'text', text: 'Done.' }],
        usage: { input_tokens: 1, output_tokens: 2 },
      },
    });
    const { stdout } = runCli(['check', '--format', 'html', '-'], { cwd: REPO, input: `${line}\n` });
    assert.match(stdout, /<th scope="row">&lt;img src=x onerror=alert\(1\)&gt;<\/th>/);
    assert.doesNotMatch(stdout, /<img src=x/);
  });
});
