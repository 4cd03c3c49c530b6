/**
 * Checks every output of a transcript against its own causal context, using
 * one TranscriptIndex for the whole file.
 *
 * Results keep the classifier's shapes with one translation: each
 * `ContextMatch.part` (and so every match consumers see) is a **segment id**,
 * not an index part, so `transcript.segments[match.part].map` turns
 * `[match.start, match.end)` into raw-file offsets (see `matchRawRange`).
 * Entity spans stay in the output segment's decoded text (`entityRawRange`).
 */
import { isCodingAgentFormat } from '../transcript/codingAgents';
import { classifyAgainst } from '../pipeline/classify';
import { mapInPlace } from '../classifier/lazyProperty';
import { answersAsBefore, type OpenSearch } from '../lookup/reachWatch';
import type { ClassifyOptions, ClassifyResult, ContextGap, ContextMatch } from '../classifier/types';
import { canGround, causalForest, contextOf } from '../transcript/causalContext';
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
  /**
   * Whether the check is what a check against `index` now would give.
   * An output's lookups end where its context ends, which parts appended
   * to the index later do not change; but a rule may search the whole
   * session (unseen-versions: nothing later spells the version either).
   * Such a check stands in the index it was made in, grown since, while no
   * appended part holds what it searched for; in another index (one of a
   * head of the session), it does not.
   */
  standsIn(index: TranscriptIndex): boolean;
  /** A rule searched the whole session for this check, not only the output's context (see `standsIn`). */
  readonly searchedPastContext: boolean;
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
  return { transcript, outputs: [...outputChecks(index, options)], index, options };
}

/**
 * The checks of the index's outputs in file order, each made when it is
 * asked for: a caller that lays out each one's findings and lets it go holds
 * one output's results at a time, not a whole session's.
 */
export function* outputChecks(index: TranscriptIndex, options: CheckOptions = {}): Generator<OutputCheck> {
  const transcript = index.transcript;
  // The file's own gaps, deduplicated once: most outputs have none of their own.
  const fileGaps = uniqueGaps(transcript.gaps);
  for (let id = 0; id < transcript.segments.length; id++) {
    const segment = transcript.segments[id];
    if (!segment.isOutput) continue;
    const gaps = segment.gaps === undefined || segment.gaps.length === 0 ? fileGaps : gapsOf(transcript, segment);
    yield classifyOutput(index, id, segment, options, gaps);
  }
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
  // Assigned, not spread and extended: in Node 20's V8 that gives each output's options a hidden class of its own in the
  // old generation, which a check of many outputs fills with garbage only a full collection frees.
  const lookup = index.watch;
  lookup.take();
  const raw = classifyAgainst(
    segment.text,
    lookup,
    Object.assign({}, classifyOptions, {
      accept: index.acceptFor(segmentId, echo),
      before: index.beforeFor(segmentId),
      gaps: attached.length === 0 ? gaps : [...gaps, ...attached.map(attachmentGap)],
      session,
      agentTurn: index.facts.hasToolCalls || isCodingAgentFormat(index.transcript.format),
    }),
  );
  const open = lookup.take();
  const searched = open.length > 0 ? { searches: open, parts: index.lookup.partCount } : undefined;
  return new LazyOutputCheck(segmentId, withSegmentIds(raw, index.partSegment), index, echo, searched);
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
    /** The searches past the output's context, and the parts the index had when they were last found to answer so. */
    private readonly searched: { searches: readonly OpenSearch[]; parts: number } | undefined,
  ) {}

  get searchedPastContext(): boolean {
    return this.searched !== undefined;
  }

  standsIn(index: TranscriptIndex): boolean {
    const searched = this.searched;
    if (!searched) return true;
    if (index !== this.index || !answersAsBefore(index.lookup, searched.searches, searched.parts)) return false;
    // Parts found not to change the answers are not searched again.
    searched.parts = index.lookup.partCount;
    return true;
  }

  get contextIds(): number[] {
    // Walking the parent chain costs the output's depth; most consumers never ask.
    if (!this.ids) this.ids = contextOf(this.index.transcript, this.segment, { echo: this.echo });
    return this.ids;
  }

  /**
   * Walks up from the output, so a search that stops early (the closest
   * match reads a bounded number of characters) costs what it reads, not
   * the output's whole ancestry: listing that for every output with a
   * finding would be quadratic over a long session.
   */
  *nearestContext(): Iterable<ContextPart> {
    const segments = this.index.transcript.segments;
    const parentOf = causalForest(this.index.transcript).parentOf;
    const options = { echo: this.echo };
    for (let p = parentOf[this.segment]; p !== -1; p = parentOf[p]) {
      if (canGround(segments[p], options)) yield { id: p, text: this.index.facts.groundingText(p) };
    }
  }

  toJSON(): { segment: number; result: ClassifyResult; contextIds: number[] } {
    return { segment: this.segment, result: this.result, contextIds: this.contextIds };
  }
}

/**
 * The result with every context match naming the segment it is in instead of
 * an index part (index parts skip segments that can ground nothing, so the two
 * numberings differ): entity matches and a contradiction's match alike. The
 * result is changed in place and returned.
 */
export function withSegmentIds(result: ClassifyResult, partSegment: Int32Array): ClassifyResult {
  // Where every segment up to the last part is indexed (a RAG record, a short chat), the numberings agree.
  if (isIdentity(partSegment)) return result;
  const toSegments = (matches: readonly ContextMatch[]): ContextMatch[] => matches.map((m) => ({ part: partSegment[m.part], start: m.start, end: m.end }));
  // The result is the classifier's own, just made: it is renumbered in place, not copied.
  for (const e of result.entities) {
    const c = e.contradiction;
    if (c) e.contradiction = { ...c, match: { ...c.match, part: partSegment[c.match.part] } };
    // Locations not read yet stay unread: they are renumbered when first asked for.
    if (e.found || e.matches.length > 0) mapInPlace(e, 'matches', toSegments);
  }
  return result;
}

/** Parts list segment ids in ascending order, so the last one being `n - 1` makes every one its own. */
function isIdentity(partSegment: Int32Array): boolean {
  const n = partSegment.length;
  return n === 0 || partSegment[n - 1] === n - 1;
}
