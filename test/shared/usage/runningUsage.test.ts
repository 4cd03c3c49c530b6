import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readJsonLines } from '../../../shared/transcript/json/jsonLines';
import type { ParseError } from '../../../shared/transcript/model';
import { IDLE_GAP_MS, perModel, summarise, type UsageLine } from '../../../shared/usage/model';
import { usageOfLines } from '../../../shared/usage/readUsage';
import { RunningUsage } from '../../../shared/usage/runningUsage';

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURES = [
  ['claude-code', 'test/e2e/workspace/claude-usage-session.jsonl'],
  ['claude-code', 'test/e2e/workspace/claude-agents-session.jsonl'],
  ['codex', 'test/fixtures/transcripts/codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl'],
  ['codex-exec', 'test/fixtures/transcripts/codex-exec/exec.jsonl'],
  ['gemini-cli', 'test/fixtures/transcripts/gemini-cli/session-2026-01-05T09-12-3f9a1c2e.jsonl'],
] as const;

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 20, 9, 0, 0) + minutes * 60_000).toISOString();
const claude = (minutes: number, id: string, model: string, usage: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'assistant', sessionId: 's-1', timestamp: at(minutes), isSidechain: false, message: { id, model, usage }, ...extra });

/**
 * A Claude Code log whose lines change what came before: a response logged
 * three times (its counts growing, then a proxy's zero, a one-hour cache
 * write on the second), a sub-agent's response stamped before everything
 * (a resumed session), a progress copy, a synthetic response, an hour away,
 * a timestamp that is no date, and a record stamped between two others.
 */
const CLAUDE = [
  JSON.stringify({ type: 'user', sessionId: 's-1', timestamp: at(10) }),
  claude(10.1, 'a', 'claude-sonnet-4-5', { input_tokens: 3, output_tokens: 1, cache_read_input_tokens: 900 }),
  claude(10.2, 'a', 'claude-sonnet-4-5', {
    input_tokens: 3,
    output_tokens: 40,
    cache_read_input_tokens: 900,
    cache_creation_input_tokens: 50,
    cache_creation: { ephemeral_1h_input_tokens: 50 },
  }),
  JSON.stringify({
    type: 'progress',
    timestamp: at(10.3),
    data: { type: 'agent_progress', agentId: 'x1', message: { message: { usage: { output_tokens: 1 } } } },
  }),
  claude(0, 'b', 'claude-haiku-4-5', { input_tokens: 7, output_tokens: 9 }, { isSidechain: true, agentId: 'x2' }),
  claude(10.4, 'a', 'claude-sonnet-4-5', { input_tokens: 3, output_tokens: 0, cache_read_input_tokens: 900 }),
  claude(10.5, 'c', '<synthetic>', { input_tokens: 0, output_tokens: 0 }),
  claude(11, 'd', 'claude-sonnet-4-5', { input_tokens: 5, output_tokens: 12 }),
  claude(70, 'e', 'claude-opus-4-5', { input_tokens: 1, output_tokens: 2 }),
  JSON.stringify({ type: 'user', sessionId: 's-1', timestamp: 'yesterday' }),
  claude(10.05, 'f', 'claude-opus-4-5', { input_tokens: 1, output_tokens: 2 }),
].join('\n');

/** A Gemini CLI log whose message written again names another model, and one that starts to record thoughts. */
const gemini = (id: string, model: string, tokens: Record<string, number>, minutes: number) =>
  JSON.stringify({ type: 'gemini', id, model, tokens, timestamp: at(minutes) });
const GEMINI = [
  gemini('g1', 'gemini-2.5-pro', { input: 100, output: 10, cached: 20 }, 0),
  gemini('g2', 'gemini-2.5-flash', { input: 50, output: 5 }, 1),
  gemini('g1', 'gemini-2.5-flash', { input: 100, output: 30, cached: 20, thoughts: 7 }, 2),
  gemini('g3', 'gemini-2.5-pro', { input: 10, output: 1 }, 3),
].join('\n');

/** What the usage of `lines` must be, added up from the calls the whole read gives, as the usage read added it up before it ran on. */
function expected(format: string, lines: readonly UsageLine[]) {
  const calls = usageOfLines(format, lines)?.calls ?? [];
  const { groups, totals, models } = summarise(calls);
  const times = lines
    .map((l) => (l.value as { timestamp?: unknown }).timestamp)
    .filter((t): t is string => typeof t === 'string')
    .map((t) => ({ t, ms: Date.parse(t) }))
    .filter(({ ms }) => !Number.isNaN(ms));
  const sorted = times.map((x) => x.ms).sort((a, b) => a - b);
  let active = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i] - sorted[i - 1] <= IDLE_GAP_MS) active += sorted[i] - sorted[i - 1];
  const first = times.reduce<(typeof times)[number] | undefined>((best, x) => (!best || x.ms < best.ms ? x : best), undefined);
  const last = times.reduce<(typeof times)[number] | undefined>((best, x) => (!best || x.ms > best.ms ? x : best), undefined);
  return {
    turns: calls.length,
    calls,
    ...(calls.length > 0 ? { groups, models, byModel: perModel(groups) } : {}),
    ...(format === 'codex' || calls.length === 0 ? {} : { totals }),
    ...(first && last ? { firstTimestamp: first.t, lastTimestamp: last.t, wallMs: last.ms - first.ms, activeMs: active } : {}),
    times: sorted,
  };
}

function linesOf(raw: string): { lines: UsageLine[]; errors: ParseError[] } {
  const errors: ParseError[] = [];
  return { lines: readJsonLines(raw, errors), errors };
}

describe('usage added up a line at a time', () => {
  const logs: Array<[string, string, string]> = [
    ...FIXTURES.map(([format, file]): [string, string, string] => [format, path.basename(file), readFileSync(path.join(ROOT, file), 'utf8')]),
    ['claude-code', 'a Claude Code log whose lines change calls before them', CLAUDE],
    ['gemini-cli', 'a Gemini CLI log whose message written again moves to another model', GEMINI],
  ];
  for (const [format, name, raw] of logs) {
    it(`after every line, equals the sums of the calls the lines so far give (${name})`, () => {
      const { lines, errors } = linesOf(raw);
      const running = RunningUsage.of(format)!;
      running.addErrors(errors);
      let changes = 0;
      for (let n = 1; n <= lines.length; n++) {
        running.add(lines[n - 1]);
        const { usage, times } = running.read();
        const want = expected(format, lines.slice(0, n));
        const got = {
          turns: usage.turns,
          calls: usage.calls,
          ...(usage.calls.length > 0 ? { groups: usage.groups, models: usage.models, byModel: usage.byModel } : {}),
          ...(format === 'codex' || usage.calls.length === 0 ? {} : { totals: usage.totals }),
          ...(usage.firstTimestamp !== undefined
            ? { firstTimestamp: usage.firstTimestamp, lastTimestamp: usage.lastTimestamp, wallMs: usage.wallMs, activeMs: usage.activeMs }
            : {}),
          times,
        };
        assert.deepEqual(got, want, `after line ${n}`);
        const changed = running.takeChanged();
        if (changed.some((i) => i < usage.calls.length - 1)) changes++;
      }
      if (name.startsWith('a ')) assert.ok(changes > 0, 'a line changed a call read before');
    });
  }

  it('names the sub-agents only copied in progress lines, until their own calls are counted', () => {
    const running = RunningUsage.of('claude-code')!;
    const { lines } = linesOf(CLAUDE);
    for (const line of lines.slice(0, 4)) running.add(line);
    assert.deepEqual(running.read().usage.progressOnlyAgents, ['sub-agent x1']);
    assert.equal(running.read().usage.sessionId, 's-1');
  });
});
