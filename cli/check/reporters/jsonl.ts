/**
 * JSON Lines: one record per model output with its verdict and its full
 * entity ledger (with, for a contradicted entity, the value the context gives
 * instead), every range a raw-file offset (`raw.slice(...range)` is the
 * text as it sits in the file). File problems go to stderr so stdout stays
 * one JSON object per line.
 */
import type { CheckTarget } from '../expandPaths';
import type { ContradictionRecord, EntityRecord, FileReport, OutputRecord } from '../fileReport';
import { fileProblems } from '../findings';
import type { Reporter, ReportStreams } from './reporter';

export class JsonLinesReporter implements Reporter {
  constructor(private readonly io: ReportStreams) {}

  file(report: FileReport, target: CheckTarget): void {
    for (const line of fileProblems(report, target.explicit)) this.io.err(`${line}\n`);
    let text = '';
    for (const o of report.outputs) text += JSON.stringify(outputJson(o)) + '\n';
    if (text) this.io.out(text);
  }

  end(): void {}
}

export function outputJson(o: OutputRecord): object {
  return {
    file: o.file,
    line: o.line,
    range: o.range,
    format: o.format,
    ...(o.label ? { label: o.label } : {}),
    level: o.level,
    score: o.score,
    explanation: o.explanation,
    entities: o.entities.map(entityJson),
    gaps: o.gaps,
  };
}

function entityJson(e: EntityRecord): object {
  return {
    text: e.text,
    type: e.type,
    found: e.found,
    status: e.status,
    ...(e.suppressed ? { suppressed: true } : {}),
    ranges: e.occurrences.map((x) => x.range),
    matches: e.matches.map((m) => ({ file: m.file, range: m.range })),
    ...(e.closest ? { closest: { file: e.closest.file, range: e.closest.range, text: e.closest.text } } : {}),
    ...(e.contradiction ? { contradiction: contradictionJson(e.contradiction) } : {}),
    ...(e.detail ? { detail: e.detail } : {}),
  };
}

/** The context's value for a contradicted entity's slot and where the context gives it. */
function contradictionJson(c: ContradictionRecord): object {
  return { value: c.value, ...(c.slot ? { slot: c.slot } : {}), file: c.file, range: c.range };
}
