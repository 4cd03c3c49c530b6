/**
 * Re-checks a session file that only grew: the agent appended lines while
 * it ran (Claude Code writes each message as it happens). The new lines are
 * parsed on their own by the parser that read the file, the transcript, the
 * facts and the lookup index grow by them, and only the new outputs are
 * classified. Earlier outputs keep their findings, but for those whose
 * checks searched past their context and that the new lines answer
 * otherwise (see OutputCheck.standsIn): a check of the whole new text would
 * give them the same, or this answers why not and the caller checks the
 * whole file. The previous result is updated in place and must
 * not be used afterwards.
 */
import { checkAppendedLines } from '../../shared/check/checkAppendedLines';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { detectFormat, SNIFF_LENGTH } from '../../shared/transcript/detect';
import { checkOptionsFrom, outputFinding, transcriptAnalysis, type Analyzed } from './analyze';
import type { OutputFinding } from './fileAnalysis';
import type { FindingsPatch } from './findingsPatch';

export interface GrownFile {
  /** The text appended, complete lines. */
  piece: string;
  /** Length of the text before it. */
  oldLength: number;
  /** The first SNIFF_LENGTH units of the new text (asked for only while the old text is shorter). */
  head: () => string;
  path?: string;
}

export interface AppendedCheck {
  analyzed: Analyzed;
  /** The new outputs as a patch on the previous findings. */
  patch: FindingsPatch;
  /** Lines handed to the parser. */
  linesParsed: number;
  /** Segments added to the lookup index as new parts. */
  partsIndexed: number;
  /** Outputs classified. */
  outputsChecked: number;
}

export type AppendOutcome = AppendedCheck | { fallback: string };

export function checkAppended(previous: Analyzed, grown: GrownFile, settings: GroundcheckSettings): AppendOutcome {
  const t = previous.transcript;
  const check = previous.check;
  const carried = previous.carried;
  if (!t || !check || previous.analysis.state !== 'checked') return { fallback: 'the file was not checked as a transcript' };
  if (!carried) return { fallback: 'the last check was of one edited turn, not of the whole file' };
  const newLength = grown.oldLength + grown.piece.length;
  if (newLength > settings.maxFileSizeMB * 1024 * 1024) return { fallback: 'the file grew past the size limit' };
  // Detection reads the head of the file: while that is still growing, it is asked again.
  if (grown.oldLength < SNIFF_LENGTH && detectFormat(grown.head(), grown.path)?.parser.id !== t.format) {
    return { fallback: 'the grown head of the file reads as another format' };
  }
  const appended = checkAppendedLines(check, grown.piece, settings.maxSegments, checkOptionsFrom(settings));
  if ('fallback' in appended) return appended;
  const outputs = previous.analysis.outputs;
  // Earlier outputs whose checks the new lines changed (a version a rule searched the whole session for, now spelt).
  const changed = appended.rechecked.map((index) => {
    const finding = outputFinding(t, check.outputs[index], carried.cap, carried.counts, previous.withPlaces === true);
    outputs[index] = finding;
    return { index, finding };
  });
  const added: OutputFinding[] = [];
  for (const o of appended.outputs) {
    const finding = outputFinding(t, o, carried.cap, carried.counts, previous.withPlaces === true);
    outputs.push(finding);
    added.push(finding);
  }
  const analysis = transcriptAnalysis(t, outputs, 'append');
  const { outputs: _all, ...header } = analysis;
  return {
    analyzed: { analysis, transcript: t, check, carried, ...(previous.withPlaces ? { withPlaces: true as const } : {}) },
    patch: { at: grown.oldLength, delta: 0, changed, added, header },
    linesParsed: appended.linesParsed,
    partsIndexed: appended.partsIndexed,
    outputsChecked: added.length + changed.length,
  };
}
