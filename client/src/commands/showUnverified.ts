/**
 * The command a turn's CodeLens runs: a quick pick of that turn's unverified
 * entities (the groundcheck diagnostics inside the turn's range) that reveals
 * and selects the chosen one. Reading the diagnostics already published keeps
 * the list identical to the squiggles, caps and suppressions included.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type * as lsp from 'vscode-languageclient/node';
import { ENTITY_TYPES } from '../../../shared/classifier/types';

/** Codes of per-entity findings: the entity types and the two verdicts of their own. */
const ENTITY_CODES: ReadonlySet<string> = new Set<string>([...ENTITY_TYPES, 'contradicted', 'misattributed']);

interface UnverifiedPick extends vscode.QuickPickItem {
  diagnostic: vscode.Diagnostic;
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' ? String(code.value) : String(code ?? '');
}

export function unverifiedIn(uri: vscode.Uri, range: vscode.Range | undefined): vscode.Diagnostic[] {
  return (
    vscode.languages
      .getDiagnostics(uri)
      // File-level notices (the cap, a size limit) share the source but are not claims.
      .filter((d) => d.source === 'groundcheck' && ENTITY_CODES.has(codeOf(d)) && (!range || range.intersection(d.range) !== undefined))
      .sort((a, b) => a.range.start.compareTo(b.range.start))
  );
}

export function showUnverifiedCommand(client: LanguageClient) {
  return async (uri: string | vscode.Uri, range?: lsp.Range | vscode.Range): Promise<vscode.Diagnostic | undefined> => {
    const target = typeof uri === 'string' ? client.protocol2CodeConverter.asUri(uri) : uri;
    const turn = range && !(range instanceof vscode.Range) ? client.protocol2CodeConverter.asRange(range) : range;
    const document = await vscode.workspace.openTextDocument(target);
    const picks: UnverifiedPick[] = unverifiedIn(target, turn).map((diagnostic) => ({
      label: document.getText(diagnostic.range),
      description: codeOf(diagnostic),
      detail: `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`,
      diagnostic,
    }));
    if (picks.length === 0) {
      void vscode.window.showInformationMessage('groundcheck: nothing unverified here.');
      return undefined;
    }
    const chosen = await vscode.window.showQuickPick(picks, {
      title: `groundcheck: ${picks.length} unverified`,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!chosen) return undefined;
    const editor = await vscode.window.showTextDocument(document, { preserveFocus: false });
    editor.selection = new vscode.Selection(chosen.diagnostic.range.start, chosen.diagnostic.range.end);
    editor.revealRange(chosen.diagnostic.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return chosen.diagnostic;
  };
}
