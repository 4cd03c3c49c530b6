/**
 * One CodeLens per checked output: its level and grounded count, running the
 * client's list of that turn's unverified entities. Under the refined
 * profile the title also counts the turn's claims that fail. Beside it, the
 * tokens the model call that wrote the turn spent, where the file records
 * them (see usageLens.ts) and `groundcheck.usageLens` is on.
 */
import type { CodeLens } from 'vscode-languageserver/node';
import { ClientCommands } from '../../shared/protocol/messages';
import type { DocumentState } from './documentState';
import type { OutputFinding } from './fileAnalysis';
import { toLspRange } from './positions';
import { anchorCalls, countsComeFirst, usageLens, type UsageAnchor } from './usageLens';

export function codeLenses(state: DocumentState): CodeLens[] {
  const p = state.current();
  if (!p) return [];
  const doc = state.doc;
  const outputs = p.analysis.outputs;
  const usage = p.settings.usageLens ? p.analysis.usage : undefined;
  const anchors = usage ? anchorCalls(outputs, usage.calls, countsComeFirst(usage.summary.format, outputs, usage.calls)) : [];
  const byOutput = new Map<number, UsageAnchor[]>();
  const lenses: CodeLens[] = [];
  for (const a of anchors) {
    if (a.output === undefined) lenses.push(usageLens(a.call, { line: a.call.line, character: 0 }));
    else byOutput.set(a.output, [...(byOutput.get(a.output) ?? []), a]);
  }
  outputs.forEach((o, i) => {
    const calls = byOutput.get(i);
    if (o.entities.length === 0 && !calls) return;
    const grounding = o.entities.length > 0 ? groundingLensOf(state, o) : undefined;
    if (grounding) lenses.push(grounding);
    const start = grounding?.range.start ?? doc.positionAt(o.raw[0]);
    for (const a of calls ?? []) lenses.push(usageLens(a.call, start));
  });
  return lenses;
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
