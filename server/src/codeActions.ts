/**
 * Quick fixes on a groundcheck diagnostic, read from the diagnostic's `data`:
 * show the closest context match, replace the value with the context's (for
 * a contradiction, the value the context gives for the same slot), and
 * ignore this occurrence, this value or this entity type.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver/node';
import { ClientCommands, IgnoreCommand } from '../../shared/protocol/messages';
import type { FindingData } from './diagnostics';
import { SOURCE } from './diagnostics';
import type { DocumentState } from './documentState';
import { typeWords } from '../../shared/docs/entityTypeDocs';
import { toLspRange } from './positions';

/**
 * Text that reads the same raw and decoded: without quotes, backslashes or
 * control characters it can go into a JSON string, CSV cell or Markdown as is.
 */
const PLAIN = /^[^"\\\u0000-\u001f\u007f]*$/;

/** `canIgnore`: whether the document has an ignore store to write to (it is in a workspace folder). */
export function codeActions(state: DocumentState, params: CodeActionParams, canIgnore = true): CodeAction[] {
  const out: CodeAction[] = [];
  const doc = state.doc;
  for (const diagnostic of params.context.diagnostics) {
    const data = findingData(diagnostic);
    if (!data) continue;
    // Only where the raw text is the entity's own, so the edit replaces exactly the value (no escapes in between).
    const replaceable = doc.getText(diagnostic.range) === data.text;
    const contradiction = data.contradiction;
    if (contradiction !== undefined && PLAIN.test(contradiction) && replaceable) {
      out.push({
        title: `Replace with the context's value '${contradiction}'`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [doc.uri]: [{ range: diagnostic.range, newText: contradiction }] } },
      });
    }
    if (data.closest) {
      const location = { uri: doc.uri, range: toLspRange(doc, data.closest.raw) };
      out.push({
        title: `Show what the context says: '${data.closest.text}' (${data.closest.label})`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: {
          title: 'Show closest context match',
          command: ClientCommands.showReferences,
          arguments: [doc.uri, diagnostic.range.start, [location]],
        },
      });
      // A contradiction's own replacement (above) is the better one; a second, different edit would only compete.
      if (contradiction === undefined && PLAIN.test(data.closest.text) && replaceable) {
        out.push({
          title: `Replace '${data.text}' with the context's '${data.closest.text}'`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: { changes: { [doc.uri]: [{ range: diagnostic.range, newText: data.closest.text }] } },
        });
      }
    }
    if (!canIgnore) continue;
    const scopes: [IgnoreCommand.Args['scope'], string][] = [
      ['occurrence', `Ignore this occurrence of '${data.text}'`],
      ['value', `Ignore ${typeWords(data.type)} '${data.text}' everywhere`],
      ['type', `Ignore all ${typeWords(data.type)}s`],
    ];
    for (const [scope, title] of scopes) {
      const args: IgnoreCommand.Args = {
        uri: doc.uri,
        scope,
        type: data.type,
        text: data.text,
        normalized: data.normalized,
        key: data.key,
      };
      out.push({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: { title, command: IgnoreCommand.id, arguments: [args] },
      });
    }
  }
  return out;
}

function findingData(d: Diagnostic): FindingData | undefined {
  if (d.source !== SOURCE || !d.data || typeof d.data !== 'object') return undefined;
  const data = d.data as Partial<FindingData>;
  return data.kind === 'unverified' && typeof data.key === 'string' && typeof data.type === 'string' ? (data as FindingData) : undefined;
}
