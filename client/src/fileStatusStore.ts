/**
 * The latest `groundcheck/documentChecked` report per document. The status
 * item renders from it, commands ask it whether a file is a transcript, and
 * the extension's API lets callers wait for a given document version to be
 * checked instead of guessing with timers.
 */
import * as vscode from 'vscode';
import type { CheckProgressNotification, FileStatus } from '../../shared/protocol/messages';

export class FileStatusStore implements vscode.Disposable {
  private readonly byUri = new Map<string, FileStatus>();
  private readonly changed = new vscode.EventEmitter<FileStatus>();
  readonly onDidChange = this.changed.event;
  /** Checks under way: outputs checked so far, until the check's report comes. */
  private readonly progressByUri = new Map<string, CheckProgressNotification.Params>();
  private readonly progressed = new vscode.EventEmitter<CheckProgressNotification.Params>();
  readonly onDidProgress = this.progressed.event;

  update(status: FileStatus): void {
    this.byUri.set(status.uri, status);
    const p = this.progressByUri.get(status.uri);
    if (p && p.version <= status.version) this.progressByUri.delete(status.uri);
    this.changed.fire(status);
  }

  progress(p: CheckProgressNotification.Params): void {
    const done = this.byUri.get(p.uri);
    if (done && done.version >= p.version) return;
    this.progressByUri.set(p.uri, p);
    this.progressed.fire(p);
  }

  /** How far the check of `uri` has come, while one is under way. */
  progressOf(uri: vscode.Uri | string): CheckProgressNotification.Params | undefined {
    return this.progressByUri.get(uri.toString());
  }

  get(uri: vscode.Uri | string): FileStatus | undefined {
    return this.byUri.get(uri.toString());
  }

  forget(uri: vscode.Uri | string): void {
    this.byUri.delete(uri.toString());
    this.progressByUri.delete(uri.toString());
  }

  clear(): void {
    this.byUri.clear();
    this.progressByUri.clear();
  }

  /**
   * Resolves with the first report for `uri` at `minVersion` or later (the
   * current one if it already qualifies). Rejects after `timeoutMs`.
   */
  whenChecked(uri: vscode.Uri | string, minVersion = 0, timeoutMs = 30_000): Promise<FileStatus> {
    const key = uri.toString();
    const current = this.byUri.get(key);
    if (current && current.version >= minVersion) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listener.dispose();
        reject(new Error(`groundcheck did not report ${key} (version ≥ ${minVersion}) within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = this.onDidChange((status) => {
        if (status.uri !== key || status.version < minVersion) return;
        clearTimeout(timer);
        listener.dispose();
        resolve(status);
      });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
