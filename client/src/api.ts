/**
 * What `activate` returns to other extensions and to the extension-host
 * tests: the latest check report per document, and a way to wait for one.
 */
import type { FileStatus } from '../../shared/protocol/messages';
import type { FindingsNode } from './findingsTree';
import type { UsagePresentation } from './usagePresentation';
import type * as vscode from 'vscode';

export interface GroundcheckApi {
  /** The last report for a document, if the server has checked it. */
  fileStatus(uri: vscode.Uri): FileStatus | undefined;
  /** Resolves when the server has checked `uri` at `minVersion` or later. */
  whenChecked(uri: vscode.Uri, minVersion?: number, timeoutMs?: number): Promise<FileStatus>;
  /** Fires after every check. */
  onDidCheck: vscode.Event<FileStatus>;
  /** The "groundcheck Findings" tree: open transcripts → outputs → findings. */
  findings: vscode.TreeDataProvider<FindingsNode>;
  /** What the token usage status item shows for the active file (totals; per model and sub-agent in the tooltip), or undefined while it is hidden. */
  usageStatus(): UsagePresentation | undefined;
  /**
   * The conversation view of a document, if open: the page it shows, a
   * redraw from the latest check, and what a click on a mark does (select
   * those raw offsets in the file).
   */
  conversation(uri: vscode.Uri): { html: string; refresh(): Promise<void>; reveal(raw: [number, number]): Promise<vscode.TextEditor> } | undefined;
}
