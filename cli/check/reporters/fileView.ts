/**
 * A checked file as the HTML report draws it: its segments, and for each
 * output its verdict and one mark per entity occurrence, whose note says what
 * the text report says of a finding (or, for a grounded entity, where the
 * context has it). Suppressed entities and ignored occurrences get no mark,
 * as they get no line in the text report.
 */
import type { BudgetFinding, ContextLocation, EntityRecord, FileReport, OutputRecord } from '../fileReport';
import { fileProblems, findingMessage, placeName, severityWord, shorten } from '../reportedFindings';
import type { BudgetMark, FileView, Mark, OutputVerdict, ReportSegment } from '../../../shared/report/reportModel';

export function fileView(report: FileReport, explicit: boolean): FileView {
  const shared = sharedGaps(report.outputs);
  const outputs: OutputVerdict[] = [];
  for (const o of report.outputs) {
    if (o.segment === undefined) continue;
    const gaps = o.gaps.filter((g) => !shared.has(g.code)).map((g) => g.message);
    outputs.push({ segment: o.segment, level: o.level, score: o.score, explanation: o.explanation, gaps, marks: marksOf(o, report.file) });
  }
  const first = report.outputs[0];
  return {
    file: report.file,
    ...(report.format ? { format: report.format } : {}),
    problems: fileProblems(report, explicit),
    gaps: first ? first.gaps.filter((g) => shared.has(g.code)).map((g) => g.message) : [],
    segments: report.conversation ?? [],
    outputs,
    ...(report.usage ? { usage: report.usage } : {}),
    ...(report.budget?.length ? { budget: report.budget.map((b) => budgetMark(b, report.conversation ?? [])) } : {}),
  };
}

/** Gap codes every output has: said once for the file rather than under each of thousands of outputs. */
function sharedGaps(outputs: readonly OutputRecord[]): Set<string> {
  const shared = new Set(outputs[0]?.gaps.map((g) => g.code));
  for (const o of outputs) {
    const own = new Set(o.gaps.map((g) => g.code));
    for (const code of shared) if (!own.has(code)) shared.delete(code);
  }
  return shared;
}

function marksOf(output: OutputRecord, file: string): Mark[] {
  const marks: Mark[] = [];
  for (const entity of output.entities) {
    if (entity.suppressed) continue;
    const { note, target } = verdictOf(output, entity, (at) => where(at, file));
    for (const occurrence of entity.occurrences) {
      if (occurrence.ignored || !occurrence.textRange) continue;
      const [start, end] = occurrence.textRange;
      marks.push({ start, end, type: entity.type, status: entity.status, note, ...(target !== undefined ? { target } : {}) });
    }
  }
  return marks;
}

function verdictOf(output: OutputRecord, entity: EntityRecord, where: (at: ContextLocation) => string): { note: string; target?: number } {
  const what = `${entity.type} '${shorten(entity.text, 80)}'`;
  if (entity.status === 'grounded') {
    const first = entity.matches[0];
    if (!first) return { note: `grounded: ${what} is in the context` };
    const more = entity.matchCount > 1 ? ` and ${entity.matchCount - 1} more place${entity.matchCount === 2 ? '' : 's'}` : '';
    return { note: `grounded: ${what} is in the context at ${where(first)}${more}`, target: first.segment };
  }
  if (entity.status === 'indeterminate') {
    // A rule that does not flag here says so itself; otherwise the context's gap is the reason.
    if (entity.rule !== 'context-gaps' && entity.detail) return { note: `indeterminate: ${what}: ${entity.detail}` };
    const why = output.gaps[0]?.message;
    return { note: `indeterminate: ${what} not in context, which is known to be incomplete${why ? `: ${why}` : ''}` };
  }
  const occurrence = entity.occurrences[0];
  let note = `${entity.status} (${severityWord(entity.severity)}): ${findingMessage({ output, entity, occurrence })}`;
  if (entity.contradiction) return { note: `${note}, at ${where(entity.contradiction)}`, target: entity.contradiction.segment };
  const found = entity.status === 'misattributed' ? entity.matches[0] : undefined;
  if (found) return { note: `${note}; the context has it at ${where(found)}`, target: found.segment };
  if (entity.closest) {
    note += `; closest in context: '${shorten(entity.closest.text, 80)}' at ${where(entity.closest)}`;
    return { note, target: entity.closest.segment };
  }
  return { note };
}

/**
 * `line 5:12` in the checked file (the page says which file it is),
 * `log.eval!samples/3_epoch_1.json:5:12` in an archive's entry, `other.txt:5:12` elsewhere.
 */
function where(at: ContextLocation, file: string): string {
  if (at.line === undefined) return placeName(at);
  return at.file === file && at.entry === undefined ? `line ${at.line}:${at.column}` : `${placeName(at)}:${at.line}:${at.column}`;
}

/**
 * A budget finding and the turn that crossed it: the last segment starting
 * at or before the turn's usage record, when that is the model's (a response
 * logged over several lines may show nothing on its last one, which repeats
 * an earlier line's text).
 */
function budgetMark(b: BudgetFinding, segments: readonly ReportSegment[]): BudgetMark {
  let last: number | undefined;
  segments.forEach((s, i) => {
    if (s.source === undefined && s.line <= b.endLine) last = i;
  });
  const segment = last !== undefined && MODEL_ROLES.has(segments[last].role) ? last : undefined;
  return { line: b.line, rule: b.rule, severity: b.severity, message: `${b.message} (${b.model}, ${b.agent})`, ...(segment !== undefined ? { segment } : {}) };
}

/** Segments a model response is made of. */
const MODEL_ROLES: ReadonlySet<string> = new Set(['assistant', 'tool_call', 'reasoning']);
