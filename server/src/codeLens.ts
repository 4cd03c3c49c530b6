/**
 * One CodeLens per checked output: its level and grounded count, running the
 * client's list of that turn's unverified entities. Under the refined
 * profile the title also counts the turn's claims that fail.
 */
import type { CodeLens } from 'vscode-languageserver/node';
import { ClientCommands } from '../../shared/protocol/messages';
import type { DocumentState } from './documentState';
import type { OutputFinding } from './findings';
import { toLspRange } from './positions';

export function codeLenses(state: DocumentState): CodeLens[] {
  const p = state.current();
  if (!p) return [];
  const doc = state.doc;
  return p.analysis.outputs
    .filter((o) => o.entities.length > 0)
    .map((o) => {
      const grounded = o.entities.filter((e) => e.status === 'grounded').length;
      const range = toLspRange(doc, o.raw);
      const start = { start: range.start, end: range.start };
      return {
        range: start,
        command: {
          title: `${o.level} · ${grounded}/${o.entities.length} grounded${claimCounts(o)}`,
          command: ClientCommands.showUnverified,
          arguments: [doc.uri, range],
        },
      };
    });
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
