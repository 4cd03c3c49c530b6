/**
 * The session's budgets (`groundcheck.budget.*`) as diagnostics: one per
 * limit crossed, on the turn whose model call took the session past it,
 * where that call's usage lens sits (usageLens.ts), from the lens to the end
 * of its line. Soft limits and unpriced turns are information, hard limits
 * warnings, as `groundcheck check` reports them. A sub-agent file's calls
 * count after the session's own; one that crosses a limit is shown on the
 * session's last call, since its turn is not in this file.
 */
import { DiagnosticSeverity, type Diagnostic, type Position } from 'vscode-languageserver/node';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { budgetCrossings, isBudgetSet, type Budget, type Limits } from '../../shared/usage/budget';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import type { CallUsage } from '../../shared/usage/model';
import type { FileAnalysis } from './fileAnalysis';
import type { SessionCall } from './fileUsage';
import type { DocumentText } from './lazyTextDocument';
import { SOURCE } from './diagnostics';
import { anchorCalls, countsComeFirst } from './usageLens';

export function budgetDiagnostics(doc: DocumentText, analysis: FileAnalysis, settings: GroundcheckSettings): Diagnostic[] {
  const budget = budgetOf(settings);
  const usage = analysis.usage;
  if (!isBudgetSet(budget) || !usage || usage.sessionCalls.length === 0) return [];
  const of = new Map<CallUsage, SessionCall>();
  const calls = usage.sessionCalls.map((c) => {
    const call: CallUsage = { line: (c.line ?? -1) + 1, model: c.model, agent: c.agent, counts: c.counts };
    of.set(call, c);
    return call;
  });
  const crossings = budgetCrossings(calls, budget, DEFAULT_PRICES);
  if (crossings.length === 0) return [];
  const outputs = analysis.outputs;
  const lensAt = new Map<number, Position>();
  for (const a of anchorCalls(outputs, usage.calls, countsComeFirst(usage.summary.format, outputs, usage.calls))) {
    lensAt.set(a.call.line, a.output === undefined ? { line: a.call.line, character: 0 } : doc.positionAt(outputs[a.output].raw[0]));
  }
  const lastOwn = usage.calls[usage.calls.length - 1]?.line;
  return crossings.map((c) => {
    const call = of.get(c.call)!;
    const own = call.line !== undefined;
    const line = call.line ?? lastOwn;
    const start = (line !== undefined ? lensAt.get(line) : undefined) ?? { line: 0, character: 0 };
    const message = own ? c.message : c.message.replace('this turn', `a turn of ${call.agent} in its own file`);
    return {
      range: { start, end: endOfLine(doc, start) },
      severity: c.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
      source: SOURCE,
      code: c.rule,
      message: `${message} (${call.model}, ${call.agent})`,
    };
  });
}

export function hasBudget(settings: GroundcheckSettings): boolean {
  return isBudgetSet(budgetOf(settings));
}

/** The settings' limits as budget.ts takes them: null is no limit. */
function budgetOf(settings: GroundcheckSettings): Budget {
  const limits = (l: { soft: number | null; hard: number | null }): Limits => ({
    ...(l.soft !== null ? { soft: l.soft } : {}),
    ...(l.hard !== null ? { hard: l.hard } : {}),
  });
  return { tokens: limits(settings.budget.tokens), cost: limits(settings.budget.cost) };
}

/** The end of the position's line, before its line break. */
function endOfLine(doc: DocumentText, at: Position): Position {
  const next = doc.offsetAt({ line: at.line + 1, character: 0 });
  if (doc.positionAt(next).line === at.line) return doc.positionAt(next); // The last line.
  const breakLength = doc.getText({ start: doc.positionAt(Math.max(0, next - 2)), end: doc.positionAt(next) }) === '\r\n' ? 2 : 1;
  return doc.positionAt(next - breakLength);
}
