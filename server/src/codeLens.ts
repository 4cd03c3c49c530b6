/**
 * One CodeLens per checked output: its level and grounded count, running the
 * client's list of that turn's unverified entities.
 */
import type { CodeLens } from 'vscode-languageserver/node';
import { ClientCommands } from '../../shared/protocol/messages';
import type { DocumentState } from './documentState';
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
          title: `${o.level} · ${grounded}/${o.entities.length} grounded`,
          command: ClientCommands.showUnverified,
          arguments: [doc.uri, range],
        },
      };
    });
}
