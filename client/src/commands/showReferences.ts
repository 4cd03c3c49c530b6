/**
 * Turns LSP locations from the server (a CodeLens or hover link, "where the
 * context says this") into VS Code locations for the built-in references
 * peek, which cannot take protocol objects itself.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type * as lsp from 'vscode-languageclient/node';

export function showReferencesCommand(client: LanguageClient) {
  return async (uri: string, position: lsp.Position, locations: lsp.Location[]): Promise<vscode.Location[]> => {
    const converted = locations.map((l) => client.protocol2CodeConverter.asLocation(l));
    await vscode.commands.executeCommand(
      'editor.action.showReferences',
      client.protocol2CodeConverter.asUri(uri),
      client.protocol2CodeConverter.asPosition(position),
      converted,
    );
    return converted;
  };
}
