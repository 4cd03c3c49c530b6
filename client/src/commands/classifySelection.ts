/**
 * "groundcheck: Classify Selection": the selection is an output. Inside a
 * transcript the server takes the causal context at that position; anywhere
 * else the user picks the context. The report opens beside the editor and
 * the result is returned to the caller (other extensions, tests).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ClassifySelectionRequest } from '../../../shared/protocol/messages';
import type { FileStatusStore } from '../fileStatusStore';
import type { ReportView } from '../reportView';
import { pickContext } from './pickContext';

export interface ClassifySelectionOptions {
  /** Use this context instead of asking (scripts and tests). */
  context?: ClassifySelectionRequest.Params['context'];
  /** Open the report (default true). */
  showReport?: boolean;
}

export function classifySelectionCommand(client: LanguageClient, store: FileStatusStore, reports: ReportView) {
  return async (options: ClassifySelectionOptions = {}): Promise<ClassifySelectionRequest.Result | undefined> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showInformationMessage('groundcheck: select the text to classify first.');
      return undefined;
    }
    const { document, selection } = editor;
    const params: ClassifySelectionRequest.Params = {
      output: document.getText(selection),
      uri: client.code2ProtocolConverter.asUri(document.uri),
      offset: document.offsetAt(selection.start),
      context: options.context,
    };
    const inTranscript = store.get(document.uri)?.state === 'checked';
    if (!params.context && !inTranscript) {
      params.context = await pickContext(document.uri);
      if (!params.context) return undefined;
    }
    let result = await client.sendRequest<ClassifySelectionRequest.Result>(ClassifySelectionRequest.method, params);
    if (!result.hadContext && !params.context) {
      // The transcript had nothing before this position: fall back to asking.
      params.context = await pickContext(document.uri);
      if (!params.context) return result;
      result = await client.sendRequest<ClassifySelectionRequest.Result>(ClassifySelectionRequest.method, params);
    }
    if (options.showReport !== false) await reports.show(result.report);
    return result;
  };
}
