/**
 * How budget findings (a turn that took its session past a token or cost
 * budget) read in each report: one compiler-style line, one JSON Lines
 * record, and SARIF rules of their own, apart from the classifier's rules
 * since they judge what a session spent, not what it claimed.
 */
import { BUDGET_RULES, type BudgetRule } from '../../shared/usage/budget';
import type { BudgetFinding } from './fileReport';
import { placeName } from './reportedFindings';

const RULE_TEXT: Record<BudgetRule, string> = {
  'budget-tokens-soft': 'A turn took its session past the soft token budget (budget.tokens.soft in the config).',
  'budget-tokens-hard': 'A turn took its session past the hard token budget (budget.tokens.hard in the config); `--fail-on budget` fails the run.',
  'budget-cost-soft': 'A turn took its session past the soft cost budget (budget.cost.soft), at the price table’s API-equivalent rates.',
  'budget-cost-hard': 'A turn took its session past the hard cost budget (budget.cost.hard); `--fail-on budget` fails the run.',
  'budget-cost-unpriced':
    'The cost budget cannot count a turn whose model (or one of whose token kinds) the price table does not price; add it to "prices" in the config.',
};

/** `file:line:col: warning budget: … [agent, model]  budget-tokens-hard` (no trailing newline). */
export function budgetLine(file: string, b: BudgetFinding): string {
  const word = b.severity === 'information' ? 'info' : b.severity;
  return `${placeName({ file, entry: b.entry })}:${b.line}:${b.column}: ${word} budget: ${b.message} (${b.model}, ${b.agent})  ${b.rule}`;
}

/** The JSON Lines record of a budget finding, told from output records by `kind`. */
export function budgetJson(b: BudgetFinding): object {
  return {
    kind: 'budget',
    file: b.file,
    line: b.line,
    range: b.range,
    rule: b.rule,
    severity: b.severity,
    message: b.message,
    model: b.model,
    agent: b.agent,
    ...(b.limit !== undefined ? { limit: b.limit } : {}),
    ...(b.reached !== undefined ? { reached: b.reached } : {}),
  };
}

export function budgetSarifRules(): object[] {
  return BUDGET_RULES.map((id) => ({
    id,
    name: id.replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase()),
    shortDescription: { text: RULE_TEXT[id] },
    defaultConfiguration: { level: id.endsWith('-hard') ? 'warning' : 'note' },
    properties: { category: 'budget' },
  }));
}
