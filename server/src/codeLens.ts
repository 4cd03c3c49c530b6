/**
 * One CodeLens per checked output: its level and grounded count, running the
 * client's list of that turn's unverified entities. Under the refined
 * profile the title also counts the turn's claims that fail. Beside it, the
 * tokens the model call that wrote the turn spent, where the file records
 * them (see usageLens.ts) and `groundcheck.usageLens` is on.
 */
import type { CodeLens, Position } from 'vscode-languageserver/node';
import { ClientCommands } from '../../shared/protocol/messages';
import { firstNotBelow } from '../../shared/text/sortedSearch';
import type { DocumentState, Published } from './documentState';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import type { CallCounts, FileUsage } from './fileUsage';
import type { OutputLineOrder } from './outputLineOrder';
import { toLspRange } from './positions';
import { countsComeFirstAfter, usageLens } from './usageLens';

/**
 * Every lens of the published findings, ordered by place. An editor that
 * refreshes lenses asks for all of them after each publication; they are
 * kept per document, and a turn appended to a long session (or the usage
 * read again after it) makes only its own.
 */
export function codeLenses(state: DocumentState): CodeLens[] {
  const p = state.current();
  if (!p) return [];
  let list = lists.get(state);
  if (!list?.follow(state, p)) {
    list = new LensList(state, p);
    lists.set(state, list);
  }
  return list.lenses.slice();
}

const lists = new WeakMap<DocumentState, LensList>();

/** A lens's place in the list: by position, an output's grounding lens before the usage lenses there, those by call. */
interface Key {
  line: number;
  character: number;
  /** -1 for a grounding lens; a usage lens's call index. */
  call: number;
}

class LensList {
  readonly lenses: CodeLens[] = [];
  private readonly keys: Key[] = [];
  private analysis: FileAnalysis;
  private usage: FileUsage | undefined;
  private readonly rewrites: number;
  private readonly usageLens: boolean;
  private countsFirst: boolean;
  /** Per call of `usage`, where its lens is. */
  private callsAt: Position[] = [];

  constructor(state: DocumentState, p: Published) {
    const doc = state.doc;
    this.analysis = p.analysis;
    this.rewrites = doc.rewrites;
    this.usageLens = p.settings.usageLens;
    this.usage = this.usageLens ? p.analysis.usage : undefined;
    const order = p.order;
    this.countsFirst = countsFirstIn(this.usage, order);
    const outputs = p.analysis.outputs;
    const all: { key: Key; lens: CodeLens }[] = [];
    outputs.forEach((o) => {
      if (o.entities.length === 0) return;
      const lens = groundingLensOf(state, o);
      all.push({ key: { ...lens.range.start, call: -1 }, lens });
    });
    const calls = this.usage?.calls ?? [];
    calls.forEach((call, i) => {
      const at = this.placeOf(state, order, calls, i);
      this.callsAt[i] = at;
      all.push({ key: { ...at, call: i }, lens: usageLensOf(call, at) });
    });
    all.sort((a, b) => compareKeys(a.key, b.key));
    for (const { key, lens } of all) {
      this.keys.push(key);
      this.lenses.push(lens);
    }
  }

  /**
   * Brings the list up to `p`: outputs replaced and added since (see
   * Published.grownFrom), or the usage read again. False when it cannot
   * follow and must be built afresh.
   */
  follow(state: DocumentState, p: Published): boolean {
    if (state.doc.rewrites !== this.rewrites || p.settings.usageLens !== this.usageLens) return false;
    const order = p.order;
    if (p.analysis !== this.analysis) {
      const grown = p.grownFrom;
      if (grown?.analysis !== this.analysis || !this.growOutputs(state, p.analysis, grown.changed, grown.from)) return false;
      this.analysis = p.analysis;
    }
    const usage = this.usageLens ? p.analysis.usage : undefined;
    if (countsFirstIn(usage, order) !== this.countsFirst) return false;
    const calls = usage?.calls ?? [];
    const before = this.usage?.calls ?? [];
    // Calls kept from the usage read before are the same objects (see keepCalls): only those after the first other one move.
    let same = 0;
    while (same < calls.length && same < before.length && calls[same] === before[same]) same++;
    // Counts logged first: the span of the call before the first new one ends at it, and the last call's
    // span is open-ended, so outputs added can be its turn. Logged after: the spans end at the calls' own
    // records, before any output added.
    const from = Math.max(0, this.countsFirst ? same - 1 : same);
    for (let i = from; i < before.length; i++) this.remove({ ...this.callsAt[i], call: i });
    this.callsAt.length = from;
    for (let i = from; i < calls.length; i++) {
      const at = this.placeOf(state, order, calls, i);
      this.callsAt[i] = at;
      this.insert({ ...at, call: i }, usageLensOf(calls[i], at));
    }
    this.usage = usage;
    return true;
  }

  /** The grounding lenses of outputs `changed` (replaced in place) and from `from` on (added); false when one moved. */
  private growOutputs(state: DocumentState, analysis: FileAnalysis, changed: readonly number[], from: number): boolean {
    const outputs = analysis.outputs;
    const doc = state.doc;
    for (const i of changed) {
      const before = this.analysis.outputs[i];
      if (before.raw[0] !== outputs[i].raw[0]) return false;
      const at = doc.positionAt(before.raw[0]);
      if (before.entities.length > 0) this.remove({ ...at, call: -1 });
      if (outputs[i].entities.length > 0) this.insert({ ...at, call: -1 }, groundingLensOf(state, outputs[i]));
    }
    for (let i = from; i < outputs.length; i++) {
      if (outputs[i].entities.length === 0) continue;
      const lens = groundingLensOf(state, outputs[i]);
      this.insert({ ...lens.range.start, call: -1 }, lens);
    }
    return true;
  }

  /** Where call `i`'s lens goes: beside the output that is its turn, else on its record's line. */
  private placeOf(state: DocumentState, order: OutputLineOrder, calls: readonly CallCounts[], i: number): Position {
    const output = order.anchorOf(calls, i, this.countsFirst);
    return output === undefined ? { line: calls[i].line, character: 0 } : state.doc.positionAt(this.analysis.outputs[output].raw[0]);
  }

  private insert(key: Key, lens: CodeLens): void {
    const at = this.indexOf(key);
    this.keys.splice(at, 0, key);
    this.lenses.splice(at, 0, lens);
  }

  private remove(key: Key): void {
    const at = this.indexOf(key);
    if (at < this.keys.length && compareKeys(this.keys[at], key) === 0) {
      this.keys.splice(at, 1);
      this.lenses.splice(at, 1);
    }
  }

  /** Where `key` is or belongs. */
  private indexOf(key: Key): number {
    const n = this.keys.length;
    // Most lenses made are the last: look there first.
    if (n > 0 && compareKeys(this.keys[n - 1], key) < 0) return n;
    return firstNotBelow(this.keys, key, compareKeys);
  }
}

function compareKeys(a: Key, b: Key): number {
  return a.line - b.line || a.character - b.character || a.call - b.call;
}

/** countsComeFirst (usageLens.ts) over the outputs in line order. */
function countsFirstIn(usage: FileUsage | undefined, order: OutputLineOrder): boolean {
  return usage !== undefined && countsComeFirstAfter(usage.summary.format, order.lastLine(), usage.calls);
}

/** Usage lenses made before, by call, while the call and its place stay the same (the usage read again keeps its calls: see keepCalls). */
const usageLenses = new WeakMap<CallCounts, { at: Position; lens: CodeLens }>();

function usageLensOf(call: CallCounts, at: Position): CodeLens {
  const kept = usageLenses.get(call);
  if (kept && kept.at.line === at.line && kept.at.character === at.character) return kept.lens;
  const lens = usageLens(call, at);
  usageLenses.set(call, { at, lens });
  return lens;
}

/**
 * Grounding lenses built for published outputs, kept while their positions
 * hold (see LazyTextDocument.rewrites): an editor that refreshes lenses asks
 * for all of them after each publication, and a turn appended to a long
 * session would otherwise build one for every output again.
 */
const built = new WeakMap<OutputFinding, { lens: CodeLens; doc: DocumentState['doc']; rewrites: number; raw: [number, number] }>();

function groundingLensOf(state: DocumentState, o: OutputFinding): CodeLens {
  const doc = state.doc;
  const kept = built.get(o);
  // Offsets are moved in place by a patch (findingsPatch.ts): the range is compared, not only the object.
  if (kept && kept.doc === doc && kept.rewrites === doc.rewrites && kept.raw[0] === o.raw[0] && kept.raw[1] === o.raw[1]) return kept.lens;
  const lens = groundingLens(state, o, doc.positionAt(o.raw[0]));
  built.set(o, { lens, doc, rewrites: doc.rewrites, raw: [o.raw[0], o.raw[1]] });
  return lens;
}

function groundingLens(state: DocumentState, o: OutputFinding, start: CodeLens['range']['start']): CodeLens {
  const grounded = o.entities.filter((e) => e.status === 'grounded').length;
  return {
    range: { start, end: start },
    command: {
      title: `${o.level} · ${grounded}/${o.entities.length} grounded${claimCounts(o)}`,
      command: ClientCommands.showUnverified,
      arguments: [state.doc.uri, toLspRange(state.doc, o.raw)],
    },
  };
}

/**
 * " · 1 of 4 claims contradicted, 1 unverified", or " · 4 of 4 claims
 * grounded" when none fails; empty without claims.
 */
function claimCounts(o: OutputFinding): string {
  const claims = o.claims;
  if (!claims || claims.length === 0) return '';
  const count = (v: string) => claims.filter((c) => c.verdict === v).length;
  const contradicted = count('contradicted');
  const unverified = count('unverified');
  const of = `${claims.length} claim${claims.length === 1 ? '' : 's'}`;
  if (contradicted > 0) return ` · ${contradicted} of ${of} contradicted${unverified > 0 ? `, ${unverified} unverified` : ''}`;
  if (unverified > 0) return ` · ${unverified} of ${of} unverified`;
  return ` · ${count('grounded')} of ${of} grounded`;
}
