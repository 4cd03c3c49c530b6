/**
 * Sends a finished check to the client: diagnostics for the version it was
 * computed on, then the `groundcheck/documentChecked` status. Also used to
 * re-publish stored findings when only the ignore rules changed: they are
 * applied here, to the check's findings, so changing them needs no re-check.
 */
import { DiagnosticSeverity, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { CheckProgressNotification, DocumentCheckedNotification } from '../../shared/protocol/messages';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { applyIgnores } from '../../shared/check/fileFindings';
import type { IgnoreMatcher } from '../../shared/check/ignores';
import { budgetDiagnostics, hasBudget } from './budgetDiagnostics';
import { buildDiagnostics, SOURCE } from './diagnostics';
import type { DocumentState } from './documentState';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import type { IgnoreFiles } from './ignoreFile';
import { fileStatus } from './status';

export class Publisher {
  constructor(
    private readonly connection: Connection,
    private readonly ignores: IgnoreFiles,
    private readonly onPublished: () => void = () => undefined,
  ) {}

  publish(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings, millis: number): void {
    const doc = state.doc;
    // Lenses, hovers and the findings tree read the published findings: the levels they show are after ignores, as the CLI's.
    const analysis = withIgnores(checked, settings, this.ignores.matcherFor(doc.uri));
    const built = buildDiagnostics(doc, analysis, settings);
    const diagnostics: Diagnostic[] = [...built.diagnostics, ...budgetDiagnostics(doc, analysis, settings)];
    if (analysis.state === 'too-large') diagnostics.push(fileLevel(analysis.reasons.join(' '), 'too-large'));
    const status = fileStatus(doc.uri, doc.version, analysis, built, millis);
    state.published = { version: doc.version, analysis, settings, status };
    void this.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    void this.connection.sendNotification(DocumentCheckedNotification.method, status);
    this.onPublished();
  }

  /**
   * Diagnostics of the outputs checked so far, while the check goes on. No
   * status is sent: `documentChecked` means the whole version is done.
   */
  publishPartial(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings): void {
    const doc = state.doc;
    const analysis = withIgnores(checked, settings, this.ignores.matcherFor(doc.uri));
    const built = buildDiagnostics(doc, analysis, settings);
    const diagnostics = [...built.diagnostics, ...budgetDiagnostics(doc, analysis, settings)];
    void this.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    if (analysis.outputsTotal !== undefined) {
      const progress: CheckProgressNotification.Params = { uri: doc.uri, version: doc.version, checked: analysis.outputs.length, total: analysis.outputsTotal };
      void this.connection.sendNotification(CheckProgressNotification.method, progress);
    }
  }

  /**
   * The same check's status again, with the usage read since (see
   * CheckScheduler.readPendingUsage), and its lenses; with budgets set, its
   * diagnostics again too, since the turns that cross them may have moved.
   */
  publishUsage(state: DocumentState): void {
    const p = state.current();
    if (!p) return;
    if (hasBudget(p.settings)) {
      this.publish(state, p.analysis, p.settings, p.status.millis);
      return;
    }
    const { usage: _before, ...rest } = p.status;
    p.status = p.analysis.usage ? { ...rest, usage: p.analysis.usage.summary } : rest;
    void this.connection.sendNotification(DocumentCheckedNotification.method, p.status);
    this.onPublished();
  }

  /** Same findings, fresh ignore rules. */
  republish(state: DocumentState): void {
    const p = state.current();
    if (p) this.publish(state, p.analysis, p.settings, p.status.millis);
  }

  /** A check that failed: say so on the file instead of leaving old squiggles. */
  failed(state: DocumentState, message: string): void {
    const doc = state.doc;
    void this.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: [fileLevel(message, 'check-failed')] });
    void this.connection.sendNotification(DocumentCheckedNotification.method, {
      uri: doc.uri,
      version: doc.version,
      state: 'error',
      outputs: 0,
      entities: 0,
      unverified: 0,
      shown: 0,
      total: 0,
      ignored: 0,
      millis: 0,
      reasons: [message],
    });
  }
}

/**
 * Per output of a check, the output after the last rules applied to it. A
 * large file is published many times while it is checked, each time with
 * every output so far: each is worked out once, not once per publication.
 */
const applied = new WeakMap<OutputFinding, { severity: GroundcheckSettings['severity']; minEntities: number; ignores: IgnoreMatcher; output: OutputFinding }>();

/** The findings with the ignore rules and severities applied (shared/check/fileFindings.ts); the check's own stay as they were. */
export function withIgnores(analysis: FileAnalysis, settings: GroundcheckSettings, ignores: IgnoreMatcher): FileAnalysis {
  const ignoring = { severity: settings.severity, minEntities: settings.minEntities, ignores };
  const outputs = analysis.outputs.map((o) => {
    const last = applied.get(o);
    if (last && last.severity === ignoring.severity && last.minEntities === ignoring.minEntities && last.ignores === ignores) return last.output;
    const output = applyIgnores(o, ignoring);
    applied.set(o, { ...ignoring, output });
    return output;
  });
  return { ...analysis, outputs };
}

function fileLevel(message: string, code: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code,
    message: `groundcheck: ${message}`,
  };
}
