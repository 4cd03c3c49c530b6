import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeLens, Diagnostic } from 'vscode-languageserver-protocol/node';
import { resolveSettings } from '../../server/src/settings';
import { ServerHarness } from './harness';

/**
 * The Claude Code session of usageLens.test.ts. Its calls' tokens (input +
 * output + cache writes + cache reads of each message id's last record),
 * with the running total, counted by hand:
 *   line 4  3 + 96 + 3,176 + 15,702 = 18,977   (18,977)  lens on line 3
 *   line 6  1 + 61 + 240 + 18,878   = 19,180   (38,157)  lens on line 6
 *   line 8  4 + 40 + 9,120 + 0      =  9,164   (47,321)  lens on line 8
 *   line 10 2 + 120 + 310 + 9,120   =  9,552   (56,873)  lens on line 10
 *   line 12 3 + 830 + 512 + 11,916  = 13,261   (70,134)  lens on line 12
 */
const SESSION = fs.readFileSync(path.join(__dirname, '../e2e/workspace/claude-usage-session.jsonl'), 'utf8');

const budgetOnly = (ds: readonly Diagnostic[]) => ds.filter((d) => String(d.code).startsWith('budget-'));

describe('server: budget crossings as diagnostics', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  const lensesOf = async (uri: string) => (await h.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];

  it('shows none without a budget', async () => {
    const uri = h.uriOf('budget-none.jsonl');
    await h.open(uri, SESSION);
    const diagnostics = h.diagnostics.get(uri)?.diagnostics ?? [];
    assert.ok(diagnostics.length > 0, 'the session has findings of its own');
    assert.deepEqual(budgetOnly(diagnostics), []);
  });

  it('puts an information diagnostic on the turn past the soft token budget and a warning on the one past the hard', async () => {
    const uri = h.uriOf('budget-tokens.jsonl');
    await h.open(uri, SESSION);
    const without = h.diagnostics.get(uri)!.diagnostics;
    const rechecked = h.nextChecked(uri, 1);
    await h.configure({ budget: { tokens: { soft: 30000, hard: 50000 } } });
    await rechecked;
    const diagnostics = h.diagnostics.get(uri)!.diagnostics;
    const budget = budgetOnly(diagnostics);
    assert.deepEqual(
      budget.map((d) => [d.range.start.line, d.severity, d.code, d.source, d.message]),
      [
        [
          5,
          3,
          'budget-tokens-soft',
          'groundcheck',
          'this turn takes the session to 38,157 tokens, past its soft budget of 30,000 tokens (claude-opus-4-5-20251101, main)',
        ],
        [
          9,
          2,
          'budget-tokens-hard',
          'groundcheck',
          'this turn takes the session to 56,873 tokens, past its hard budget of 50,000 tokens (claude-haiku-4-5-20251001, sub-agent a3f9c2e1)',
        ],
      ],
    );
    // Each starts where that call's usage lens sits and runs to the end of its line.
    const lenses = (await lensesOf(uri)).filter((l) => l.command?.command === '');
    const lines = SESSION.split('\n');
    for (const d of budget) {
      const lens = lenses.find((l) => l.range.start.line === d.range.start.line);
      assert.deepEqual(d.range.start, lens?.range.start);
      assert.deepEqual(d.range.end, { line: d.range.start.line, character: lines[d.range.start.line].length });
    }
    // Everything else is as it was.
    assert.deepEqual(
      diagnostics.filter((d) => !budget.includes(d)),
      without,
    );
    const again = h.nextChecked(uri, 1);
    await h.configure({});
    await again;
    assert.deepEqual(h.diagnostics.get(uri)!.diagnostics, without);
  });

  it('counts a Claude Code session’s sub-agent files beside it, after its own calls, on its last call', async () => {
    const dir = path.join(__dirname, '../e2e/workspace');
    fs.mkdirSync(path.join(h.workspace, 'budget-agents/subagents'), { recursive: true });
    fs.copyFileSync(
      path.join(dir, 'claude-agents-session/subagents/agent-a3f9c2e1.jsonl'),
      path.join(h.workspace, 'budget-agents/subagents/agent-a3f9c2e1.jsonl'),
    );
    // Its own calls: 18,977 + 19,180 + 13,261 = 51,418 tokens (lenses on lines 3, 6 and 8); the
    // sub-agent file's: 9,164 (60,582) and 9,552 (70,134).
    await h.configure({ budget: { tokens: { soft: 30000, hard: 60000 } } });
    const uri = h.uriOf('budget-agents.jsonl');
    await h.open(uri, fs.readFileSync(path.join(dir, 'claude-agents-session.jsonl'), 'utf8'));
    assert.deepEqual(
      budgetOnly(h.diagnostics.get(uri)!.diagnostics).map((d) => [d.range.start.line, d.severity, d.code, d.message]),
      [
        [5, 3, 'budget-tokens-soft', 'this turn takes the session to 38,157 tokens, past its soft budget of 30,000 tokens (claude-opus-4-5-20251101, main)'],
        [
          7,
          2,
          'budget-tokens-hard',
          'a turn of sub-agent a3f9c2e1 in its own file takes the session to 60,582 tokens, past its hard budget of 60,000 tokens (claude-haiku-4-5-20251001, sub-agent a3f9c2e1)',
        ],
      ],
    );
    await h.close(uri);
    await h.configure({});
  });

  it('appears when an appended line takes the turn past the limit, once the usage is read again', async () => {
    await h.configure({ budget: { tokens: { hard: 70000 } } });
    const lines = SESSION.trimEnd().split('\n');
    const last = JSON.parse(lines[11]);
    // The answer's first block as Claude Code logs it while it streams: 1 output token so far, 69,305 in all.
    const early = structuredClone(last);
    early.message.usage.output_tokens = 1;
    const uri = h.uriOf('budget-growing.jsonl');
    await h.open(uri, `${[...lines.slice(0, 11), JSON.stringify(early)].join('\n')}\n`);
    assert.deepEqual(budgetOnly(h.diagnostics.get(uri)!.diagnostics), []);
    // Its next block, with the 830 output tokens it reached: 70,134 in all.
    const more = {
      ...last,
      uuid: 'a6',
      parentUuid: 'a5',
      message: { ...last.message, content: [{ type: 'tool_use', id: 'toolu_01Done', name: 'Bash', input: { command: 'true' } }] },
    };
    const end = { line: 12, character: 0 };
    const status = await h.change(uri, 2, [{ range: { start: end, end }, text: `${JSON.stringify(more)}\n` }]);
    assert.equal(status.mode, 'append');
    const deadline = Date.now() + 10_000;
    while (budgetOnly(h.diagnostics.get(uri)!.diagnostics).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      budgetOnly(h.diagnostics.get(uri)!.diagnostics).map((d) => [d.range.start.line, d.code, d.message]),
      [[11, 'budget-tokens-hard', 'this turn takes the session to 70,134 tokens, past its hard budget of 70,000 tokens (claude-opus-4-5-20251101, main)']],
    );
    await h.close(uri);
    await h.configure({});
  });
});

describe('settings: budgets', () => {
  it('keeps limits above 0, whole for tokens, and reads anything else as no limit', () => {
    const s = resolveSettings({ budget: { tokens: { soft: 2000000, hard: 1.5 }, cost: { soft: 5.5, hard: -1 } } });
    assert.deepEqual(s.budget, { tokens: { soft: 2000000, hard: null }, cost: { soft: 5.5, hard: null } });
    assert.deepEqual(resolveSettings({ budget: 'lots' }).budget, { tokens: { soft: null, hard: null }, cost: { soft: null, hard: null } });
  });
});
