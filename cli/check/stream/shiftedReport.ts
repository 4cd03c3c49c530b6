/**
 * Moves the positions of a report made of one piece of a stream (a line of
 * standard input, checked on its own) to where that piece sits in the
 * stream: ranges by the piece's offset, lines by the lines before it.
 * Columns stay as they are, since a piece starts at the start of a line.
 * Places in other files (a referenced file) are left alone.
 */
import type { Range } from '../../../shared/classifier/types';
import type { ContextLocation, EntityRecord, FileProblem, FileReport, Occurrence, OutputRecord } from '../fileReport';

export interface PieceStart {
  /** UTF-16 offset of the piece in the stream. */
  offset: number;
  /** Lines before the piece, counted as editors count them. */
  line: number;
}

export function shiftedReport(report: FileReport, at: PieceStart): FileReport {
  if (at.offset === 0 && at.line === 0) return report;
  const mine = (place: { file: string; entry?: string }) => place.file === report.file && place.entry === undefined;
  const range = (r: Range): Range => [r[0] + at.offset, r[1] + at.offset];
  const place = <P extends ContextLocation>(p: P): P => {
    if (!mine(p)) return p;
    const moved: P = { ...p, range: range(p.range) };
    if (p.line !== undefined) moved.line = p.line + at.line;
    if (p.endLine !== undefined) moved.endLine = p.endLine + at.line;
    return moved;
  };
  const occurrence = (o: Occurrence): Occurrence => (mine(o) ? { ...o, range: range(o.range), line: o.line + at.line, endLine: o.endLine + at.line } : o);
  const entity = (e: EntityRecord): EntityRecord => ({
    ...e,
    occurrences: e.occurrences.map(occurrence),
    matches: e.matches.map(place),
    ...(e.closest ? { closest: place(e.closest) } : {}),
    ...(e.contradiction ? { contradiction: place(e.contradiction) } : {}),
  });
  const output = (o: OutputRecord): OutputRecord =>
    o.entry !== undefined ? o : { ...o, line: o.line + at.line, range: range(o.range), entities: o.entities.map(entity) };
  const problem = (p: FileProblem): FileProblem => ({ ...p, line: p.line + at.line });
  return { ...report, outputs: report.outputs.map(output), parseErrors: report.parseErrors.map(problem) };
}
