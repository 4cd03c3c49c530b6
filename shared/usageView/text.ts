/**
 * Token counts in words, the same in the editor's lens, its status item and
 * the HTML report: `12.4k in · 830 out · 11.9k cached`. "in" is the whole
 * prompt (new input, cache writes and cache reads), as OpenAI counts input
 * and as a reader expects; "cached" is the part of it read from a cache.
 */
import type { TokenCounts } from '../usage/model';

/** The whole prompt of the counts: input not cached, written to a cache, and read from one. */
export function promptTokens(c: TokenCounts): number {
  return c.input + (c.cacheWrite ?? 0) + c.cacheRead;
}

/** `830`, `12.4k`, `125k`, `3.2M`: three significant figures at most. */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  for (const [size, unit] of [
    [1e3, 'k'],
    [1e6, 'M'],
    [1e9, 'B'],
  ] as const) {
    const scaled = n / size;
    if (scaled >= 999.5 && unit !== 'B') continue;
    const digits = scaled < 9.995 ? 2 : scaled < 99.95 ? 1 : 0;
    // toFixed rounds; trailing zeros add no information ("12.0k" → "12k").
    return `${Number(scaled.toFixed(digits))}${unit}`;
  }
  return String(n);
}

/** `12.4k in · 830 out · 11.9k cached`; the cached part is left out when there is none. */
export function tokenLine(c: TokenCounts): string {
  const parts = [`${compactCount(promptTokens(c))} in`, `${compactCount(c.output)} out`];
  if (c.cacheRead > 0) parts.push(`${compactCount(c.cacheRead)} cached`);
  return parts.join(' · ');
}

/** Every figure in full, for a tooltip: what `tokenLine` rounds and leaves out. */
export function tokenDetail(c: TokenCounts): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const prompt = [`${n(c.input)} new`];
  if (c.cacheWrite !== null) prompt.push(`${n(c.cacheWrite)} written to the cache`);
  prompt.push(`${n(c.cacheRead)} read from the cache`);
  const out = c.reasoning !== null && c.reasoning > 0 ? `${n(c.output)} (${n(c.reasoning)} reasoning)` : n(c.output);
  return `in ${n(promptTokens(c))} (${prompt.join(', ')}) · out ${out}`;
}

/** `2h 05m`, `4m 09s`, `12s`, as `groundcheck usage` writes wall time. */
export function wallTime(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** `$12.34`; under a dollar, to a hundredth of a cent. */
export function dollars(usd: number): string {
  return `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}
