/**
 * Token and cost budgets for a session: soft and hard limits on its running
 * total, checked call by call in file order. The call at which the running
 * total first goes past a limit is the turn that crossed it; each limit is
 * crossed at most once per session. Tokens are every token the model
 * processed (input, output, cache writes and cache reads), as the provider
 * bills them; cost is the API-equivalent cost (see prices.ts). A call whose
 * model the price table lacks adds no cost, and the first such call is
 * reported, so a cost budget never passes silently on figures it could not
 * price.
 */
import type { CallUsage, TokenCounts } from './model';
import { costOfCounts, type PriceTable } from './prices';

export interface Limits {
  soft?: number;
  hard?: number;
}

export interface Budget {
  /** Tokens per session. */
  tokens?: Limits;
  /** US dollars per session, at the price table's rates. */
  cost?: Limits;
}

export const BUDGET_RULES = ['budget-tokens-soft', 'budget-tokens-hard', 'budget-cost-soft', 'budget-cost-hard', 'budget-cost-unpriced'] as const;
export type BudgetRule = (typeof BUDGET_RULES)[number];

export interface BudgetCrossing {
  rule: BudgetRule;
  /** Hard limits are warnings; soft limits and unpriced calls, information. */
  severity: 'warning' | 'information';
  /** The call that crossed the limit (or could not be priced). */
  call: CallUsage;
  /** The limit, and the running total the call brought the session to. */
  limit?: number;
  reached?: number;
  message: string;
}

/** Every token of a call: input, output, cache writes and cache reads. */
export function tokensOf(c: TokenCounts): number {
  return c.input + c.output + (c.cacheWrite ?? 0) + c.cacheRead;
}

export function isBudgetSet(b: Budget | undefined): b is Budget {
  return b !== undefined && [b.tokens?.soft, b.tokens?.hard, b.cost?.soft, b.cost?.hard].some((x) => x !== undefined);
}

/** The crossings of `budget` by `calls` (in file order), in the order they happen. */
export function budgetCrossings(calls: readonly CallUsage[], budget: Budget, prices: PriceTable): BudgetCrossing[] {
  const out: BudgetCrossing[] = [];
  const watchCost = budget.cost?.soft !== undefined || budget.cost?.hard !== undefined;
  let tokens = 0;
  let cost = 0;
  const crossed = new Set<BudgetRule>();
  let unpricedSaid = false;
  const cross = (rule: BudgetRule, limit: number | undefined, reached: number, before: number, call: CallUsage, what: (n: number) => string) => {
    if (limit === undefined || crossed.has(rule) || reached <= limit || before > limit) return;
    crossed.add(rule);
    const hard = rule.endsWith('-hard');
    out.push({
      rule,
      severity: hard ? 'warning' : 'information',
      call,
      limit,
      reached,
      message: `this turn takes the session to ${what(reached)}, past its ${hard ? 'hard' : 'soft'} budget of ${what(limit)}`,
    });
  };
  for (const call of calls) {
    const beforeTokens = tokens;
    tokens += tokensOf(call.counts);
    cross('budget-tokens-soft', budget.tokens?.soft, tokens, beforeTokens, call, tokenText);
    cross('budget-tokens-hard', budget.tokens?.hard, tokens, beforeTokens, call, tokenText);
    if (!watchCost) continue;
    const c = costOfCounts(prices, call.model, call.counts);
    if (c.usd === null && !unpricedSaid) {
      unpricedSaid = true;
      out.push({
        rule: 'budget-cost-unpriced',
        severity: 'information',
        call,
        message: `the cost budget cannot count this turn or others like it: ${(c.unknown ?? []).join(', ')} (add it to "prices" in the config)`,
      });
    }
    const beforeCost = cost;
    cost += c.usd ?? c.pricedUsd ?? 0;
    cross('budget-cost-soft', budget.cost?.soft, cost, beforeCost, call, dollarText);
    cross('budget-cost-hard', budget.cost?.hard, cost, beforeCost, call, dollarText);
  }
  return out;
}

function tokenText(n: number): string {
  return `${n.toLocaleString('en-US')} tokens`;
}

function dollarText(n: number): string {
  return `$${n.toFixed(2)}`;
}
