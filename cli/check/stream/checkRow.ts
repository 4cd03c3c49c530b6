/**
 * Checks one line of a stream of RAG fixture rows (RAGAS, DeepEval or
 * RAGTruth-style JSON Lines) on its own. A row holds its whole context (question, retrieved
 * documents, answer) and no row can ground another's answer, so a row
 * checked alone gets the verdicts it gets in a check of the whole file; its
 * positions, its row number and its line are then moved to where it sits in
 * the stream.
 */
import { readJsonLines } from '../../../shared/transcript/json/jsonLines';
import { parseAs } from '../../../shared/transcript/detect';
import type { FormatParser, ParseError } from '../../../shared/transcript/model';
import { LineIndex } from '../../../shared/transcript/offsets/lineIndex';
import { isObject } from '../../../shared/transcript/formats/common/jsonText';
import { megabytes } from '../../../shared/io/boundedRead';
import { checkParsed, type FileCheckOptions } from '../checkFile';
import type { FileProblem, FileReport } from '../fileReport';
import { shiftedReport } from './shiftedReport';
import type { StreamLine } from './streamLines';

/** Formats whose JSON Lines rows are each a conversation of their own. */
export const ROW_FORMATS: ReadonlySet<string> = new Set(['ragas', 'deepeval', 'ragtruth']);

export interface RowCheck {
  /** The row's results, at the stream's positions; absent for a blank line or a bad one. */
  report?: FileReport;
  /** What was wrong with the line, at the stream's positions. */
  problems: FileProblem[];
  /** Whether the line was a row (a JSON object): rows are numbered in labels. */
  isRow: boolean;
}

/** `row`: the 0-based number this row has among the stream's rows. */
export function checkRow(line: StreamLine, row: number, parser: FormatParser, file: string, options: FileCheckOptions): RowCheck {
  const maxBytes = options.settings.maxFileSizeMB * 1024 * 1024;
  if (line.tooLong !== undefined) {
    const message = `Line ${line.lfLine + 1} is ${megabytes(line.tooLong)}, more than maxFileSizeMB (${megabytes(maxBytes)}): not read.`;
    return { problems: [{ message, line: line.line + 1, column: 1 }], isRow: false };
  }
  // Read as a JSON Lines reader reads this line of the whole stream, so a bad line gets the message and place a file check gives it.
  const errors: ParseError[] = [];
  const [record] = readJsonLines(line.text, errors, { offset: line.offset, line: line.lfLine });
  if (errors.length > 0) {
    const lines = new LineIndex(line.text);
    return { problems: errors.map((e) => located(e, line, lines)), isRow: false };
  }
  if (!record || !isObject(record.value)) return { problems: [], isRow: false };
  // The reader takes a last line without its newline for a whole JSON document: give it one, past every range.
  const raw = line.text.endsWith('\n') ? line.text : `${line.text}\n`;
  const parsed = parseAs(parser, { raw, maxSegments: options.settings.maxSegments, firstRow: row });
  const { report } = checkParsed({ file, raw }, parsed, options);
  const shifted = shiftedReport(report, line);
  return { report: { ...shifted, parseErrors: [] }, problems: shifted.parseErrors, isRow: true };
}

function located(e: ParseError, line: StreamLine, lines: LineIndex): FileProblem {
  const at = lines.position(Math.max(0, e.rawRange[0] - line.offset));
  return { message: e.message, line: line.line + at.line + 1, column: at.character + 1 };
}
