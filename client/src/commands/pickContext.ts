/**
 * Lets the user say what the context is when the selection is not inside a
 * transcript: another open editor, a file on disk, or the clipboard.
 */
import * as vscode from 'vscode';
import type { ClassifySelectionRequest } from '../../../shared/protocol/messages';

type PickedContext = NonNullable<ClassifySelectionRequest.Params['context']>;

interface ContextChoice extends vscode.QuickPickItem {
  load(): Promise<PickedContext | undefined>;
}

function shortName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() || uri.toString();
}

function editorChoices(exclude: vscode.Uri | undefined): ContextChoice[] {
  return vscode.workspace.textDocuments
    .filter((doc) => (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled') && doc.uri.toString() !== exclude?.toString())
    .map((doc) => ({
      label: `$(file) ${shortName(doc.uri)}`,
      description: vscode.workspace.asRelativePath(doc.uri),
      detail: 'Open editor',
      load: async () => ({ text: doc.getText(), label: vscode.workspace.asRelativePath(doc.uri) }),
    }));
}

const FILE_CHOICE: ContextChoice = {
  label: '$(folder-opened) Choose a file…',
  load: async () => {
    const [uri] = (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Use as context' })) ?? [];
    if (!uri) return undefined;
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { text: new TextDecoder().decode(bytes), label: vscode.workspace.asRelativePath(uri) };
  },
};

const CLIPBOARD_CHOICE: ContextChoice = {
  label: '$(clippy) Clipboard',
  load: async () => ({ text: await vscode.env.clipboard.readText(), label: 'clipboard' }),
};

export async function pickContext(current: vscode.Uri | undefined): Promise<PickedContext | undefined> {
  const choice = await vscode.window.showQuickPick([...editorChoices(current), FILE_CHOICE, CLIPBOARD_CHOICE], {
    title: 'groundcheck: what did the model see?',
    placeHolder: 'Pick the context to check the selection against',
  });
  return choice?.load();
}
