/**
 * API-equivalent cost: what a session's tokens would cost at a price table's
 * per-token rates. A model is priced only by an entry of its own name, or of
 * its name without a trailing snapshot date (`claude-sonnet-4-5-20250929`
 * by `claude-sonnet-4-5`, `gpt-5-2025-08-07` by `gpt-5`); any other model's cost is unknown and named, never
 * taken from a similar model. A count the entry has no price for (a cache
 * write where the entry gives none) leaves the cost unknown too.
 */
import type { ModelUsage, TokenCounts } from './model';

/** US dollars per million tokens of each kind. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Cache writes (Anthropic's default five-minute cache); absent where the provider records none. */
  cacheWrite?: number;
  /** Writes to the one-hour cache (see TokenCounts.cacheWrite1h). */
  cacheWrite1h?: number;
  cacheRead: number;
}

export interface PriceTable {
  /** When the shipped table was copied from the providers' pages; absent for a table of the user's own. */
  date?: string;
  models: Record<string, ModelPrice>;
}

export const PRICE_KINDS = ['input', 'output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const;

/** What a set of calls costs: dollars, or unknown with why. */
export interface Cost {
  /** The cost in US dollars; null when some model or count could not be priced. */
  usd: number | null;
  /** Dollars of what could be priced, when `usd` is null (not a total: a floor). */
  pricedUsd?: number;
  /** Why `usd` is null: `no price for glm-4.7`, one per cause. */
  unknown?: string[];
}

/** A table's entries laid over another's (the config's over the shipped one); entries replace whole. */
export function mergedPrices(base: PriceTable, own: Record<string, ModelPrice> | undefined): PriceTable {
  if (!own || Object.keys(own).length === 0) return base;
  return { ...(base.date !== undefined ? { date: base.date } : {}), models: { ...base.models, ...own } };
}

/** A snapshot date closing a model id: Anthropic's `-20250929`, OpenAI's `-2025-08-07`. */
const DATED = /-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/** The table's entry for a model, and the name it was found under. */
export function priceOf(table: PriceTable, model: string): { name: string; price: ModelPrice } | undefined {
  const own = Object.prototype.hasOwnProperty.call(table.models, model) ? table.models[model] : undefined;
  if (own) return { name: model, price: own };
  const undated = model.replace(DATED, '');
  if (undated !== model && Object.prototype.hasOwnProperty.call(table.models, undated)) return { name: undated, price: table.models[undated] };
  return undefined;
}

/** What `counts` of one model cost; unknown (with why) rather than guessed. */
export function costOfCounts(table: PriceTable, model: string, counts: TokenCounts): Cost {
  const found = priceOf(table, model);
  if (!found) return { usd: null, pricedUsd: 0, unknown: [model === 'unknown' ? 'the log does not name the model' : `no price for ${model}`] };
  const p = found.price;
  const oneHour = counts.cacheWrite1h ?? 0;
  const fiveMinute = (counts.cacheWrite ?? 0) - oneHour;
  const missing: string[] = [];
  let usd = counts.input * p.input + counts.output * p.output + counts.cacheRead * p.cacheRead;
  if (fiveMinute > 0) {
    if (p.cacheWrite === undefined) missing.push(`no cache-write price for ${model}`);
    else usd += fiveMinute * p.cacheWrite;
  }
  if (oneHour > 0) {
    if (p.cacheWrite1h === undefined) missing.push(`no one-hour cache-write price for ${model}`);
    else usd += oneHour * p.cacheWrite1h;
  }
  usd /= 1_000_000;
  return missing.length > 0 ? { usd: null, pricedUsd: usd, unknown: missing } : { usd };
}

/** The cost of per-model figures, summed; unknown when any model's is. */
export function costOfModels(table: PriceTable, byModel: readonly Pick<ModelUsage, 'model' | 'counts'>[]): Cost {
  return sumCosts(byModel.map((m) => costOfCounts(table, m.model, m.counts)));
}

export function sumCosts(costs: readonly Cost[]): Cost {
  let usd = 0;
  const unknown: string[] = [];
  for (const c of costs) {
    usd += c.usd ?? c.pricedUsd ?? 0;
    for (const u of c.unknown ?? []) if (!unknown.includes(u)) unknown.push(u);
  }
  return unknown.length > 0 ? { usd: null, pricedUsd: usd, unknown } : { usd };
}
