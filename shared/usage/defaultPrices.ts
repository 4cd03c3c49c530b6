/**
 * The price table groundcheck ships, in US dollars per million tokens at
 * each provider's standard (not batch, not priority) rate. It is a dated
 * copy, never fetched: prices change, so a project that needs current
 * figures sets its own in the config's `prices` (docs/usage.md says how).
 *
 * Sources, as read on 2026-11-27:
 * - Anthropic, "Pricing", https://platform.claude.com/docs/en/about-claude/pricing
 *   (columns: base input, 5m cache writes, 1h cache writes, cache hits and
 *   refreshes, output; the Sonnet and Haiku rows as the same page's
 *   https://platform.claude.com/docs/zh-CN/about-claude/pricing gives them),
 *   and the Claude Sonnet 5 model page,
 *   https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview.
 *   Long-context (over 200k prompt tokens) premiums are not applied.
 * - OpenAI, the GPT-5-Codex model page,
 *   https://developers.openai.com/api/docs/models/gpt-5-codex (input, cached
 *   input, output), and the pricing page,
 *   https://developers.openai.com/api/docs/pricing, for the later Codex and
 *   GPT-5 models; checked against OpenAI's Codex rate card,
 *   https://help.openai.com/en/articles/20001106-codex-rate-card (credits per
 *   million tokens at 25 credits to the dollar). OpenAI has no cache-write
 *   price: its logs record no cache writes.
 */
import type { PriceTable } from './prices';

const opus45: PriceTableRow = { input: 5, output: 25, cacheWrite: 6.25, cacheWrite1h: 10, cacheRead: 0.5 };
const opus4: PriceTableRow = { input: 15, output: 75, cacheWrite: 18.75, cacheWrite1h: 30, cacheRead: 1.5 };
const sonnet4: PriceTableRow = { input: 3, output: 15, cacheWrite: 3.75, cacheWrite1h: 6, cacheRead: 0.3 };
const gpt5: PriceTableRow = { input: 1.25, output: 10, cacheRead: 0.125 };
const gpt52: PriceTableRow = { input: 1.75, output: 14, cacheRead: 0.175 };

type PriceTableRow = PriceTable['models'][string];

export const DEFAULT_PRICES: PriceTable = {
  date: '2026-11-27',
  models: {
    'claude-opus-5': opus45,
    'claude-opus-4-8': opus45,
    'claude-opus-4-7': opus45,
    'claude-opus-4-6': opus45,
    'claude-opus-4-5': opus45,
    'claude-opus-4-1': opus4,
    'claude-opus-4-0': opus4,
    'claude-opus-4': opus4,
    'claude-sonnet-5': { input: 2, output: 10, cacheWrite: 2.5, cacheWrite1h: 4, cacheRead: 0.2 },
    'claude-sonnet-4-6': sonnet4,
    'claude-sonnet-4-5': sonnet4,
    'claude-sonnet-4-0': sonnet4,
    'claude-sonnet-4': sonnet4,
    'claude-3-7-sonnet': sonnet4,
    'claude-haiku-4-5': { input: 1, output: 5, cacheWrite: 1.25, cacheWrite1h: 2, cacheRead: 0.1 },
    'claude-3-5-haiku': { input: 0.8, output: 4, cacheWrite: 1, cacheWrite1h: 1.6, cacheRead: 0.08 },
    'gpt-5': gpt5,
    'gpt-5-codex': gpt5,
    'gpt-5.1': gpt5,
    'gpt-5.1-codex': gpt5,
    'gpt-5.1-codex-max': gpt5,
    'gpt-5.2': gpt52,
    'gpt-5.2-codex': gpt52,
    'gpt-5.3-codex': gpt52,
    'gpt-5.4': { input: 2.5, output: 15, cacheRead: 0.25 },
  },
};
