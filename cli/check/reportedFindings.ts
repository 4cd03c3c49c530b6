/**
 * The findings a report shows: each occurrence of an entity the context does
 * not back (unverified, contradicted or misattributed) that
 * no ignore rule hides and whose type's severity is not 'off'. Text and SARIF
 * reports list exactly these, in file order.
 */
import type { SeveritySetting } from '../../shared/protocol/settings';
import { isFinding } from '../../shared/classifier/findingStatus';
import type { EntityRecord, FileReport, Occurrence, OutputRecord } from './fileReport';

export interface Finding {
  output: OutputRecord;
  entity: EntityRecord;
  occurrence: Occurrence;
}

export function findingsOf(report: FileReport): Finding[] {
  const out: Finding[] = [];
  // Outputs come in file order; in an archive, entry by entry, and findings keep that order of entries.
  const entryRank = new Map<string | undefined, number>();
  for (const output of report.outputs) {
    if (!entryRank.has(output.entry)) entryRank.set(output.entry, entryRank.size);
    for (const entity of output.entities) {
      if (!isFinding(entity.status) || entity.suppressed) continue;
      for (const occurrence of entity.occurrences) if (!occurrence.ignored) out.push({ output, entity, occurrence });
    }
  }
  const rank = (f: Finding) => entryRank.get(f.output.entry)!;
  return out.sort((a, b) => rank(a) - rank(b) || a.occurrence.range[0] - b.occurrence.range[0]);
}

/** How a place is named in reports: `log.eval!samples/3_epoch_1.json` inside an archive, else the file. */
export function placeName(at: { file: string; entry?: string }): string {
  return at.entry === undefined ? at.file : `${at.file}!${at.entry}`;
}

/** The words compilers use: error, warning, info, hint. */
export function severityWord(s: SeveritySetting): string {
  return s === 'information' ? 'info' : s;
}

/**
 * `number '$4.2M' not in context`, `… contradicts the context, which says '$4.3M'`;
 * long values are shortened so one finding stays one line.
 */
export function findingMessage(f: Finding): string {
  const what = `${f.entity.type} '${shorten(f.entity.text, 80)}'`;
  const detail = f.entity.detail ? `: ${f.entity.detail}` : '';
  if (f.entity.status === 'contradicted') {
    const value = f.entity.contradiction?.value;
    return value === undefined ? `${what} contradicts the context${detail}` : `${what} contradicts the context, which says '${shorten(value, 80)}'${detail}`;
  }
  if (detail && f.entity.status === 'unverified') return `${what} not in context${detail}`;
  if (f.entity.status === 'misattributed') return `${what} in context, but not in the source cited for it`;
  return `${what} not in context`;
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
