/**
 * Lines appended to a checked transcript (a session file the agent is still
 * writing), checked on their own: the reader that built the transcript reads
 * them (shared/transcript/parseAppendedLines.ts), the index grows by them, and only
 * the new outputs are classified, their checks added to `check`; an earlier
 * output is classified again only where its check searched past its context
 * and the new lines hold what it searched for (OutputCheck.standsIn). Where that
 * would not give what a check of the whole file gives, it says why instead,
 * and the transcript and check are spent.
 */
import type { TranscriptCheck, CheckOptions, OutputCheck } from './checkTranscript';
import { checkOutput } from './checkTranscript';
import { appendLines } from '../transcript/parseAppendedLines';

export interface AppendedOutputs {
  /** The new outputs' checks, in file order. */
  outputs: OutputCheck[];
  /** Earlier outputs checked again, as indexes into `check.outputs`, ascending: the new lines changed their checks. */
  rechecked: number[];
  /** Lines handed to the parser. */
  linesParsed: number;
  /** Segments added to the lookup index as new parts. */
  partsIndexed: number;
}

export function checkAppendedLines(check: TranscriptCheck, piece: string, maxSegments: number, options: CheckOptions): AppendedOutputs | { fallback: string } {
  const t = check.transcript;
  const lines = appendLines(t, piece);
  if ('fallback' in lines) return lines;
  // The outputs checked before keep their records: a label the new lines changed would not reach them.
  if (lines.relabelled) return { fallback: 'the new lines branch off earlier in the conversation (a rewind): earlier replies are now on a rewound branch' };
  if (t.segments.length > maxSegments) return { fallback: 'the file now has more segments than maxSegments' };
  const extension = check.index.extend(lines.from, lines.actionsAdded);
  if ('fallback' in extension) return extension;
  const rechecked: number[] = [];
  check.outputs.forEach((o, k) => {
    if (o.standsIn(check.index)) return;
    check.outputs[k] = checkOutput(check.index, o.segment, options);
    rechecked.push(k);
  });
  const outputs: OutputCheck[] = [];
  for (let id = lines.from; id < t.segments.length; id++) {
    if (!t.segments[id].isOutput) continue;
    const o = checkOutput(check.index, id, options);
    check.outputs.push(o);
    outputs.push(o);
  }
  return { outputs, rechecked, linesParsed: lines.lines, partsIndexed: extension.partsAdded };
}
