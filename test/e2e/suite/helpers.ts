/**
 * Waiting and lookup helpers for the extension-host tests. Every wait is on
 * an event (diagnostics changed, the server's "document checked" report)
 * with a timeout, never on a timer.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GroundcheckApi } from '../../../client/src/api';

export const EXTENSION_ID = 'groundcheck.groundcheck';
const WAIT_MS = 45_000;

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the fixture workspace open');
  return vscode.Uri.joinPath(folder.uri, name);
}

export async function groundcheckApi(): Promise<GroundcheckApi> {
  const extension = vscode.extensions.getExtension<GroundcheckApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

export function groundcheckDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'groundcheck');
}

/** Resolves with the document's groundcheck diagnostics once `accept` holds for them. */
export function waitForDiagnostics(uri: vscode.Uri, accept: (diagnostics: vscode.Diagnostic[]) => boolean, what: string): Promise<vscode.Diagnostic[]> {
  const now = groundcheckDiagnostics(uri);
  if (accept(now)) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      const seen = groundcheckDiagnostics(uri).map(describeDiagnostic).join('\n  ') || '(none)';
      reject(new Error(`timed out waiting for ${what} on ${path.basename(uri.path)}; diagnostics:\n  ${seen}`));
    }, WAIT_MS);
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((u) => u.toString() === uri.toString())) return;
      const diagnostics = groundcheckDiagnostics(uri);
      if (!accept(diagnostics)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(diagnostics);
    });
  });
}

export async function open(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  return vscode.window.showTextDocument(document);
}

export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' ? String(code.value) : String(code ?? '');
}

export function describeDiagnostic(d: vscode.Diagnostic): string {
  const r = d.range;
  return `${codeOf(d)} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${d.message}`;
}

/** The range of the `nth` occurrence (0-based) of `text` in the document. */
export function rangeOf(document: vscode.TextDocument, text: string, nth = 0): vscode.Range {
  const source = document.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = source.indexOf(text, at + 1);
    assert.ok(at >= 0, `"${text}" occurs fewer than ${nth + 1} times in ${path.basename(document.uri.path)}`);
  }
  return new vscode.Range(document.positionAt(at), document.positionAt(at + text.length));
}

export function diagnosticAt(diagnostics: vscode.Diagnostic[], range: vscode.Range): vscode.Diagnostic | undefined {
  return diagnostics.find((d) => d.range.isEqual(range));
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
