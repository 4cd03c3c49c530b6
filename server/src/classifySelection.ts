/**
 * "Classify selection": the selected text is an output; its context is the
 * causal context at the selection inside a transcript, else the text the
 * user supplied. Answers with the result, what the context was, and a short
 * Markdown report.
 */
import { classify, classifyAgainst } from '../../shared/pipeline/classify';
import type { ClassifyResult } from '../../shared/classifier/types';
import { gapsOf, withSegmentIds } from '../../shared/check/checkTranscript';
import type { ClassifySelectionRequest } from '../../shared/protocol/messages';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { contextOf } from '../../shared/transcript/causalContext';
import type { Segment, Transcript } from '../../shared/transcript/model';
import { checkOptionsFrom, type Analyzed } from './analyze';
import { describeContext, outputLabel, segmentLabel } from './contextLabels';
import { lastAtMostBy } from '../../shared/text/sortedSearch';

export function classifySelection(
  params: ClassifySelectionRequest.Params,
  analyzed: Analyzed | undefined,
  settings: GroundcheckSettings,
): ClassifySelectionRequest.Result {
  const { echo, ...options } = checkOptionsFrom(settings);
  const t = analyzed?.transcript;
  const index = analyzed?.check?.index;
  if (t && index && params.offset !== undefined) {
    const segment = segmentAt(t.segments, params.offset);
    if (segment) {
      const raw = classifyAgainst(params.output, index.lookup, {
        ...options,
        accept: index.acceptFor(segment.id, echo === true),
        gaps: gapsOf(t, segment),
      });
      const result = withSegmentIds(raw, index.partSegment);
      const contextIds = contextOf(t, segment.id, { echo });
      const contextLabel = `causal context of ${outputLabel(segment)} at line ${segment.line + 1}: ${describeContext(contextIds.map((id) => t.segments[id]))}`;
      return { result, contextLabel, report: report(result, contextLabel, t), hadContext: true };
    }
  }
  if (params.context) {
    const result = classify({ output: params.output, context: params.context.text, options });
    return { result, contextLabel: params.context.label, report: report(result, params.context.label), hadContext: true };
  }
  const result = classify({ output: params.output, context: '', options });
  const contextLabel = 'no context: the selection is not inside a transcript and none was given';
  return { result, contextLabel, report: report(result, contextLabel), hadContext: false };
}

/** The segment whose raw text contains `offset` (segments are in file order). */
export function segmentAt(segments: readonly Segment[], offset: number): Segment | undefined {
  const found = lastAtMostBy(segments, (s) => s.map.toRaw(0), offset);
  // Several segments may start before `offset`; the last one that still covers it wins.
  for (let i = found; i >= 0 && i >= found - 8; i--) {
    const s = segments[i];
    // A segment holding another file's text (an instruction file read from disk) covers no offset of this one.
    if (s.source === undefined && s.map.toRaw(0) <= offset && offset <= s.map.toRaw(s.text.length)) return s;
  }
  return undefined;
}

function report(result: ClassifyResult, contextLabel: string, t?: Transcript): string {
  const lines = [
    `**${result.level}** · score ${result.score.toFixed(2)}${result.flagForReview ? ' · flagged for review' : ''}`,
    '',
    result.explanation,
    '',
    `Context: ${contextLabel}`,
  ];
  if (result.entities.length > 0) {
    lines.push('', '| entity | type | verdict | found in |', '| --- | --- | --- | --- |');
    for (const e of result.entities) {
      const where = e.matches
        .slice(0, 3)
        .map((m) => (t ? `${segmentLabel(t.segments[m.part])} (line ${t.segments[m.part].line + 1})` : `offset ${m.start}`))
        .join(', ');
      lines.push(`| \`${e.text.replace(/[|`]/g, ' ')}\` | ${e.type} | ${e.status} | ${where || '—'} |`);
    }
  }
  return lines.join('\n');
}
