/**
 * Shows a classification report: the server's Markdown, served read-only
 * from a virtual document and opened in the Markdown preview, so users read
 * entities and verdicts rather than a JSON dump.
 */
import * as vscode from 'vscode';

export const REPORT_SCHEME = 'groundcheck-report';
const MAX_KEPT = 20;

export class ReportView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly reports = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this);
  private next = 1;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.reports.get(uri.toString()) ?? '';
  }

  /** Stores the report under a fresh URI and opens it; returns that URI. */
  async show(markdown: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/classification-${this.next++}.md` });
    this.reports.set(uri.toString(), markdown);
    // A preview may re-read its document at any time (theme change, reload), so reports are kept,
    // but only the latest few: each run gets a new URI.
    for (const old of [...this.reports.keys()].slice(0, Math.max(0, this.reports.size - MAX_KEPT))) this.reports.delete(old);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
    } catch {
      // Without the built-in Markdown extension the source is still readable.
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
