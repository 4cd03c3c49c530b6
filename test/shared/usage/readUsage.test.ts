import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ledgerTotals } from '../../../shared/usage/ledgerTotals';
import type { SessionUsage, TokenCounts } from '../../../shared/usage/model';
import { readUsage, type ReadLines } from '../../../shared/usage/readUsage';
import { parseTranscript } from '../../../shared/transcript/detect';

const ROOT = path.resolve(__dirname, '../../..');
const CORPUS = path.join(ROOT, 'bench/sessions/corpus');

function usageOf(raw: string, file = 'session.jsonl'): SessionUsage {
  const u = readUsage({ raw, path: file });
  if ('notTranscript' in u) throw new Error(`not read as a session: ${u.reason}`);
  return u;
}

const SESSION = 'sess-1';
function claudeLine(fields: Record<string, unknown>): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    sessionId: SESSION,
    uuid: `u${Math.random()}`,
    timestamp: '2026-01-20T09:00:00.000Z',
    ...fields,
  });
}
function assistant(id: string, usage: Record<string, number>, extra: Record<string, unknown> = {}): string {
  return claudeLine({
    type: 'assistant',
    message: { id, model: 'claude-opus-4-5', role: 'assistant', content: [{ type: 'text', text: 'x' }], usage },
    ...extra,
  });
}

function codexLine(type: string, payload: Record<string, unknown>, timestamp = '2025-11-24T20:00:00.000Z'): string {
  return JSON.stringify({ timestamp, type, payload });
}
function tokenCount(total: number[], last: number[]): string {
  const u = ([input_tokens, cached_input_tokens, output_tokens, reasoning_output_tokens]: number[]) => ({
    input_tokens,
    cached_input_tokens,
    output_tokens,
    reasoning_output_tokens,
    total_tokens: input_tokens + output_tokens,
  });
  return codexLine('event_msg', { type: 'token_count', info: { total_token_usage: u(total), last_token_usage: u(last) } });
}
const CODEX_HEAD = [codexLine('session_meta', { id: 'r1', cwd: '/tmp' }), codexLine('turn_context', { cwd: '/tmp', model: 'gpt-5-codex' })];

describe('usage: Claude Code logs', () => {
  it('counts a response split over several lines once, with its final output count', () => {
    const raw = [
      claudeLine({ type: 'user', message: { role: 'user', content: 'hi' } }),
      assistant('msg_A', { input_tokens: 3, output_tokens: 1, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 }),
      assistant('msg_A', { input_tokens: 3, output_tokens: 40, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 }),
      assistant('msg_A', { input_tokens: 3, output_tokens: 412, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 }),
      assistant('msg_B', { input_tokens: 5, output_tokens: 7, cache_creation_input_tokens: 0, cache_read_input_tokens: 2100 }),
    ].join('\n');
    const u = usageOf(raw);
    assert.equal(u.format, 'claude-code');
    assert.equal(u.turns, 2);
    assert.deepEqual(u.totals, { input: 8, output: 419, cacheWrite: 100, cacheRead: 4100, reasoning: null });
    assert.deepEqual(
      u.calls.map((c) => c.line),
      [4, 5],
    );
  });

  it('keeps a field’s largest value when a later line of the response logs less', () => {
    const raw = [assistant('msg_A', { input_tokens: 17217, output_tokens: 1 }), assistant('msg_A', { input_tokens: 17217, output_tokens: 0 })].join('\n');
    assert.deepEqual(usageOf(raw).totals, { input: 17217, output: 1, cacheWrite: 0, cacheRead: 0, reasoning: null });
  });

  it('groups by model and by sub-agent, and leaves out responses Claude Code wrote itself', () => {
    const raw = [
      assistant('msg_A', { input_tokens: 10, output_tokens: 20 }),
      assistant('msg_S', { input_tokens: 1, output_tokens: 2 }, { isSidechain: true, agentId: 'a7' }),
      claudeLine({
        type: 'assistant',
        message: { id: 'msg_H', model: 'claude-haiku-4-5', role: 'assistant', content: [], usage: { input_tokens: 4, output_tokens: 4 } },
      }),
      claudeLine({
        type: 'assistant',
        message: { id: 'msg_X', model: '<synthetic>', role: 'assistant', content: [], usage: { input_tokens: 0, output_tokens: 0 } },
      }),
    ].join('\n');
    const u = usageOf(raw);
    assert.deepEqual(
      u.groups.map((g) => [g.agent, g.model, g.turns, g.counts.output]),
      [
        ['main', 'claude-opus-4-5', 1, 20],
        ['sub-agent a7', 'claude-opus-4-5', 1, 2],
        ['main', 'claude-haiku-4-5', 1, 4],
      ],
    );
    assert.deepEqual(u.models, ['claude-opus-4-5', 'claude-haiku-4-5']);
    assert.equal(u.turns, 3);
  });

  it('reports a malformed line with its line number and counts the others', () => {
    const raw = [
      assistant('msg_A', { input_tokens: 10, output_tokens: 20 }),
      '{"type":"assistant",',
      assistant('msg_B', { input_tokens: 1, output_tokens: 2 }),
    ].join('\n');
    const u = usageOf(raw);
    assert.equal(u.errors.length, 1);
    assert.equal(u.errors[0].line, 2);
    assert.equal(u.totals?.output, 22);
  });

  it('gives wall time from the earliest to the latest timestamp', () => {
    const at = (timestamp: string, id: string) =>
      claudeLine({ type: 'assistant', timestamp, message: { id, model: 'm', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 1 } } });
    const u = usageOf([at('2026-01-20T09:00:05.000Z', 'a'), at('2026-01-20T09:00:00.000Z', 'b'), at('2026-01-20T10:02:00.500Z', 'c')].join('\n'));
    assert.equal(u.wallMs, 3_720_500);
    assert.equal(u.firstTimestamp, '2026-01-20T09:00:00.000Z');
  });
});

describe('usage: Codex rollouts', () => {
  it('takes the last running total, counting a repeated event once per turn', () => {
    const raw = [
      ...CODEX_HEAD,
      codexLine('event_msg', { type: 'token_count', info: null }),
      tokenCount([4387, 3072, 31, 0], [4387, 3072, 31, 0]),
      tokenCount([4387, 3072, 31, 0], [4387, 3072, 31, 0]),
      tokenCount([9000, 7000, 131, 64], [4613, 3928, 100, 64]),
    ].join('\n');
    const u = usageOf(raw, 'rollout.jsonl');
    assert.equal(u.format, 'codex');
    assert.equal(u.turns, 2);
    // OpenAI's input includes cached tokens: 9000 - 7000 were not read from the cache.
    assert.deepEqual(u.totals, { input: 2000, output: 131, cacheWrite: null, cacheRead: 7000, reasoning: 64 });
    assert.deepEqual(u.models, ['gpt-5-codex']);
    assert.deepEqual(
      u.calls.map((c) => c.counts.output),
      [31, 100],
    );
  });

  it('adds a review’s own counter to the session’s, and does not count the main counter’s return twice', () => {
    const raw = [
      ...CODEX_HEAD,
      tokenCount([1000, 0, 10, 0], [1000, 0, 10, 0]),
      // A review starts its own count from zero…
      tokenCount([300, 0, 5, 0], [300, 0, 5, 0]),
      tokenCount([700, 0, 9, 0], [400, 0, 4, 0]),
      // …then the main counter is logged again where it stood, and goes on.
      tokenCount([1000, 0, 10, 0], [1000, 0, 10, 0]),
      tokenCount([2500, 0, 30, 0], [1500, 0, 20, 0]),
    ].join('\n');
    const u = usageOf(raw, 'rollout.jsonl');
    assert.equal(u.turns, 4);
    assert.deepEqual(u.totals, { input: 3200, output: 39, cacheWrite: null, cacheRead: 0, reasoning: 0 });
  });

  it('says so when a rollout logs no token counts', () => {
    const u = usageOf(
      [...CODEX_HEAD, codexLine('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] })].join('\n'),
      'rollout.jsonl',
    );
    assert.equal(u.recorded, false);
    assert.equal(u.totals, null);
    assert.equal(u.note, 'no usage recorded in this file');
  });
});

describe('usage: Gemini CLI sessions', () => {
  const head = { sessionId: 's1', projectHash: 'p1', startTime: '2026-01-05T09:00:00.000Z', lastUpdated: '2026-01-05T09:00:00.000Z', kind: 'main' };
  const gemini = (id: string, tokens: Record<string, number>, extra: Record<string, unknown> = {}) => ({
    id,
    timestamp: '2026-01-05T09:00:05.000Z',
    type: 'gemini',
    content: 'ok',
    model: 'gemini-2.5-pro',
    tokens,
    ...extra,
  });
  const first = gemini('g1', { input: 900, output: 20, cached: 300, thoughts: 40, tool: 10, total: 970 });
  const messages = [
    { id: 'u1', timestamp: '2026-01-05T09:00:01.000Z', type: 'user', content: [{ text: 'Run the tests.' }] },
    first,
    // The same message written again once its tool calls were added: one call, counted once.
    { ...first, toolCalls: [{ id: 't1', name: 'run_shell_command', args: { command: 'npm test' }, status: 'success' }] },
    gemini('g2', { input: 1200, output: 30, cached: 0, thoughts: 0, tool: 0, total: 1230 }, { timestamp: '2026-01-05T09:01:05.000Z' }),
  ];

  it('counts each message once, the cached prompt apart and the thinking as output, in both layouts', () => {
    const expected = { input: 600 + 10 + 1200, output: 20 + 40 + 30, cacheRead: 300, cacheWrite: null, reasoning: 40 };
    const lines = usageOf([head, ...messages, { $set: { lastUpdated: '2026-01-05T09:01:06.000Z' } }].map((m) => JSON.stringify(m)).join('\n'));
    assert.equal(lines.format, 'gemini-cli');
    assert.equal(lines.turns, 2);
    assert.deepEqual(lines.totals, expected);
    assert.equal(lines.calls[0].line, 4, 'the message is read from its latest record');
    const document = usageOf(JSON.stringify({ ...head, messages }, null, 2), 'session.json');
    assert.equal(document.turns, 2);
    assert.deepEqual(document.totals, expected);
  });
});

describe('usage: Cline UI logs', () => {
  const req = (ts: number, fields: Record<string, unknown>, modelId?: string) => ({
    ts,
    type: 'say',
    say: 'api_req_started',
    text: JSON.stringify({ request: '<task>x</task>', ...fields }),
    ...(modelId ? { modelInfo: { providerId: 'anthropic', modelId, mode: 'act' } } : {}),
  });
  const figures = (i: number, o: number, w: number, r: number) => ({ tokensIn: i, tokensOut: o, cacheWrites: w, cacheReads: r, cost: 0.01 });

  it('counts each request’s figures, a request billed before it failed included, and wall time from ts', () => {
    const log = [
      { ts: 1_000, type: 'say', say: 'task', text: 'fix it' },
      req(2_000, figures(10, 275, 5131, 6372), 'claude-opus-4-5'),
      { ts: 2_500, type: 'say', say: 'text', text: 'done' },
      req(3_000, { ...figures(10, 1, 12893, 81801), cancelReason: 'streaming_failed' }, 'claude-opus-4-5'),
      req(4_000, { ...figures(0, 0, 0, 0), cancelReason: 'streaming_failed' }, 'claude-opus-4-5'),
      { ts: 4_500, type: 'say', say: 'api_req_retried' },
      req(5_000, { request: 'still streaming' }, 'claude-opus-4-5'),
      { ts: 61_000, type: 'ask', ask: 'completion_result', text: '' },
    ];
    const u = usageOf(JSON.stringify(log), 'ui_messages.json');
    assert.equal(u.format, 'cline');
    // The failed request with no figures and the one still streaming are no turns.
    assert.equal(u.turns, 2);
    assert.deepEqual(u.totals, { input: 20, output: 276, cacheWrite: 18024, cacheRead: 88173, reasoning: null });
    assert.deepEqual(u.models, ['claude-opus-4-5']);
    assert.equal(u.wallMs, 60_000);
    assert.equal(u.firstTimestamp, new Date(1_000).toISOString());
  });

  it('reads older logs’ figures from api_req_finished, and spent figures of deleted requests', () => {
    const log = [
      req(1_000, {}),
      { ts: 2_000, type: 'say', say: 'api_req_finished', text: JSON.stringify(figures(900, 40, 0, 0)) },
      { ts: 3_000, type: 'say', say: 'deleted_api_reqs', text: JSON.stringify({ tokensIn: 50, tokensOut: 5, cacheWrites: 7, cacheReads: 0, cost: 0.001 }) },
      { ts: 4_000, type: 'say', say: 'deleted_api_reqs', text: JSON.stringify({ tokensIn: 0, tokensOut: 0, cost: 0 }) },
    ];
    const u = usageOf(JSON.stringify(log), 'ui_messages.json');
    assert.equal(u.turns, 2);
    assert.deepEqual(u.totals, { input: 950, output: 45, cacheWrite: 7, cacheRead: 0, reasoning: null });
    // Neither names the model.
    assert.deepEqual(u.models, ['unknown']);
  });

  it('says a task history without its UI log records its usage there', () => {
    const u = usageOf(JSON.stringify([{ role: 'user', content: [{ type: 'text', text: '<task>\nfix\n</task>' }] }]), 'api_conversation_history.json');
    assert.equal(u.format, 'cline');
    assert.equal(u.recorded, false);
    assert.match(u.note ?? '', /ui_messages\.json beside this file/);
  });
});

describe('usage: formats without usage', () => {
  it('says the format records none instead of estimating', () => {
    const raw =
      '<!-- Generated by SpecStory -->\n\n# Fix the build (2025-05-01 10:00Z)\n\n_**User**_\n\nWhy does it fail?\n\n---\n\n_**Assistant**_\n\nThe import path is wrong.\n';
    const u = usageOf(raw, 'history.md');
    assert.equal(u.format, 'specstory');
    assert.equal(u.recorded, false);
    assert.equal(u.totals, null);
    assert.equal(u.note, 'no usage recorded in this format');
  });
});

describe('usage: totals over several files', () => {
  it('counts a response that two files log once, and wall time as the union of spans', () => {
    const main = usageOf(
      [
        claudeLine({
          type: 'assistant',
          timestamp: '2026-01-20T09:00:00.000Z',
          message: { id: 'msg_M', model: 'm', role: 'assistant', content: [], usage: { input_tokens: 10, output_tokens: 10 } },
        }),
        claudeLine({
          type: 'assistant',
          timestamp: '2026-01-20T09:10:00.000Z',
          isSidechain: true,
          message: { id: 'msg_S', model: 'm', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 3 } },
        }),
      ].join('\n'),
    );
    const agent = usageOf(
      claudeLine({
        type: 'assistant',
        timestamp: '2026-01-20T09:05:00.000Z',
        isSidechain: true,
        message: { id: 'msg_S', model: 'm', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 250 } },
      }),
    );
    const t = ledgerTotals([main, agent]);
    assert.equal(t.turns, 2);
    assert.equal(t.sharedCalls, 1);
    assert.deepEqual(t.totals, { input: 11, output: 260, cacheWrite: 0, cacheRead: 0, reasoning: null });
    assert.equal(t.wallMs, 10 * 60_000);
  });
});

/**
 * Real sessions, each reduced here a second, independent way from its raw
 * records, and pinned to figures counted once by a separate script over the
 * same files (noted per session).
 */
describe('usage: real sessions', () => {
  const lines = (file: string) =>
    readFileSync(path.join(CORPUS, file), 'utf8')
      .split('\n')
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, any>];
        } catch {
          return [];
        }
      });

  /** Every response id's largest figure per field, summed (responses without an id count alone). */
  function claudeByHand(file: string): { turns: number; totals: number[] } {
    const best: Record<string, number[]> = {};
    lines(file).forEach((v, n) => {
      const m = v.message;
      if (v.type !== 'assistant' || !m?.usage || m.model === '<synthetic>') return;
      const id = typeof m.id === 'string' ? m.id : `line ${n}`;
      const figures = [m.usage.input_tokens, m.usage.output_tokens, m.usage.cache_creation_input_tokens, m.usage.cache_read_input_tokens].map((x) => x ?? 0);
      best[id] = (best[id] ?? [0, 0, 0, 0]).map((x, k) => Math.max(x, figures[k]));
    });
    const all = Object.values(best);
    return { turns: all.length, totals: [0, 1, 2, 3].map((k) => all.reduce((s, f) => s + f[k], 0)) };
  }

  /** Each distinct running total marks one response: their `last_token_usage`, summed. */
  function codexByHand(file: string): { turns: number; totals: number[] } {
    const seen = new Set<string>();
    const sums = [0, 0, 0, 0];
    for (const v of lines(file)) {
      const info = v.type === 'event_msg' && v.payload?.type === 'token_count' ? v.payload.info : null;
      if (!info) continue;
      const key = JSON.stringify(info.total_token_usage);
      if (seen.has(key)) continue;
      seen.add(key);
      const l = info.last_token_usage;
      [l.input_tokens - l.cached_input_tokens, l.output_tokens, l.cached_input_tokens, l.reasoning_output_tokens].forEach((x, k) => (sums[k] += x));
    }
    return { turns: seen.size, totals: sums };
  }

  /**
   * Every api_req_started and deleted_api_reqs message's figures, summed as Cline's own task total sums them;
   * a turn is one of them with a nonzero figure. The same as
   * `jq '[.[] | select(.say=="api_req_started" or .say=="deleted_api_reqs") | .text | fromjson] | [map(.tokensIn // 0), map(.tokensOut // 0), map(.cacheWrites // 0), map(.cacheReads // 0)] | map(add)'`.
   */
  function clineByHand(file: string): { turns: number; totals: number[] } {
    const all = JSON.parse(readFileSync(path.join(CORPUS, file), 'utf8')) as Array<Record<string, any>>;
    const reqs = all.filter((m) => m.say === 'api_req_started' || m.say === 'deleted_api_reqs').map((m) => JSON.parse(m.text));
    const totals = ['tokensIn', 'tokensOut', 'cacheWrites', 'cacheReads'].map((k) => reqs.reduce((s, r) => s + (r[k] ?? 0), 0));
    return { turns: reqs.filter((r) => r.tokensIn || r.tokensOut || r.cacheWrites || r.cacheReads).length, totals };
  }

  const claude = (t: TokenCounts | null) => (t ? [t.input, t.output, t.cacheWrite, t.cacheRead] : []);
  const codex = (t: TokenCounts | null) => (t ? [t.input, t.output, t.cacheRead, t.reasoning] : []);

  const cases: Array<{
    file: string;
    why: string;
    turns: number;
    totals: number[];
    wallMs?: number;
    agent?: string;
    pick: (t: TokenCounts | null) => unknown[];
    byHand: (f: string) => { turns: number; totals: number[] };
  }> = [
    // 14 response ids over 21 usage lines; figures constant within each id. Wall: 09:29:56.539 to 09:54:06.394.
    {
      file: 'claude-code-coverage-fix-4.jsonl',
      why: 'split responses',
      turns: 14,
      totals: [76, 226, 19897, 306656],
      wallMs: 1_449_855,
      pick: claude,
      byHand: claudeByHand,
    },
    // 20 responses through a proxy whose second line of each logs output_tokens 0 after 1; no cache fields.
    {
      file: 'claude-code-bohack-danmaku-timer.jsonl',
      why: 'a later line logging less',
      turns: 20,
      totals: [519858, 3217, 0, 0],
      pick: claude,
      byHand: claudeByHand,
    },
    // 223 response ids, 129 of whose lines grow output_tokens (e.g. msg_01MBbAmcL7ZKuX9S89jSz1YG: 5 … 696).
    {
      file: 'claude-code-hive-mind-queen.jsonl',
      why: 'streaming output counts',
      turns: 223,
      totals: [16095, 47884, 1575443, 20196892],
      pick: claude,
      byHand: claudeByHand,
    },
    // A sub-agent's own file: every line isSidechain with agentId af058e4abbac005ae; 4 ids over 22 lines.
    {
      file: 'claude-code-subagent-vllm-read-python.jsonl',
      why: 'a sub-agent file',
      turns: 4,
      totals: [24, 843, 26157, 42044],
      wallMs: 87_325,
      agent: 'sub-agent af058e4abbac005ae',
      pick: claude,
      byHand: claudeByHand,
    },
    // 8 token_count events, 1 with info null, each other logged twice: 4 responses. Last total: 25922 in (18944 cached), 469 out (320 reasoning).
    {
      file: 'codex-code-butler-no-spec.jsonl',
      why: 'repeated events',
      turns: 4,
      totals: [25922 - 18944, 469, 18944, 320],
      wallMs: 146_669,
      pick: codex,
      byHand: codexByHand,
    },
    // A review at line 211 counts from zero to 193803 in (154624 cached), 5415 out (4736 reasoning) by line 263;
    // the main counter returns at line 272 and ends at 1163666 in (973568 cached), 20236 out (12672 reasoning).
    {
      file: 'codex-vibe-template-rbac-phase4.jsonl',
      why: 'a review counter',
      turns: 55,
      totals: [1357469 - 1128192, 25651, 1128192, 17408],
      pick: codex,
      byHand: codexByHand,
    },
    // The counter restarts at line 333 (2306201 → 66027 total) and ends at line 441: 2280287 + 886183 in, 2013312 + 819328 cached, 25914 + 16568 out.
    {
      file: 'codex-cpolar-connect-status-offline.jsonl',
      why: 'a counter restarted',
      turns: 69,
      totals: [3166470 - 2832640, 42482, 2832640, 24192],
      pick: codex,
      byHand: codexByHand,
    },
    // Cline UI logs (bench/sessions/USAGE_SOURCES.json). 24 api_req_started, each with figures; ts 1770482470358 to 1770484758475.
    {
      file: 'cline-ui-xray-jira-panel.json',
      why: 'a Cline task',
      turns: 24,
      totals: [240, 11035, 72182, 1038797],
      wallMs: 2_288_117,
      pick: claude,
      byHand: clineByHand,
    },
    // 53 requests; one failed mid-stream (streaming_failed) after 10 in, 1 out, 12893 written and 81801 read were billed, and counts.
    {
      file: 'cline-ui-xray-conversation-history.json',
      why: 'a billed failed request',
      turns: 53,
      totals: [530, 51905, 1346804, 5349183],
      wallMs: 9_161_382,
      pick: claude,
      byHand: clineByHand,
    },
    // 31 requests, 7 of them failed with every figure 0 (33 retries logged apart), and 2 deleted_api_reqs of 0: 24 turns over two models.
    {
      file: 'cline-ui-fineye-grok.json',
      why: 'failed, retried and deleted requests',
      turns: 24,
      totals: [144404, 4086, 0, 632838],
      wallMs: 3_583_479,
      pick: claude,
      byHand: clineByHand,
    },
    // 61 requests, one cancelled by the user before any figure (all 0); no modelInfo in this older log.
    {
      file: 'cline-ui-mcp-vscode-server.json',
      why: 'a log naming no model',
      turns: 60,
      totals: [0, 23260, 256586, 3066304],
      wallMs: 3_876_084,
      pick: claude,
      byHand: clineByHand,
    },
  ];
  const present = existsSync(CORPUS) ? cases.filter((c) => existsSync(path.join(CORPUS, c.file))) : [];
  if (present.length > 0)
    for (const c of cases.filter((x) => !present.includes(x))) it.skip(`${c.file}: not in bench/sessions/corpus (npm run sessions:corpus)`);
  for (const c of present) {
    it(`reads ${c.file} (${c.why}) as counted by hand`, () => {
      const u = usageOf(readFileSync(path.join(CORPUS, c.file), 'utf8'), c.file);
      const byHand = c.byHand(c.file);
      assert.deepEqual(c.pick(u.totals), byHand.totals);
      assert.deepEqual(c.pick(u.totals), c.totals);
      assert.equal(u.turns, byHand.turns);
      assert.equal(u.turns, c.turns);
      if (c.wallMs !== undefined) assert.equal(u.wallMs, c.wallMs);
      if (c.agent !== undefined)
        assert.deepEqual(
          u.groups.map((g) => g.agent),
          [c.agent],
        );
      assert.deepEqual(u.errors, []);
    });
  }

  const withAgents = 'claude-code-vllm-enterprise-chat-cli.jsonl';
  if (existsSync(path.join(CORPUS, withAgents))) {
    it(`names the sub-agents ${withAgents} holds only as progress copies, and counts none of their figures`, () => {
      const u = usageOf(readFileSync(path.join(CORPUS, withAgents), 'utf8'), withAgents);
      // agent_progress lines with usage name af058e4abbac005ae (then a16a5dff5d3494f25); every assistant line is the main agent's.
      assert.deepEqual(u.progressOnlyAgents, ['sub-agent af058e4abbac005ae', 'sub-agent a16a5dff5d3494f25']);
      assert.deepEqual(
        u.groups.map((g) => g.agent),
        ['main'],
      );
      assert.deepEqual(claude(u.totals), claudeByHand(withAgents).totals);
    });
  }
  if (present.length === 0) it.skip('real sessions: bench/sessions/corpus is not fetched (npm run sessions:corpus)');
});

describe('usage: from the lines a check already parsed', () => {
  const FIXTURES = path.join(ROOT, 'test/fixtures/transcripts');
  const withMalformedLine = [
    assistant('msg_A', { input_tokens: 10, output_tokens: 20 }),
    '{"type":"assistant",',
    assistant('msg_B', { input_tokens: 1, output_tokens: 2 }),
  ].join('\n');
  const sessions: { name: string; raw: string; file: string }[] = [
    ...[
      'claude-code/session.jsonl',
      'codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl',
      'codex-exec/exec.jsonl',
      'gemini-cli/session-2026-01-05T09-12-3f9a1c2e.jsonl',
    ].map((name) => ({ name, raw: readFileSync(path.join(FIXTURES, name), 'utf8'), file: path.join(FIXTURES, name) })),
    { name: 'a Claude Code session with a malformed line', raw: withMalformedLine, file: 'session.jsonl' },
  ];

  /** The lines the transcript parser hands on while it parses `raw`. */
  function parsedLines(raw: string, file: string): ReadLines {
    let read: ReadLines | undefined;
    parseTranscript({ raw, path: file, onJsonLines: (lines, format, errors) => (read = { lines, format, errors: [...errors] }) });
    if (!read) throw new Error('the parser read no JSON Lines');
    return read;
  }

  for (const s of sessions) {
    it(`gives the same usage as reading the text, for ${s.name}`, () => {
      assert.deepEqual(readUsage({ raw: s.raw, path: s.file, lines: parsedLines(s.raw, s.file) }), readUsage({ raw: s.raw, path: s.file }));
    });
  }

  it('does not parse the lines a second time', () => {
    const raw = readFileSync(path.join(FIXTURES, 'claude-code/session.jsonl'), 'utf8');
    const lines = parsedLines(raw, 'session.jsonl');
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed++;
      return parse(...args);
    };
    try {
      readUsage({ raw, path: 'session.jsonl', lines });
    } finally {
      JSON.parse = parse;
    }
    // Recognising the file as JSON Lines reads its first line; nothing else is parsed.
    assert.ok(lines.lines.length > 5);
    assert.ok(parsed <= 1, `${parsed} JSON.parse calls`);
  });

  it('reads the text when the lines given are of another format than the one recognised', () => {
    const raw = readFileSync(path.join(FIXTURES, 'claude-code/session.jsonl'), 'utf8');
    const lines = { ...parsedLines(raw, 'session.jsonl'), format: 'codex' };
    assert.deepEqual(readUsage({ raw, path: 'session.jsonl', lines }), readUsage({ raw, path: 'session.jsonl' }));
  });
});
