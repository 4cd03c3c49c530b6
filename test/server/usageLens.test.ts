import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeLens } from 'vscode-languageserver-protocol/node';
import fc from 'fast-check';
import { anchorCalls, countsComeFirst } from '../../server/src/usageLens';
import type { CallCounts } from '../../server/src/fileUsage';
import { OutputLineOrder } from '../../server/src/outputLineOrder';
import type { FileStatus } from '../../shared/protocol/messages';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import { ServerHarness } from './harness';

async function until<T>(what: string, get: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A Claude Code session shaped as the logs are: a response split over a
 * thinking, a text and a tool_use line (output_tokens 8, 8, 96), a Task call,
 * an inline sub-agent on another model, and a final answer. Counted by hand
 * from its `message.usage` records (the last line of each message id):
 *   line 4  opus   3 new + 3,176 cache write + 15,702 cache read, 96 out
 *   line 6  opus   1 + 240 + 18,878, 61 out
 *   line 8  haiku  4 + 9,120 + 0, 40 out (sub-agent a3f9c2e1)
 *   line 10 haiku  2 + 310 + 9,120, 120 out (sub-agent a3f9c2e1)
 *   line 12 opus   3 + 512 + 11,916, 830 out
 */
const SESSION = fs.readFileSync(path.join(__dirname, '../e2e/workspace/claude-usage-session.jsonl'), 'utf8');

function calls(...lines: number[]): CallCounts[] {
  return lines.map((line) => ({ line, model: 'm', agent: 'main', counts: { input: 1, output: 1, cacheWrite: 0, cacheRead: 0, reasoning: null } }));
}

describe('usage lens: which turn a call belongs to', () => {
  it('puts a call beside the first output after the previous call, up to its own record', () => {
    const outputs = [{ line: 2 }, { line: 3 }, { line: 9 }, { line: 11 }];
    const anchors = anchorCalls(outputs, calls(3, 5, 7, 9, 11));
    assert.deepEqual(
      anchors.map((a) => [a.call.line, a.output]),
      [
        [3, 0],
        [5, undefined],
        [7, undefined],
        [9, 2],
        [11, 3],
      ],
    );
  });

  it('with the counts logged first (some Codex rollouts), takes the first output after the record, before the next one', () => {
    // token_count at 10, reasoning at 11, the message at 12; a call that only ran a tool at 20; token_count at 30, message at 32.
    const outputs = [{ line: 12 }, { line: 32 }];
    const anchors = anchorCalls(outputs, calls(10, 20, 30), true);
    assert.deepEqual(
      anchors.map((a) => a.output),
      [0, undefined, 1],
    );
  });

  it('reads the order from a Codex rollout: counts first when an output comes after the last count', () => {
    assert.equal(countsComeFirst('codex', [{ line: 12 }, { line: 34 }], calls(10, 32)), true);
    assert.equal(countsComeFirst('codex', [{ line: 31 }], calls(10, 32)), false);
    // A Claude Code session may end on a reply Claude Code wrote itself, which is no model call.
    assert.equal(countsComeFirst('claude-code', [{ line: 31 }, { line: 40 }], calls(10, 32)), false);
  });

  it('never gives an output written before the previous call to a later one', () => {
    const anchors = anchorCalls([{ line: 4 }], calls(4, 8));
    assert.deepEqual(
      anchors.map((a) => a.output),
      [0, undefined],
    );
  });

  it('finds each call’s anchor through the outputs in line order, kept while outputs are replaced and added', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(40), { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(40)), { maxLength: 4 }),
        fc.array(fc.nat(60), { maxLength: 6 }),
        fc.uniqueArray(fc.nat(60), { maxLength: 8 }),
        fc.boolean(),
        (before, replaced, added, callLines, countsFirst) => {
          const outputs = before.map((line) => ({ line }));
          const order = new OutputLineOrder(outputs);
          const changed = before.length === 0 ? [] : [...new Set(replaced.map(([i]) => i % before.length))];
          replaced.forEach(([i, line]) => {
            if (before.length > 0) outputs[i % before.length] = { line };
          });
          for (const line of added) outputs.push({ line });
          order.grow(outputs, changed, before.length);
          const all = calls(...callLines.sort((a, b) => a - b));
          const anchors = anchorCalls(outputs, all, countsFirst);
          all.forEach((_, i) => assert.equal(order.anchorOf(all, i, countsFirst), anchors[i].output));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('server: a CodeLens per model call with the tokens it spent', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  const lensesOf = async (uri: string) => (await h.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  const usageLenses = (lenses: CodeLens[]) => lenses.filter((l) => l.command?.command === '');

  it('shows each call’s counts on the line of the turn it wrote, beside the grounding lens', async () => {
    const uri = h.uriOf('usage-session.jsonl');
    await h.open(uri, SESSION);
    const lenses = await lensesOf(uri);
    assert.deepEqual(
      usageLenses(lenses).map((l) => [l.range.start.line, l.command?.title]),
      [
        [2, '18.9k in · 96 out · 15.7k cached'],
        // The tool_use-only calls have no turn of their own: their record's line.
        [5, '19.1k in · 61 out · 18.9k cached'],
        [7, '9.12k in · 40 out'],
        [9, '9.43k in · 120 out · 9.12k cached'],
        [11, '12.4k in · 830 out · 11.9k cached'],
      ],
    );
    // Beside: the same position as that turn's grounding lens, right after it.
    const answer = lenses.filter((l) => l.range.start.line === 11);
    assert.equal(answer.length, 2);
    assert.equal(answer[0].command?.command, 'groundcheck.showUnverified');
    assert.deepEqual(answer[1].range, answer[0].range);
  });

  it('gives every figure, the model and the sub-agent in the tooltip', async () => {
    const uri = h.uriOf('usage-session.jsonl');
    const sub = usageLenses(await lensesOf(uri)).find((l) => l.range.start.line === 9);
    assert.equal(
      sub?.command?.tooltip,
      'claude-haiku-4-5-20251001, sub-agent a3f9c2e1: in 9,432 (2 new, 310 written to the cache, 9,120 read from the cache) · out 120 (usage on line 10)',
    );
  });

  it('sends the session totals, per model and per sub-agent, and the wall time with the status', async () => {
    const status = await h.open(h.uriOf('usage-status.jsonl'), SESSION);
    assert.ok(status.usage?.recorded);
    assert.deepEqual(status.usage.totals, { input: 13, output: 1147, cacheWrite: 13358, cacheRead: 55616, reasoning: null });
    assert.deepEqual(
      status.usage.models.map((m) => [m.name, m.turns, m.counts.output]),
      [
        ['claude-opus-4-5-20251101', 3, 987],
        ['claude-haiku-4-5-20251001', 2, 160],
      ],
    );
    assert.deepEqual(
      status.usage.agents?.map((a) => [a.name, a.turns, a.counts.cacheRead]),
      [
        ['main', 3, 46496],
        ['sub-agent a3f9c2e1', 2, 9120],
      ],
    );
    // 09:14:03.120 to 09:16:41.093.
    assert.equal(status.usage.wallMs, 157973);
  });

  it('sums a Claude Code session’s sub-agent file beside it into the totals, as groundcheck usage does, and prices them', async () => {
    // The same session as newer Claude Code writes it: the sub-agent's lines in <session>/subagents/agent-<id>.jsonl.
    const dir = path.join(__dirname, '../e2e/workspace');
    const parent = fs.readFileSync(path.join(dir, 'claude-agents-session.jsonl'), 'utf8');
    fs.mkdirSync(path.join(h.workspace, 'agents-session/subagents'), { recursive: true });
    fs.copyFileSync(
      path.join(dir, 'claude-agents-session/subagents/agent-a3f9c2e1.jsonl'),
      path.join(h.workspace, 'agents-session/subagents/agent-a3f9c2e1.jsonl'),
    );
    const uri = h.uriOf('agents-session.jsonl');
    const status = await h.open(uri, parent);
    assert.ok(status.usage?.recorded);
    // The inline session's figures: the sub-agent's two turns are in, once.
    assert.equal(status.usage.turns, 5);
    assert.deepEqual(status.usage.totals, { input: 13, output: 1147, cacheWrite: 13358, cacheRead: 55616, reasoning: null });
    assert.deepEqual(
      status.usage.agents?.map((a) => [a.name, a.turns, a.counts.cacheRead]),
      [
        ['main', 3, 46496],
        ['sub-agent a3f9c2e1', 2, 9120],
      ],
    );
    // At the shipped table, per million: opus-4-5 7 × $5 + 987 × $25 + 3,928 × $6.25 + 46,496 × $0.50 = $0.072508;
    // haiku-4-5 6 × $1 + 160 × $5 + 9,430 × $1.25 + 9,120 × $0.10 = $0.0135055.
    assert.ok(Math.abs((status.usage.cost?.usd ?? 0) - 0.0860135) < 1e-9, JSON.stringify(status.usage.cost));
    assert.ok(Math.abs((status.usage.agents?.[1].cost?.usd ?? 0) - 0.0135055) < 1e-9);
    assert.equal(status.usage.pricedAt, DEFAULT_PRICES.date);
    // The lenses stay on this file's own lines: its three calls (the first beside its text, the Task call on its record, the answer).
    assert.deepEqual(
      usageLenses(await lensesOf(uri)).map((l) => [l.range.start.line, l.command?.title]),
      [
        [2, '18.9k in · 96 out · 15.7k cached'],
        [5, '19.1k in · 61 out · 18.9k cached'],
        [7, '12.4k in · 830 out · 11.9k cached'],
      ],
    );
  });

  it('follows a response that streams on in lines appended to the file', async () => {
    const lines = SESSION.trimEnd().split('\n');
    const last = JSON.parse(lines[11]);
    const early = structuredClone(last);
    early.message.usage.output_tokens = 1;
    const uri = h.uriOf('usage-growing.jsonl');
    await h.open(uri, [...lines.slice(0, 11), JSON.stringify(early)].join('\n') + '\n');
    assert.equal(usageLenses(await lensesOf(uri)).at(-1)?.command?.title, '12.4k in · 1 out · 11.9k cached');
    // The same message's next block, as Claude Code logs it, with the output count it reached.
    const more = {
      ...last,
      uuid: 'a6',
      parentUuid: 'a5',
      message: { ...last.message, content: [{ type: 'tool_use', id: 'toolu_01Done', name: 'Bash', input: { command: 'true' } }] },
    };
    const end = { line: 12, character: 0 };
    const status = await h.change(uri, 2, [{ range: { start: end, end }, text: `${JSON.stringify(more)}\n` }]);
    assert.equal(status.mode, 'append');
    // The append is checked first; the usage, read from the whole text, follows with the status again.
    let latest: FileStatus | undefined;
    const done = await until('the usage read after the append', () => {
      void h.checked(uri, 2).then((s) => (latest = s));
      return latest?.usage?.recorded && latest.usage.totals.output === 1147 ? latest : undefined;
    });
    assert.equal(done.mode, 'append');
    const lenses = usageLenses(await lensesOf(uri));
    assert.equal(lenses.length, 5, 'one response, one lens');
    assert.deepEqual([lenses.at(-1)?.range.start.line, lenses.at(-1)?.command?.title], [11, '12.4k in · 830 out · 11.9k cached']);
    // The next line appended is reported at once with the usage read since, not the one read when the file was opened.
    const thanks = { ...JSON.parse(lines[0]), uuid: 'u7', parentUuid: 'a6', message: { role: 'user', content: 'Thanks.' } };
    const next = { line: 13, character: 0 };
    const after = await h.change(uri, 3, [{ range: { start: next, end: next }, text: `${JSON.stringify(thanks)}\n` }]);
    assert.equal(after.mode, 'append');
    assert.equal(after.usage?.recorded && after.usage.totals.output, 1147);
  });

  it('reads a large file’s usage after an append once no check has come for a while, keeping the figures read before until then', async function () {
    this.timeout(120_000);
    // The session's turns again and again, each message with an id of its own, past 2 M chars.
    const lines = SESSION.trimEnd().split('\n');
    const copies: string[] = [];
    let k = 0;
    for (; copies.join('\n').length < 2_100_000; k++) {
      copies.push(...lines.map((l) => l.replace(/msg_01Qf7xUsage/g, `msg_${k}_`).replace(/("(?:parentUuid|uuid)":")([^"]+)"/g, `$1$2-${k}"`)));
    }
    const text = `${copies.join('\n')}\n`;
    const uri = h.uriOf('usage-large.jsonl');
    const opened = await h.open(uri, text);
    assert.ok(opened.usage?.recorded);
    const before = opened.usage.totals.output;
    const extra = JSON.parse(lines[11]);
    extra.uuid = 'a-late';
    extra.parentUuid = `a5-${k - 1}`;
    extra.message.id = 'msg_late';
    extra.message.usage.output_tokens = 7;
    const end = { line: copies.length, character: 0 };
    const appended = await h.change(uri, 2, [{ range: { start: end, end }, text: `${JSON.stringify(extra)}\n` }]);
    assert.equal(appended.mode, 'append');
    assert.equal(appended.usage?.recorded && appended.usage.totals.output, before, 'the append is reported at once, with the usage read before');
    const reported = performance.now();
    let latest: FileStatus | undefined;
    const read = await until('the usage read after the append', () => {
      void h.checked(uri, 2).then((s) => (latest = s));
      return latest?.usage?.recorded && latest.usage.totals.output === before + 7 ? latest : undefined;
    });
    assert.equal(read.usage?.recorded && read.usage.turns, opened.usage.turns + 1);
    // Not at once (a read right after the check came 255 ms after its status here) but after a quiet second,
    // less the time the append's status took to reach this busy process.
    assert.ok(performance.now() - reported >= 700, `read ${Math.round(performance.now() - reported)} ms after the append's status`);
    await h.close(uri);
  });

  it('leaves the usage lenses out when groundcheck.usageLens is off, and the grounding lenses in', async () => {
    const uri = h.uriOf('usage-session.jsonl');
    const rechecked = h.nextChecked(uri, 1);
    await h.configure({ usageLens: false });
    await rechecked;
    const lenses = await lensesOf(uri);
    assert.equal(usageLenses(lenses).length, 0);
    assert.ok(lenses.some((l) => l.command?.command === 'groundcheck.showUnverified'));
    const again = h.nextChecked(uri, 1);
    await h.configure({});
    await again;
    assert.equal(usageLenses(await lensesOf(uri)).length, 5);
  });

  it('sends no usage for a file that records none, and no usage lens', async () => {
    const chat = JSON.stringify({
      messages: [
        { role: 'user', content: 'The invoice total is 4860.' },
        { role: 'assistant', content: 'The total is 4860.' },
      ],
    });
    const uri = h.uriOf('chat.json');
    const status = await h.open(uri, chat, 'json');
    assert.equal(status.state, 'checked');
    assert.deepEqual(status.usage && !status.usage.recorded && status.usage.note, 'no usage recorded in this file');
    assert.equal(usageLenses(await lensesOf(uri)).length, 0);
  });
});
