/**
 * Hand-built transcripts for tests. Each JSON line is one segment
 * `{"role", "text", "parent"?, "output"?, "label"?, "gaps"?}`; `parent`
 * defaults to the previous line (a linear chat) and -1 makes a root. Text
 * maps come from the real JSON offset helpers, so raw ranges behind escapes
 * are the ones a parser would produce.
 */
import type { ContextGap } from '../../../shared/classifier/types';
import { readJsonLines } from '../../../shared/transcript/json/jsonLines';
import type { ParseError, Role, Segment, Transcript } from '../../../shared/transcript/model';

interface SegmentLine {
  role: Role;
  text: string;
  parent?: number;
  output?: boolean;
  label?: string;
  gaps?: ContextGap[];
}

export function transcriptFromLines(raw: string, fileGaps: ContextGap[] = []): Transcript {
  const errors: ParseError[] = [];
  const segments: Segment[] = readJsonLines(raw, errors).map((line, id) => {
    const v = line.value as SegmentLine;
    return {
      id,
      role: v.role,
      text: v.text,
      map: line.region.stringMap(['text']),
      line: line.line,
      parent: v.parent ?? id - 1,
      isOutput: v.output === true,
      label: v.label,
      gaps: v.gaps,
    };
  });
  return { format: 'test-lines', segments, errors, gaps: fileGaps };
}

/** One JSON line per segment, for writing fixtures as objects. */
export function lines(...segments: SegmentLine[]): string {
  return segments.map((s) => JSON.stringify(s)).join('\n') + '\n';
}
