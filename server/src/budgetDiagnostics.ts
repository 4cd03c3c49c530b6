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
import { BudgetTally, isBudgetSet, type Budget, type CrossingAt, type Limits } from '../../shared/usage/budget';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import type { CallUsage } from '../../shared/usage/model';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import { type CallCounts, changeOf, type FileUsage, type SessionCall } from './fileUsage';
import { lastAtMostBy } from '../../shared/text/sortedSearch';
import type { DocumentText } from './lazyTextDocument';
import { SOURCE } from './diagnostics';
import { countsComeFirstAfter } from './usageLens';
import type { OutputLineOrder } from './outputLineOrder';

/** `order`: the outputs in line order, as the publisher keeps them (see OutputLineOrder). */
export function budgetDiagnostics(doc: DocumentText, analysis: FileAnalysis, settings: GroundcheckSettings, order: OutputLineOrder): Diagnostic[] {
  const budget = budgetOf(settings);
  const usage = analysis.usage;
  if (!isBudgetSet(budget) || !usage || usage.sessionCalls.length === 0) return [];
  const crossings = crossingsOf(usage, budget);
  if (crossings.length === 0) return [];
  const outputs = analysis.outputs;
  const format = usage.summary.format;
  const countsFirst = countsComeFirstAfter(format, order.lastLine(), usage.calls);
  const lastOwn = usage.calls[usage.calls.length - 1]?.line;
  return crossings.map((c) => {
    const call = c.call;
    const own = call.line !== undefined;
    const line = call.line ?? lastOwn;
    const start = line !== undefined ? lensOf(doc, outputs, usage.calls, line, countsFirst, order) : { line: 0, character: 0 };
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

/**
 * The crossings of each usage read, by budget, with the tally that found
 * them: a session that grows keeps the usage read before until it is read
 * again, and each appended turn's publication would otherwise add up every
 * call of the session again; a usage read as the change from the one before
 * (changeOf) takes that one's tally on from the first call that changed.
 */
const crossingsKept = new WeakMap<FileUsage, { budget: string; tally: BudgetTally<SessionCall>; crossings: CrossingAt<SessionCall>[] }>();

function crossingsOf(usage: FileUsage, budget: Budget): CrossingAt<SessionCall>[] {
  const key = JSON.stringify(budget);
  const kept = crossingsKept.get(usage);
  if (kept?.budget === key) return kept.crossings;
  const change = changeOf(usage);
  const before = change && crossingsKept.get(change.held);
  let tally: BudgetTally<SessionCall>;
  let first = 0;
  if (change && before?.budget === key) {
    // The tally moves on to this usage: the one before keeps its crossings, and is tallied afresh if published again.
    crossingsKept.set(change.held, { ...before, tally: new BudgetTally(budget, DEFAULT_PRICES) });
    ({ tally } = before);
    first = change.first;
  } else tally = new BudgetTally(budget, DEFAULT_PRICES);
  const crossings = tally.from(usage.sessionCalls, first);
  crossingsKept.set(usage, { budget: key, tally, crossings });
  return crossings;
}

/** Where the usage lens of the call recorded on `line` sits (see usageLens.ts): only that call's anchor is looked for. */
function lensOf(
  doc: DocumentText,
  outputs: readonly OutputFinding[],
  calls: readonly CallCounts[],
  line: number,
  countsFirst: boolean,
  order: OutputLineOrder,
): Position {
  const i = lastAtMostBy(calls, (c) => c.line, line);
  if (i < 0 || calls[i].line !== line) return { line: 0, character: 0 };
  const anchor = order.anchorOf(calls, i, countsFirst);
  return anchor === undefined ? { line, character: 0 } : doc.positionAt(outputs[anchor].raw[0]);
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
