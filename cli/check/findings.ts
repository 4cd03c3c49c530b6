/**
 * The findings a report shows: each occurrence of an unverified entity that
 * no ignore rule hides and whose type's severity is not 'off'. Text and SARIF
 * reports list exactly these, in file order.
 */
import type { SeveritySetting } from '../../shared/protocol/settings';
import type { EntityRecord, FileReport, Occurrence, OutputRecord } from './fileReport';

export interface Finding {
  output: OutputRecord;
  entity: EntityRecord;
  occurrence: Occurrence;
}

export function findingsOf(report: FileReport): Finding[] {
  const out: Finding[] = [];
  for (const output of report.outputs) {
    for (const entity of output.entities) {
      if (entity.status !== 'unverified' || entity.suppressed) continue;
      for (const occurrence of entity.occurrences) if (!occurrence.ignored) out.push({ output, entity, occurrence });
    }
  }
  return out.sort((a, b) => a.occurrence.range[0] - b.occurrence.range[0]);
}

/** The words compilers use: error, warning, info, hint. */
export function severityWord(s: SeveritySetting): string {
  return s === 'information' ? 'info' : s;
}

/** `number '$4.2M' not in context`; long values are shortened so one finding stays one line. */
export function findingMessage(f: Finding): string {
  return `${f.entity.type} '${shorten(f.entity.text, 80)}' not in context`;
}

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** Problems with a file as a whole, `file: error …` lines (empty when it was checked cleanly). */
export function fileProblems(report: FileReport, explicit: boolean): string[] {
  if (report.error) return [`${report.file}: error: ${report.error}`];
  if (report.skipped) return [`${report.file}: warning: skipped: ${report.skipped}`];
  if (report.notTranscript) return explicit ? [`${report.file}: error: ${report.notTranscript}`] : [];
  return report.parseErrors.map((e) => `${report.file}:${e.line}:${e.column}: error: ${e.message}`);
}
