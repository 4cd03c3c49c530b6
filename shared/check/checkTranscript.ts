/**
 * Checks every output of a transcript against its own causal context, using
 * one TranscriptIndex for the whole file.
 *
 * Results keep the classifier's shapes. The index numbers its parts like the
 * segments, so each `ContextMatch.part` (and so every match consumers see)
 * is a **segment id**: `transcript.segments[match.part].map` turns
 * `[match.start, match.end)` into raw-file offsets (see `matchRawRange`).
 * Entity spans stay in the output segment's decoded text (`entityRawRange`).
 */
import { classifyAgainst } from '../classifier/classify';
import type { ClassifyOptions, ClassifyResult, ContextGap } from '../classifier/types';
import { contextOf } from '../transcript/causalContext';
import type { Segment, Transcript } from '../transcript/model';
import type { ContextPart } from './closestMatch';
import { TranscriptIndex } from './transcriptIndex';

export interface CheckOptions extends ClassifyOptions {
  /** Let earlier model-written text (assistant, tool calls, reasoning) ground an output. */
  echo?: boolean;
}

export interface OutputCheck {
  /** The output's segment id. */
  segment: number;
  /** Matches name segment ids in `part`. */
  result: ClassifyResult;
  /** Segment ids of the output's context, oldest first; computed on first read. */
  readonly contextIds: number[];
  /**
   * The context, latest segment first (what the model read last is the
   * likeliest source of a near miss), each as the text it grounds with.
   */
  nearestContext(): Iterable<ContextPart>;
}

export interface TranscriptCheck {
  transcript: Transcript;
  /** One per output segment, in file order. */
  outputs: OutputCheck[];
  /** The shared index, for re-checking single outputs with `checkOutput`. */
  index: TranscriptIndex;
  options: CheckOptions;
}

export function checkTranscript(transcript: Transcript, options: CheckOptions = {}): TranscriptCheck {
  const index = TranscriptIndex.build(transcript);
  const outputs: OutputCheck[] = [];
  // The file's own gaps, deduplicated once: most outputs have none of their own.
  const fileGaps = uniqueGaps(transcript.gaps);
  for (let id = 0; id < transcript.segments.length; id++) {
    const segment = transcript.segments[id];
    if (!segment.isOutput) continue;
    const gaps = segment.gaps === undefined || segment.gaps.length === 0 ? fileGaps : gapsOf(transcript, segment);
    outputs.push(classifyOutput(index, id, segment, options, gaps));
  }
  return { transcript, outputs, index, options };
}

/**
 * Classifies one output against an existing index: how an editor re-checks
 * the turn being edited. The output's text is read afresh from the index's
 * transcript, so replacing that output segment's text is seen; the indexed
 * context is not, so an edit to a grounding segment (or, with echoes on, to
 * any model-written one) needs a new index.
 */
export function checkOutput(index: TranscriptIndex, segmentId: number, options: CheckOptions = {}): OutputCheck {
  const segment = index.transcript.segments[segmentId];
  if (!segment) throw new RangeError(`no segment ${segmentId} in this transcript`);
  return classifyOutput(index, segmentId, segment, options, gapsOf(index.transcript, segment));
}

function classifyOutput(index: TranscriptIndex, segmentId: number, segment: Segment, options: CheckOptions, gaps: ContextGap[]): OutputCheck {
  const { echo = false, ...classifyOptions } = options;
  const session = index.codeSessionFor(segmentId);
  const attached = session.view.unloggedAttachments();
  const raw = classifyAgainst(segment.text, index.lookup, {
    ...classifyOptions,
    accept: index.acceptFor(segmentId, echo),
    before: index.beforeFor(segmentId),
    gaps: attached.length === 0 ? gaps : [...gaps, ...attached.map(attachmentGap)],
    session,
    agentTurn: index.facts.hasToolCalls,
  });
  return new LazyOutputCheck(segmentId, raw, index, echo);
}

/** A file the prompt attached whose content the log left out could hold any name, string or value the output gives. */
function attachmentGap(path: string): ContextGap {
  return {
    code: `attachment-not-logged:${path}`,
    message: `${path} was attached to the prompt (@${path}); its content is not in the log, so what it holds cannot be checked.`,
    affects: ['identifier', 'quoted_string', 'number'],
  };
}

/** The output's own gaps and the whole file's, each once. */
export function gapsOf(transcript: Transcript, segment: Segment): ContextGap[] {
  return uniqueGaps([...(segment.gaps ?? []), ...transcript.gaps]);
}

function uniqueGaps(all: readonly ContextGap[]): ContextGap[] {
  const seen = new Set<string>();
  return all.filter((gap) => {
    const key = `${gap.code}\u0000${gap.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

class LazyOutputCheck implements OutputCheck {
  private ids: number[] | undefined;
  constructor(
    readonly segment: number,
    readonly result: ClassifyResult,
    private readonly index: TranscriptIndex,
    private readonly echo: boolean,
  ) {}

  get contextIds(): number[] {
    // Walking the parent chain costs the output's depth; most consumers never ask.
    if (!this.ids) this.ids = contextOf(this.index.transcript, this.segment, { echo: this.echo });
    return this.ids;
  }

  *nearestContext(): Iterable<ContextPart> {
    const ids = this.contextIds;
    for (let i = ids.length - 1; i >= 0; i--) yield { id: ids[i], text: this.index.facts.groundingText(ids[i]) };
  }

  toJSON(): { segment: number; result: ClassifyResult; contextIds: number[] } {
    return { segment: this.segment, result: this.result, contextIds: this.contextIds };
  }
}
