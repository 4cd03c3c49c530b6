import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, REPO, runCli } from './harness';
import { sarifViolations } from './sarifShape';

/**
 * A Claude Code session as Claude Code writes one: a user line, then each
 * response split over a line per content block with the same message id and
 * `output_tokens` growing, tool use and its result in between. Every
 * response carries 100 input, 900 cache write and 9,000 cache read tokens;
 * the three responses end at 100, 200 and 300 output tokens, so the running
 * totals are 10,100, 20,300 and 30,600 tokens.
 */
function claudeSession(model = 'claude-sonnet-4-5-20250929'): string {
  let n = 0;
  let parent: string | null = null;
  const line = (fields: Record<string, unknown>) => {
    const uuid = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const text = JSON.stringify({
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd: '/work/app',
      sessionId: 'b7c1e5a0-1111-4222-8333-944455556666',
      version: '2.0.31',
      uuid,
      timestamp: `2026-01-20T09:00:${String(n).padStart(2, '0')}.000Z`,
      ...fields,
    });
    parent = uuid;
    return text;
  };
  const usage = (output: number) => ({
    input_tokens: 100,
    cache_creation_input_tokens: 900,
    cache_read_input_tokens: 9000,
    output_tokens: output,
    service_tier: 'standard',
  });
  const assistant = (id: string, content: unknown[], output: number) =>
    line({
      type: 'assistant',
      requestId: `req_${id}`,
      message: { id, type: 'message', role: 'assistant', model, content, stop_reason: null, usage: usage(output) },
    });
  return (
    [
      line({ type: 'user', message: { role: 'user', content: 'How many rows does orders.csv have?' } }),
      assistant('msg_01A', [{ type: 'text', text: 'Let me count them.' }], 4),
      assistant('msg_01A', [{ type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'wc -l orders.csv' } }], 100),
      line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '1042 orders.csv' }] } }),
      assistant('msg_01B', [{ type: 'text', text: 'The file has 1042 lines.' }], 200),
      line({ type: 'user', message: { role: 'user', content: 'And without the header?' } }),
      assistant('msg_01C', [{ type: 'text', text: 'Then 1041 data rows.' }], 3),
      assistant('msg_01C', [{ type: 'text', text: 'Then 1041 data rows.' }], 300),
    ].join('\n') + '\n'
  );
}

describe('groundcheck check: budgets', function () {
  this.timeout(60_000);
  let dir: string;
  const raw = claudeSession();
  const lineOf = (n: number) => raw.split('\n')[n - 1];
  const config = (budget: unknown, extra: Record<string, unknown> = {}) =>
    writeFileSync(join(dir, 'groundcheck.config.json'), JSON.stringify({ budget, ...extra }, null, 2));
  const check = (...args: string[]) => runCli(['check', 'session.jsonl', ...args], { cwd: dir });

  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-budget-'));
    writeFileSync(join(dir, 'session.jsonl'), raw);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('notes the turn that crosses a soft token budget and warns at the one that crosses a hard one', () => {
    config({ tokens: { soft: 15_000, hard: 25_000 } });
    const r = check();
    assert.equal(r.code, 0, r.stderr);
    // The second response (line 5) brings the total to 20,300; the third (its last line, 8) to 30,600.
    assert.match(
      r.stdout,
      /^session\.jsonl:5:1: info budget: this turn takes the session to 20,300 tokens, past its soft budget of 15,000 tokens \(claude-sonnet-4-5-20250929, main\)  budget-tokens-soft$/m,
    );
    assert.match(
      r.stdout,
      /^session\.jsonl:8:1: warning budget: this turn takes the session to 30,600 tokens, past its hard budget of 25,000 tokens \(claude-sonnet-4-5-20250929, main\)  budget-tokens-hard$/m,
    );
    assert.match(
      r.stdout,
      /^budgets: 1 warning \(hard limits crossed\), 1 information finding \(soft limits crossed, or turns the cost budget could not price\)$/m,
    );
  });

  it('fails the run with --fail-on budget only when a hard budget is crossed', () => {
    config({ tokens: { soft: 15_000, hard: 25_000 } });
    assert.equal(check('--fail-on', 'budget').code, 1);
    config({ tokens: { soft: 15_000, hard: 40_000 } });
    assert.equal(check('--fail-on', 'budget').code, 0);
    config({ tokens: { hard: 1 } });
    // Levels and budgets together: the outputs here are not flagged, the budget is.
    assert.equal(check('--fail-on', 'ungrounded,budget').code, 1);
    assert.equal(check('--fail-on', 'ungrounded').code, 0);
  });

  it('refuses an unknown --fail-on value with exit code 2', () => {
    const r = check('--fail-on', 'budgets');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /expected partial, ungrounded, budget, or several joined by commas/);
  });

  it('gives JSON Lines a budget record whose range is exactly the usage line', () => {
    config({ tokens: { hard: 25_000 } });
    const records = check('--format', 'json')
      .stdout.split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    const budget = records.filter((x) => x.kind === 'budget');
    assert.equal(budget.length, 1);
    assert.deepEqual(
      { ...budget[0], range: undefined },
      {
        kind: 'budget',
        file: 'session.jsonl',
        line: 8,
        range: undefined,
        rule: 'budget-tokens-hard',
        severity: 'warning',
        message: 'this turn takes the session to 30,600 tokens, past its hard budget of 25,000 tokens',
        model: 'claude-sonnet-4-5-20250929',
        agent: 'main',
        limit: 25_000,
        reached: 30_600,
      },
    );
    assert.equal(raw.slice(budget[0].range[0], budget[0].range[1]), lineOf(8));
    // The output records are still there, before it.
    assert.ok(records.findIndex((x) => x.kind === undefined) < records.indexOf(budget[0]));
  });

  it('lists the crossings at the head of the HTML report and marks the turn that crossed each, as a finding', () => {
    config({ tokens: { soft: 15_000, hard: 25_000 } });
    const r = check('--format', 'html');
    assert.equal(r.code, 0, r.stderr);
    const html = r.stdout;
    const listed = [
      ...html.matchAll(/<li class="(bw|bi)"><a href="#(f0s\d+)">line (\d+)<\/a>: (warning|info) budget: ([^<]*) <code>([\w-]+)<\/code><\/li>/g),
    ].map((m) => ({ cls: m[1], anchor: m[2], line: Number(m[3]), word: m[4], message: m[5], rule: m[6] }));
    assert.deepEqual(
      listed.map(({ cls, line, word, message, rule }) => ({ cls, line, word, message, rule })),
      [
        {
          cls: 'bi',
          line: 5,
          word: 'info',
          message: 'this turn takes the session to 20,300 tokens, past its soft budget of 15,000 tokens (claude-sonnet-4-5-20250929, main)',
          rule: 'budget-tokens-soft',
        },
        {
          cls: 'bw',
          line: 8,
          word: 'warning',
          message: 'this turn takes the session to 30,600 tokens, past its hard budget of 25,000 tokens (claude-sonnet-4-5-20250929, main)',
          rule: 'budget-tokens-hard',
        },
      ],
    );
    // Each link leads to the response that crossed, which carries the rule and stays under the findings filter (class f).
    const turnOf = (anchor: string) =>
      html.match(new RegExp(`<div role="listitem" class="([^"]*)" id="${anchor}"[^>]*><p class="h">(.*?)</p><pre>(.*?)</pre>`))!;
    const soft = turnOf(listed[0].anchor);
    assert.match(soft[1], /\bf\b/);
    assert.match(soft[2], /<strong class="bi" title="[^"]*20,300 tokens[^"]*">budget-tokens-soft<\/strong>/);
    assert.equal(soft[3].replace(/<[^>]*>/g, ''), 'The file has 1042 lines.');
    const hard = turnOf(listed[1].anchor);
    assert.match(hard[2], /<strong class="bw" [^>]*>budget-tokens-hard<\/strong>/);
    assert.equal(hard[3].replace(/<[^>]*>/g, ''), 'Then 1041 data rows.');
    config({ tokens: { soft: 15_000_000 } });
    assert.doesNotMatch(check('--format', 'html').stdout, /class="bud"|budget-tokens/);
  });

  it('reports a budget in SARIF under a budget rule, at the usage line', () => {
    config({ tokens: { soft: 15_000 } });
    const log = JSON.parse(check('--format', 'sarif').stdout);
    assert.deepEqual(sarifViolations(log), []);
    const results = log.runs[0].results.filter((x: { ruleId: string }) => x.ruleId.startsWith('budget-'));
    assert.equal(results.length, 1);
    assert.equal(results[0].ruleId, 'budget-tokens-soft');
    assert.equal(results[0].level, 'note');
    assert.equal(log.runs[0].tool.driver.rules[results[0].ruleIndex].id, 'budget-tokens-soft');
    const region = results[0].locations[0].physicalLocation.region;
    assert.equal(region.startLine, 5);
    assert.equal(raw.slice(region.charOffset, region.charOffset + region.charLength), lineOf(5));
  });

  it('holds a session to a cost budget at the price table’s rates', () => {
    // Sonnet 4.5: $3 in, $15 out, $3.75 cache write, $0.30 cache read per million.
    // Each response costs (100 × 3 + 900 × 3.75 + 9,000 × 0.3) / 1e6 = $0.006375 plus its output: $0.0015, $0.003, $0.0045.
    // Running: $0.007875, $0.017250, $0.028125.
    config({ cost: { soft: 0.01, hard: 0.02 } });
    const r = check();
    assert.match(r.stdout, /^session\.jsonl:5:1: info budget: this turn takes the session to \$0\.02, past its soft budget of \$0\.01 .*budget-cost-soft$/m);
    assert.match(r.stdout, /^session\.jsonl:8:1: warning budget: this turn takes the session to \$0\.03, past its hard budget of \$0\.02 .*budget-cost-hard$/m);
  });

  it('says when the cost budget cannot count a turn whose model has no price, rather than passing it', () => {
    writeFileSync(join(dir, 'unpriced.jsonl'), claudeSession('glm-4.7'));
    config({ cost: { hard: 0.02 } });
    const r = runCli(['check', 'unpriced.jsonl', '--fail-on', 'budget'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /^unpriced\.jsonl:3:1: info budget: the cost budget cannot count this turn or others like it: no price for glm-4\.7 \(add it to "prices" in the config\) \(glm-4\.7, main\)  budget-cost-unpriced$/m,
    );
    // Priced by the config, the same session crosses the hard budget.
    config({ cost: { hard: 0.02 } }, { prices: { 'glm-4.7': { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 } } });
    assert.equal(runCli(['check', 'unpriced.jsonl', '--fail-on', 'budget'], { cwd: dir }).code, 1);
  });

  it('points at a bad budget in the config', () => {
    writeFileSync(
      join(dir, 'groundcheck.config.json'),
      '{\n  "budget": {\n    "tokens": { "soft": 10, "hard": 5 },\n    "cost": { "soft": "1$" },\n    "time": {}\n  }\n}\n',
    );
    const r = check();
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      [
        'groundcheck.config.json:3:15: error: the hard tokens budget (5) is below the soft one (10)',
        'groundcheck.config.json:4:23: error: expected an amount of US dollars above 0, got "1$"',
        'groundcheck.config.json:5:5: error: unknown budget "time" (known: tokens, cost)',
        '',
      ].join('\n'),
    );
  });

  it('checks no budget when none is set', () => {
    writeFileSync(join(dir, 'groundcheck.config.json'), '{}');
    const r = check('--fail-on', 'budget');
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stdout, /budget/);
  });

  /**
   * A real session. Its usage counted by hand: per message id (first seen
   * order), each field's largest value; every token counted (input, output,
   * cache write, cache read). The running total is 99,527 after the fifth
   * response and 120,330 after the sixth (msg_011riRZ4jae5ujtUWHgcaUHu, last
   * line 16); 243,350 after the eleventh and 270,874 after the twelfth
   * (msg_01NodprSCddPv1hRnLFXP8bs, last line 32).
   */
  const real = join(REPO, 'bench/sessions/corpus/claude-code-coverage-fix-4.jsonl');
  (existsSync(real) ? it : it.skip)('crosses budgets on a real Claude Code session where counted by hand', () => {
    writeFileSync(join(dir, 'real.jsonl'), readFileSync(real));
    config({ tokens: { soft: 100_000, hard: 250_000 } });
    const r = runCli(['check', 'real.jsonl', '--format', 'json', '--fail-on', 'budget'], { cwd: dir });
    assert.equal(r.code, 1);
    const budget = r.stdout
      .split('\n')
      .filter((l) => l.includes('"kind":"budget"'))
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      budget.map((b) => [b.rule, b.line, b.reached]),
      [
        ['budget-tokens-soft', 16, 120_330],
        ['budget-tokens-hard', 32, 270_874],
      ],
    );
  });

  /**
   * A real Codex rollout. Counted by hand: `token_count` events with a total
   * not seen before, each adding its `last_token_usage` input (cached
   * included) and output: 4,418 at line 10, 9,036 at line 17, 17,623 at line
   * 24, 26,391 at line 32.
   */
  const rollout = join(REPO, 'bench/sessions/corpus/codex-code-butler-no-spec.jsonl');
  (existsSync(rollout) ? it : it.skip)('crosses budgets on a real Codex rollout where counted by hand', () => {
    writeFileSync(join(dir, 'rollout.jsonl'), readFileSync(rollout));
    config({ tokens: { soft: 9_000, hard: 20_000 } });
    const r = runCli(['check', 'rollout.jsonl', '--fail-on', 'budget'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /^rollout\.jsonl:17:1: info budget: this turn takes the session to 9,036 tokens, past its soft budget of 9,000 tokens \(gpt-5\.1-codex-max, main\)  budget-tokens-soft$/m,
    );
    assert.match(
      r.stdout,
      /^rollout\.jsonl:32:1: warning budget: this turn takes the session to 26,391 tokens, past its hard budget of 20,000 tokens \(gpt-5\.1-codex-max, main\)  budget-tokens-hard$/m,
    );
  });
});
