/**
 * One lookup index for a whole transcript. Every segment that could ground
 * some output (a grounding role, a successful action of the agent's, or a
 * model-written role for echoes, above at least one output) becomes one
 * part of a single ContextIndex, as the text it grounds with (line-number
 * gutters blanked, see shared/code/sessionFacts.ts); each
 * output then filters matches to its own ancestors. Building a context
 * string per turn would make a 2,000-turn session quadratic in its length.
 */
import type { CodeSession } from '../code/codeVerdicts';
import { SessionFacts } from '../code/sessionFacts';
import { sessionView } from '../code/sessionView';
import { ContextIndex } from '../lookup/contextIndex';
import { causalForest, type CausalForest } from '../transcript/causalContext';
import { ECHO_ROLES, GROUNDING_ROLES, type Transcript } from '../transcript/model';

/** Per-part flags: what kind of evidence a part is. */
const GROUNDS = 1;
const ECHOES = 2;

export class TranscriptIndex {
  readonly forest: CausalForest;
  readonly lookup: ContextIndex;
  /** What the session's tool calls establish: files shown, actions taken, text that grounds. */
  readonly facts: SessionFacts;
  /** Segment id of each index part. */
  readonly partSegment: Int32Array;
  private readonly partKind: Uint8Array;
  /** Index part of each segment, or -1 when the segment is not indexed. */
  private readonly segmentPart: Int32Array;
  /** Per segment: 1 + the highest part among its strict ancestors (0 for none), filled on demand. */
  private reach: Int32Array | undefined;

  private constructor(readonly transcript: Transcript) {
    this.forest = causalForest(transcript);
    const segments = transcript.segments;
    const ids: number[] = [];
    const texts: string[] = [];
    const kinds: number[] = [];
    this.segmentPart = new Int32Array(segments.length).fill(-1);
    const useful = ancestorsOfOutputs(transcript, this.forest);
    this.facts = SessionFacts.build(transcript);
    for (let id = 0; id < segments.length; id++) {
      const s = segments[id];
      const kind = GROUNDING_ROLES.has(s.role) || s.action === true ? GROUNDS : ECHO_ROLES.has(s.role) ? ECHOES : 0;
      if (kind === 0 || s.text.length === 0 || useful[id] === 0) continue;
      this.segmentPart[id] = ids.length;
      ids.push(id);
      texts.push(this.facts.groundingText(id));
      kinds.push(kind);
    }
    this.partSegment = Int32Array.from(ids);
    this.partKind = Uint8Array.from(kinds);
    this.lookup = ContextIndex.build(texts);
  }

  static build(transcript: Transcript): TranscriptIndex {
    return new TranscriptIndex(transcript);
  }

  /** The index part holding a segment's text, or -1. */
  partOf(segmentId: number): number {
    return this.segmentPart[segmentId] ?? -1;
  }

  /**
   * No part from this index on is an ancestor of `segmentId`. Parts follow
   * file order, so in most files this is where the output itself sits and a
   * lookup stops there instead of testing every later part; files whose
   * parents come later (unordered trace spans) get a correspondingly later bound.
   */
  beforeFor(segmentId: number): number {
    if (!this.reach) this.reach = ancestorReach(this.forest.parentOf, this.segmentPart);
    return this.reach[segmentId];
  }

  /**
   * The log holds the agent's tool calls with what they returned, so a file
   * line it never showed was never seen. Histories that name the files a
   * tool read without their contents (a gap on everything) do not.
   */
  private get toolsLogged(): boolean {
    return this.facts.hasToolCalls && !this.transcript.gaps.some((g) => g.affects === 'all');
  }

  /** What the session showed `outputId` before it: files and lines, for its file references. */
  codeSessionFor(outputId: number): CodeSession {
    const facts = this.facts;
    return {
      view: sessionView(facts, this.forest, outputId, (id) => facts.groundingText(id)),
      toolsLogged: this.toolsLogged,
      partOf: (segment) => this.partOf(segment),
    };
  }

  /** Which parts may ground `outputId`: its ancestors, model-written ones only with `echo`. */
  acceptFor(outputId: number, echo: boolean): (part: number) => boolean {
    const forest = this.forest;
    const partSegment = this.partSegment;
    const partKind = this.partKind;
    const allowed = echo ? GROUNDS | ECHOES : GROUNDS;
    return (part) => (partKind[part] & allowed) !== 0 && forest.isAncestor(partSegment[part], outputId);
  }
}

/**
 * 1 for segments above at least one output. Text below every output (the
 * tail of a session, a rewound branch that never answered) can ground
 * nothing, so it is left out of the index. Each segment is marked once.
 */
function ancestorsOfOutputs(transcript: Transcript, forest: CausalForest): Uint8Array {
  const useful = new Uint8Array(transcript.segments.length);
  transcript.segments.forEach((s, id) => {
    if (!s.isOutput) return;
    for (let p = forest.parentOf[id]; p !== -1 && useful[p] === 0; p = forest.parentOf[p]) useful[p] = 1;
  });
  return useful;
}

/**
 * For every segment, 1 + the highest index part among its strict ancestors.
 * Each segment is resolved once: a walk climbs to the first resolved
 * ancestor (or a root) and fills the values back down the path.
 */
function ancestorReach(parentOf: Int32Array, segmentPart: Int32Array): Int32Array {
  const n = parentOf.length;
  const reach = new Int32Array(n).fill(-1);
  const path: number[] = [];
  for (let id = 0; id < n; id++) {
    let node = id;
    while (node !== -1 && reach[node] === -1) {
      path.push(node);
      node = parentOf[node];
    }
    for (let k = path.length - 1; k >= 0; k--) {
      const child = path[k];
      const p = parentOf[child];
      reach[child] = p === -1 ? 0 : Math.max(reach[p], segmentPart[p] + 1);
    }
    path.length = 0;
  }
  return reach;
}
