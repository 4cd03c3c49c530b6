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
  return new BudgetTally<CallUsage>(budget, prices).from(calls, 0).map(({ at: _at, ...crossing }) => crossing);
}

/** A limit crossed by call `at` of the calls tallied: a BudgetCrossing of any call with a model and counts. */
export type CrossingAt<C> = Omit<BudgetCrossing, 'call'> & { call: C; at: number };

/**
 * budgetCrossings kept over a list of calls that grows, or changes from
 * some call on (a response logged again): the running totals after each
 * call are kept, so the tally goes on from the first call that changed,
 * adding in the same order, to the same figures, as a tally from the start.
 */
export class BudgetTally<C extends Pick<CallUsage, 'model' | 'counts'>> {
  /** The session's tokens and cost after each call tallied. */
  private readonly tokens: number[] = [];
  private readonly costs: number[] = [];
  private crossings: CrossingAt<C>[] = [];

  constructor(
    private readonly budget: Budget,
    private readonly prices: PriceTable,
  ) {}

  /** The crossings of `calls`, whose calls before `first` are those tallied before. */
  from(calls: readonly C[], first: number): CrossingAt<C>[] {
    const budget = this.budget;
    const start = Math.min(first, this.tokens.length);
    this.tokens.length = start;
    this.costs.length = start;
    const out = this.crossings.filter((c) => c.at < start);
    const watchCost = budget.cost?.soft !== undefined || budget.cost?.hard !== undefined;
    let tokens = start > 0 ? this.tokens[start - 1] : 0;
    let cost = start > 0 ? this.costs[start - 1] : 0;
    const crossed = new Set<BudgetRule>(out.map((c) => c.rule));
    let unpricedSaid = crossed.has('budget-cost-unpriced');
    const cross = (rule: BudgetRule, limit: number | undefined, reached: number, before: number, call: C, at: number, what: (n: number) => string) => {
      if (limit === undefined || crossed.has(rule) || reached <= limit || before > limit) return;
      crossed.add(rule);
      const hard = rule.endsWith('-hard');
      out.push({
        rule,
        severity: hard ? 'warning' : 'information',
        call,
        at,
        limit,
        reached,
        message: `this turn takes the session to ${what(reached)}, past its ${hard ? 'hard' : 'soft'} budget of ${what(limit)}`,
      });
    };
    for (let at = start; at < calls.length; at++) {
      const call = calls[at];
      const beforeTokens = tokens;
      tokens += tokensOf(call.counts);
      cross('budget-tokens-soft', budget.tokens?.soft, tokens, beforeTokens, call, at, tokenText);
      cross('budget-tokens-hard', budget.tokens?.hard, tokens, beforeTokens, call, at, tokenText);
      if (watchCost) {
        const c = costOfCounts(this.prices, call.model, call.counts);
        if (c.usd === null && !unpricedSaid) {
          unpricedSaid = true;
          out.push({
            rule: 'budget-cost-unpriced',
            severity: 'information',
            call,
            at,
            message: `the cost budget cannot count this turn or others like it: ${(c.unknown ?? []).join(', ')} (add it to "prices" in the config)`,
          });
        }
        const beforeCost = cost;
        cost += c.usd ?? c.pricedUsd ?? 0;
        cross('budget-cost-soft', budget.cost?.soft, cost, beforeCost, call, at, dollarText);
        cross('budget-cost-hard', budget.cost?.hard, cost, beforeCost, call, at, dollarText);
      }
      this.tokens.push(tokens);
      this.costs.push(cost);
    }
    this.crossings = out;
    return out.slice();
  }
}

function tokenText(n: number): string {
  return `${n.toLocaleString('en-US')} tokens`;
}

function dollarText(n: number): string {
  return `$${n.toFixed(2)}`;
}
