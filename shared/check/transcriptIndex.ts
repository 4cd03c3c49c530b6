/**
 * One lookup index for a whole transcript. Every segment that could ground
 * some output (a grounding role, a successful action of the agent's, or a
 * model-written role for echoes, above at least one output) becomes one
 * part of a single ContextIndex, as the text it grounds with (line-number
 * gutters blanked, see shared/code/facts/sessionFacts.ts); each
 * output then filters matches to its own ancestors. Building a context
 * string per turn would make a 2,000-turn session quadratic in its length.
 */
import type { CodeSession } from '../code/rules';
import { SessionFacts, sessionView } from '../code/facts';
import { GrowingContextIndex } from '../lookup/growingContextIndex';
import { ReachWatch } from '../lookup/reachWatch';
import type { LookupScope, NearestMatchMemo } from '../lookup/nearestMatchMemo';
import { causalForest, type CausalForest } from '../transcript/causalContext';
import { ECHO_ROLES, GROUNDING_ROLES, type Segment, type Transcript } from '../transcript/model';

/** Per-part flags: what kind of evidence a part is. */
const GROUNDS = 1;
const ECHOES = 2;

/** What `TranscriptIndex.extend` did, or why the index must be built afresh. */
export type IndexExtension = { partsAdded: number } | { fallback: string };

export class TranscriptIndex {
  readonly forest: CausalForest;
  readonly lookup: GrowingContextIndex;
  /** The lookup as each output's check reads it: it notes the searches that go past the output's context (see OutputCheck.standsIn). */
  readonly watch: ReachWatch;
  /**
   * The lookup remembers each form's nearest matches from one output to a
   * later one below it (see nearestMatchMemo.ts), so a name that every
   * answer repeats is not searched for from the end of the context by every
   * one of them; each output's `accept` is registered here.
   */
  private readonly nearest: NearestMatchMemo;
  /** What the session's tool calls establish: files shown, actions taken, text that grounds. */
  readonly facts: SessionFacts;
  /** Segment id of each index part, ascending. */
  partSegment: Int32Array;
  private partKind: Uint8Array;
  private partStore: Int32Array;
  private kindStore: Uint8Array;
  /** Index part of each segment, or -1 when the segment is not indexed. */
  private segmentPart: Int32Array;
  /** 1 for segments above at least one output. */
  private useful: Uint8Array;
  /** Per segment: 1 + the highest part among its strict ancestors (0 for none), filled on demand. */
  private reach: Int32Array | undefined;
  /** Per segment: the highest ancestor (or itself) from which segment ids only grow down to it; filled on demand, for `runFilled` segments. */
  private runTop = new Int32Array(0);
  private runFilled = 0;

  private constructor(readonly transcript: Transcript) {
    this.forest = causalForest(transcript);
    const segments = transcript.segments;
    const ids: number[] = [];
    const texts: string[] = [];
    const kinds: number[] = [];
    this.segmentPart = new Int32Array(segments.length).fill(-1);
    const useful = ancestorsOfOutputs(transcript, this.forest);
    this.useful = useful;
    this.facts = SessionFacts.build(transcript);
    for (let id = 0; id < segments.length; id++) {
      const kind = kindOf(segments[id]);
      if (kind === 0 || segments[id].text.length === 0 || useful[id] === 0) continue;
      this.segmentPart[id] = ids.length;
      ids.push(id);
      texts.push(this.facts.groundingText(id));
      kinds.push(kind);
    }
    this.partSegment = this.partStore = Int32Array.from(ids);
    this.partKind = this.kindStore = Uint8Array.from(kinds);
    this.lookup = GrowingContextIndex.build(texts);
    this.watch = new ReachWatch(this.lookup);
    this.nearest = this.lookup.rememberNearest((earlier, later) => this.scopeExtends(earlier, later));
  }

  /**
   * Takes in segments appended to the transcript (see parseAppendedLines.ts)
   * without rebuilding what is indexed: the forest, the facts and the lookup
   * grow by the new segments, and segments that become context for the new
   * outputs are indexed as new parts. Falls back where that would not give
   * the index a build from scratch gives: parts out of file order, or an
   * earlier segment that already grounded an output now grounding
   * differently (`changed`: earlier segments the new lines made into actions).
   * On a fallback the index is half extended and must be dropped. With
   * `settle` false the lookup's rebuilds wait for `settle()` (see
   * GrowingContextIndex.append).
   */
  extend(from: number, changed: readonly number[], settle = true): IndexExtension {
    const segments = this.transcript.segments;
    const n = segments.length;
    if (!this.forest.extend(segments)) return { fallback: 'a new segment hangs under a later one' };
    const hadCalls = this.facts.hasToolCalls;
    const placed = this.facts.extend();
    if (this.facts.hasToolCalls !== hadCalls) return { fallback: 'the session ran its first tool, so every turn is an agent turn' };
    this.useful = grown(this.useful, n, 0);
    this.segmentPart = grown(this.segmentPart, n, -1);
    for (const id of [...changed, ...placed]) {
      if (this.useful[id] === 1) return { fallback: 'the new lines change what an earlier segment tells the outputs below it' };
    }
    const parentOf = this.forest.parentOf;
    const newlyUseful: number[] = [];
    const newOutputs: number[] = [];
    for (let id = from; id < n; id++) {
      if (!segments[id].isOutput) continue;
      newOutputs.push(id);
      markAncestors(segments, parentOf, this.useful, id, newlyUseful);
    }
    newlyUseful.sort((a, b) => a - b);
    const added = newlyUseful.filter((id) => kindOf(segments[id]) !== 0 && segments[id].text.length > 0);
    const last = this.partSegment.length > 0 ? this.partSegment[this.partSegment.length - 1] : -1;
    if (added.length > 0 && added[0] <= last) return { fallback: 'an earlier segment becomes context between indexed ones' };
    const firstPart = this.partSegment.length;
    const parts = firstPart + added.length;
    // Views of the first `parts` entries of storage that doubles: `partSegment` is read by its length.
    this.partStore = grown(this.partStore, parts, 0);
    this.kindStore = grown(this.kindStore, parts, 0);
    added.forEach((id, k) => {
      this.segmentPart[id] = firstPart + k;
      this.partStore[firstPart + k] = id;
      this.kindStore[firstPart + k] = kindOf(segments[id]);
    });
    this.partSegment = this.partStore.subarray(0, parts);
    this.partKind = this.kindStore.subarray(0, parts);
    this.lookup.append(
      added.map((id) => this.facts.groundingText(id)),
      settle,
    );
    if (this.reach) this.reach = extendReach(this.reach, parentOf, this.segmentPart, [...newlyUseful, ...newOutputs]);
    return { partsAdded: added.length };
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
   * Whether, below an earlier output's bound, a later output's lookups
   * accept exactly the parts the earlier one's do, so that the matches
   * remembered for the one hold for the other there. They do when the later
   * output lies below the earlier one's parent (the tool call its turn makes
   * next, say): its ancestors are the earlier one's and segments under that
   * parent. Those come after the earlier one's latest indexed ancestor in
   * the file, and so lie above its bound, when segment ids only grow down
   * the later one's ancestry from that ancestor on.
   */
  private scopeExtends(earlier: LookupScope, later: LookupScope): boolean {
    if (earlier.before === 0) return true;
    const forest = this.forest;
    const parent = forest.parentOf[earlier.output];
    if (parent !== later.output && !forest.isAncestor(parent, later.output)) return false;
    const top = this.increasingFrom(later.output);
    const latest = this.partSegment[earlier.before - 1];
    return top === latest || forest.isAncestor(top, latest);
  }

  /** The highest ancestor of a segment (or itself) from which segment ids only grow down to it. */
  private increasingFrom(segment: number): number {
    const parentOf = this.forest.parentOf;
    if (this.runFilled < parentOf.length) {
      // Appended segments come after their parents (CausalForest.extend), so each follows one already filled.
      const top = (this.runTop = grown(this.runTop, parentOf.length, -1));
      for (let id = this.runFilled; id < parentOf.length; id++) {
        const p = parentOf[id];
        top[id] = p !== -1 && p < id ? top[p] : id;
      }
      this.runFilled = parentOf.length;
    }
    return this.runTop[segment];
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
      isToolOutput: (part) => this.transcript.segments[this.partSegment[part]]?.role === 'tool_result',
      segmentOf: (part) => this.partSegment[part],
      isEarlier: (segment) => this.forest.isAncestor(segment, outputId),
      text: (segment) => facts.groundingText(segment),
    };
  }

  /** Which parts may ground `outputId`: its ancestors, model-written ones only with `echo`. */
  acceptFor(outputId: number, echo: boolean): (part: number) => boolean {
    const forest = this.forest;
    const partSegment = this.partSegment;
    const partKind = this.partKind;
    const allowed = echo ? GROUNDS | ECHOES : GROUNDS;
    const accept = (part: number) => (partKind[part] & allowed) !== 0 && forest.isAncestor(partSegment[part], outputId);
    return this.nearest.scope(accept, { output: outputId, group: echo ? 1 : 0, before: this.beforeFor(outputId) });
  }
}

function kindOf(s: Transcript['segments'][number]): number {
  return GROUNDING_ROLES.has(s.role) || s.action === true ? GROUNDS : ECHO_ROLES.has(s.role) ? ECHOES : 0;
}

/** `array` with room for `length` entries, new ones set to `fill`; room doubles, so growing by appends costs a constant per entry. */
function grown<T extends Int32Array | Uint8Array>(array: T, length: number, fill: number): T {
  if (array.length >= length) return array;
  const out = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  out.set(array);
  out.fill(fill, array.length);
  return out;
}

/**
 * `reach` with exact entries for `stale` (segments that just became
 * context, and new outputs) and room for every segment. Their parents are
 * either among them or were context before, whose entries still hold: no
 * part was added above an earlier context segment.
 */
function extendReach(reach: Int32Array, parentOf: Int32Array, segmentPart: Int32Array, stale: number[]): Int32Array {
  const out = grown(reach, parentOf.length, -1);
  for (const id of stale) out[id] = -1;
  const path: number[] = [];
  for (const id of stale) resolveReach(out, parentOf, segmentPart, id, path);
  return out;
}

/**
 * 1 for segments above at least one output. Text below every output (the
 * tail of a session, a rewound branch that never answered) can ground
 * nothing, so it is left out of the index. Each segment is marked once.
 */
function ancestorsOfOutputs(transcript: Transcript, forest: CausalForest): Uint8Array {
  const useful = new Uint8Array(transcript.segments.length);
  transcript.segments.forEach((s, id) => {
    if (s.isOutput) markAncestors(transcript.segments, forest.parentOf, useful, id);
  });
  return useful;
}

/**
 * Marks the unmarked ancestors of `id` in `useful` (and lists them in
 * `marked`). Past a compaction that started a new root, the branch it
 * summarised is marked too: the output does not see it, but it is still
 * earlier in the session, which rules that search the whole session (a
 * version or a name nothing spells) must read.
 */
function markAncestors(segments: readonly Segment[], parentOf: Int32Array, useful: Uint8Array, id: number, marked?: number[]): void {
  const starts = [parentOf[id]];
  while (starts.length > 0) {
    for (let p = starts.pop()!; p !== -1 && useful[p] === 0; p = parentOf[p]) {
      useful[p] = 1;
      marked?.push(p);
      const before = segments[p].compactedFrom;
      if (before !== undefined) starts.push(before);
    }
  }
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
  for (let id = 0; id < n; id++) resolveReach(reach, parentOf, segmentPart, id, path);
  return reach;
}

/**
 * Fills `reach` for `id` and its unresolved ancestors (-1): climbs to the
 * first resolved one (or a root), then fills the values back down the path.
 * `path` is scratch, left empty.
 */
function resolveReach(reach: Int32Array, parentOf: Int32Array, segmentPart: Int32Array, id: number, path: number[]): void {
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
