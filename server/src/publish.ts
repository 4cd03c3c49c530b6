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
import { SOURCE } from './diagnostics';
import type { DocumentState, Published } from './documentState';
import { FileDiagnostics } from './fileDiagnostics';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import type { IgnoreFiles } from './ignoreFile';
import { OutputLineOrder } from './outputLineOrder';
import { fileStatus } from './status';

/**
 * Findings that grew by lines appended to the file: `base` (the findings
 * before, published last) with the outputs at `changed` replaced and new
 * outputs after all others.
 */
export interface GrownFindings {
  base: FileAnalysis;
  changed: readonly number[];
}

/** What the last publication of a document converted, kept for the next one. */
interface Kept {
  /** The check's findings, and the same with the ignore rules applied. */
  checked: FileAnalysis;
  analysis: FileAnalysis;
  diagnostics: FileDiagnostics;
  /** The outputs of `analysis` in line order, where budget diagnostics and lenses find the turn of a model call. */
  order: OutputLineOrder;
  settings: GroundcheckSettings;
  ignores: IgnoreMatcher;
  /** The document's rewrites when they were built (see LazyTextDocument.rewrites): positions held since while it is the same. */
  rewrites: number;
  /** How `analysis` grew from the one before it, when it did. */
  grownFrom?: Published['grownFrom'];
}

/**
 * What the partial publications of the check running on a document
 * converted so far: the outputs received (the scheduler's list, which grows
 * in place) and their diagnostics. Each partial converts only the outputs
 * that came since the last, and the finished check only those that came
 * with its reply, instead of every output each time.
 */
interface PartialKept extends Kept {
  version: number;
  /** The outputs converted, as received (before ignores). */
  received: OutputFinding[];
}

export class Publisher {
  private readonly kept = new WeakMap<DocumentState, Kept>();
  private readonly partials = new WeakMap<DocumentState, PartialKept>();

  constructor(
    private readonly connection: Connection,
    private readonly ignores: IgnoreFiles,
    private readonly onPublished: () => void = () => undefined,
  ) {}

  /** `grown` says how `checked` grew from the findings published last, when lines were appended: only what changed is converted. */
  publish(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings, millis: number, grown?: GrownFindings): void {
    const doc = state.doc;
    const { analysis, diagnostics: kept, order, grownFrom } = this.converted(state, checked, settings, grown);
    const built = kept.result(doc, analysis);
    const diagnostics: Diagnostic[] = [...built.diagnostics, ...budgetDiagnostics(doc, analysis, settings, order)];
    if (analysis.state === 'too-large') diagnostics.push(fileLevel(analysis.reasons.join(' '), 'too-large'));
    const status = fileStatus(doc.uri, doc.version, analysis, built, millis);
    state.published = { version: doc.version, analysis, settings, status, order, ...(grownFrom ? { grownFrom } : {}) };
    void this.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    void this.connection.sendNotification(DocumentCheckedNotification.method, status);
    this.onPublished();
  }

  /**
   * The findings with the ignore rules applied and their diagnostics:
   * those kept from the last publication when it had the same findings, or
   * grown from them by the outputs `grown` names, else converted afresh.
   */
  private converted(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings, grown: GrownFindings | undefined): Kept {
    const ignores = this.ignores.matcherFor(state.doc.uri);
    const kept = this.kept.get(state);
    if (kept && kept.ignores === ignores && kept.rewrites === state.doc.rewrites && sameShowing(kept.settings, settings)) {
      // The same findings again (their usage read since, say).
      if (checked === kept.checked || checked === kept.analysis) return kept;
      if (grown && grown.base === kept.checked && kept.diagnostics.canGrow(state.doc, checked)) {
        // A copy: the findings published before stay as they were, for the lenses that follow them (grownFrom).
        const from = kept.analysis.outputs.length;
        const analysis = grownBy(kept, state.doc, checked, kept.analysis.outputs.slice(), grown.changed, ignoringOf(settings, ignores));
        kept.grownFrom = { analysis: kept.analysis, changed: grown.changed, from };
        kept.checked = checked;
        kept.analysis = analysis;
        return kept;
      }
    }
    const partial = this.partials.get(state);
    this.partials.delete(state);
    // The outputs the partial publications of this check converted already: only those that came with its reply are converted.
    const fresh = (partial && this.grownFrom(partial, state, checked, settings, ignores)) ?? this.convertedAfresh(state, checked, settings, ignores);
    this.kept.set(state, fresh);
    return fresh;
  }

  private convertedAfresh(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings, ignores: IgnoreMatcher): Kept {
    // Lenses, hovers and the findings tree read the published findings: the levels they show are after ignores, as the CLI's.
    const analysis = withIgnores(checked, settings, ignores);
    return {
      checked,
      analysis,
      diagnostics: new FileDiagnostics(state.doc, analysis, settings),
      order: new OutputLineOrder(analysis.outputs),
      settings,
      ignores,
      rewrites: state.doc.rewrites,
    };
  }

  /**
   * `base`'s conversion grown by the outputs of `checked` after those it
   * converted, when `checked` begins with them (the same objects) and
   * nothing they were converted under changed since: the document's version
   * and positions, the ignore rules, the settings shown, the file's gaps.
   */
  private grownFrom(base: PartialKept, state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings, ignores: IgnoreMatcher): Kept | undefined {
    const doc = state.doc;
    if (base.version !== doc.version || base.rewrites !== doc.rewrites || base.ignores !== ignores || !sameShowing(base.settings, settings)) return undefined;
    const from = base.received.length;
    if (checked.outputs.length < from || !base.diagnostics.sameGaps(checked)) return undefined;
    for (let i = 0; i < from; i++) if (checked.outputs[i] !== base.received[i]) return undefined;
    // In place: nothing was published from a partial's list but its diagnostics.
    const analysis = grownBy(base, doc, checked, base.analysis.outputs, [], ignoringOf(settings, ignores));
    return { checked, analysis, diagnostics: base.diagnostics, order: base.order, settings: base.settings, ignores, rewrites: base.rewrites };
  }

  /**
   * Diagnostics of the outputs checked so far, while the check goes on. No
   * status is sent: `documentChecked` means the whole version is done.
   */
  publishPartial(state: DocumentState, checked: FileAnalysis, settings: GroundcheckSettings): void {
    const doc = state.doc;
    const ignores = this.ignores.matcherFor(doc.uri);
    const before = this.partials.get(state);
    const grown = before && this.grownFrom(before, state, checked, settings, ignores);
    const kept = grown ?? this.convertedAfresh(state, checked, settings, ignores);
    // The outputs converted, as a copy: the list received grows in place, and a restart empties it.
    this.partials.set(state, { ...kept, version: doc.version, received: checked.outputs.slice() });
    const { analysis } = kept;
    const built = kept.diagnostics.result(doc, analysis);
    const diagnostics = [...built.diagnostics, ...budgetDiagnostics(doc, analysis, settings, kept.order)];
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
const applied = new WeakMap<OutputFinding, Ignoring & { output: OutputFinding }>();

/** The findings with the ignore rules and severities applied (shared/check/fileFindings.ts); the check's own stay as they were. */
export function withIgnores(analysis: FileAnalysis, settings: GroundcheckSettings, ignores: IgnoreMatcher): FileAnalysis {
  const ignoring = ignoringOf(settings, ignores);
  return { ...analysis, outputs: analysis.outputs.map((o) => withIgnoresOf(o, ignoring)) };
}

type Ignoring = { severity: GroundcheckSettings['severity']; minEntities: number; ignores: IgnoreMatcher };

function ignoringOf(settings: GroundcheckSettings, ignores: IgnoreMatcher): Ignoring {
  return { severity: settings.severity, minEntities: settings.minEntities, ignores };
}

/**
 * The findings `checked` as `outputs` (a kept conversion's) grown to them:
 * the outputs at `changed` replaced and those past its end added, with the
 * ignore rules applied; the kept diagnostics and line order follow.
 */
function grownBy(
  k: Kept,
  doc: DocumentState['doc'],
  checked: FileAnalysis,
  outputs: OutputFinding[],
  changed: readonly number[],
  ignoring: Ignoring,
): FileAnalysis {
  const from = outputs.length;
  for (const i of changed) outputs[i] = withIgnoresOf(checked.outputs[i], ignoring);
  for (let i = from; i < checked.outputs.length; i++) outputs.push(withIgnoresOf(checked.outputs[i], ignoring));
  const analysis = { ...checked, outputs };
  k.diagnostics.grow(doc, analysis, changed, from);
  k.order.grow(outputs, changed, from);
  return analysis;
}

function withIgnoresOf(o: OutputFinding, ignoring: Ignoring): OutputFinding {
  const last = applied.get(o);
  if (last && last.severity === ignoring.severity && last.minEntities === ignoring.minEntities && last.ignores === ignoring.ignores) return last.output;
  const output = applyIgnores(o, ignoring);
  applied.set(o, { ...ignoring, output });
  return output;
}

/** Whether the same findings would be shown the same under both settings. */
function sameShowing(a: GroundcheckSettings, b: GroundcheckSettings): boolean {
  if (a === b) return true;
  if (a.minEntities !== b.minEntities || a.maxDiagnosticsPerFile !== b.maxDiagnosticsPerFile) return false;
  const types = Object.keys(a.severity) as (keyof GroundcheckSettings['severity'])[];
  return types.length === Object.keys(b.severity).length && types.every((t) => a.severity[t] === b.severity[t]);
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
