/**
 * A file's diagnostics, kept between publications: every output's converted
 * findings (diagnostics.ts), the candidates ranked by type and offset, and
 * the counts the status reports. When lines are appended to the file, only
 * the new outputs' findings (and those of earlier outputs the new lines
 * checked again) are converted; the list sent is put together from the
 * kept objects, each diagnostic built once, the first time it is shown.
 */
import type { Diagnostic } from 'vscode-languageserver/node';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { firstAtLeast, firstNotBelow } from '../../shared/text/sortedSearch';
import {
  type Candidate,
  cappedDiagnostic,
  compareCandidates,
  type DiagnosticsResult,
  fileWideGapsDiagnostic,
  type OutputDiagnostics,
  outputDiagnostics,
  parseErrorDiagnostic,
  RANKS,
  unverifiedDiagnostic,
} from './diagnostics';
import type { FileAnalysis } from './fileAnalysis';
import type { DocumentText } from './lazyTextDocument';

export class FileDiagnostics {
  private readonly outputs: OutputDiagnostics[] = [];
  /** Per rank, in the list's order. */
  private readonly ranked: Candidate[][] = Array.from({ length: RANKS }, () => []);
  /** Outputs with a diagnostic of their own gaps, by index, ascending. */
  private readonly incomplete: number[] = [];
  private entities = 0;
  private unverified = 0;
  private ignored = 0;
  private fileWideEntities = 0;
  private fileWideOutputs = 0;
  private readonly fileGaps: ReadonlySet<string>;
  /** The text's length when last converted: positions before it stay while the file only grows from a line start. */
  private length: number;

  /** `analysis` has the ignore rules applied (see publish.ts). */
  constructor(
    doc: DocumentText,
    analysis: FileAnalysis,
    private readonly settings: GroundcheckSettings,
  ) {
    this.fileGaps = new Set(analysis.fileGaps);
    this.length = textLength(doc);
    for (let i = 0; i < analysis.outputs.length; i++) {
      const converted = this.convert(doc, analysis, i);
      this.count(converted, 1);
      for (const c of converted.candidates) this.ranked[c.rank].push(c);
    }
    for (const list of this.ranked) list.sort(compareCandidates);
  }

  /**
   * Whether `grow` gives what a fresh conversion of `analysis` would: the
   * text grew from a line start after the text converted (so no position
   * before it moved) and the file's gaps are the same.
   */
  canGrow(doc: DocumentText, analysis: FileAnalysis): boolean {
    const end = textLength(doc);
    if (end < this.length || doc.positionAt(this.length).character !== 0) return false;
    return this.sameGaps(analysis);
  }

  /** Whether `analysis` has the file's gaps these outputs were converted with (an output's own gaps are told from them). */
  sameGaps(analysis: FileAnalysis): boolean {
    return analysis.fileGaps.length === this.fileGaps.size && analysis.fileGaps.every((g) => this.fileGaps.has(g));
  }

  /**
   * Converts the outputs `changed` (indexes of outputs replaced) and those
   * from `from` on (outputs added after all others); the rest are kept.
   */
  grow(doc: DocumentText, analysis: FileAnalysis, changed: readonly number[], from: number): void {
    for (const i of changed) {
      const before = this.outputs[i];
      this.count(before, -1);
      for (const c of before.candidates) this.ranked[c.rank].splice(this.indexOf(c), 1);
      if (before.incomplete) this.incomplete.splice(firstAtLeast(this.incomplete, i), 1);
      const after = this.convert(doc, analysis, i);
      this.count(after, 1);
      for (const c of after.candidates) this.insert(c);
    }
    const added: Candidate[] = [];
    for (let i = from; i < analysis.outputs.length; i++) {
      const converted = this.convert(doc, analysis, i);
      this.count(converted, 1);
      for (const c of converted.candidates) added.push(c);
    }
    // New outputs come after all others: their candidates go at the ends of the lists, in their own order.
    for (const c of added.sort(compareCandidates)) this.insert(c);
    this.length = textLength(doc);
  }

  /** The list to publish and its counts; the ranked candidates are read only as far as the cap. */
  result(doc: DocumentText, analysis: FileAnalysis): DiagnosticsResult {
    const diagnostics: Diagnostic[] = analysis.errors.map((e) => parseErrorDiagnostic(doc, e));
    const total = this.ranked.reduce((n, list) => n + list.length, 0);
    const cap = this.settings.maxDiagnosticsPerFile;
    const shown = Math.min(total, cap);
    let left = shown;
    for (const list of this.ranked) {
      for (let k = 0; k < list.length && left > 0; k++, left--) {
        const c = list[k];
        c.diagnostic ??= unverifiedDiagnostic(doc, c);
        diagnostics.push(c.diagnostic);
      }
    }
    for (const i of this.incomplete) diagnostics.push(this.outputs[i].incomplete!);
    if (this.fileWideEntities > 0) diagnostics.push(fileWideGapsDiagnostic(doc, this.fileWideEntities, this.fileWideOutputs, analysis.fileGaps));
    const reasons: string[] = [];
    if (shown < total) {
      reasons.push(`${shown} of ${total} shown`);
      diagnostics.push(cappedDiagnostic(doc, shown, total, cap));
    }
    return { diagnostics, shown, total, ignored: this.ignored, entities: this.entities, unverified: this.unverified, reasons };
  }

  private convert(doc: DocumentText, analysis: FileAnalysis, i: number): OutputDiagnostics {
    const converted = outputDiagnostics(doc, analysis.outputs[i], i, this.settings, this.fileGaps);
    this.outputs[i] = converted;
    if (converted.incomplete) this.incomplete.splice(firstAtLeast(this.incomplete, i), 0, i);
    return converted;
  }

  private count(o: OutputDiagnostics, sign: 1 | -1): void {
    this.entities += sign * o.entities;
    this.unverified += sign * o.unverified;
    this.ignored += sign * o.ignored;
    if (o.fileWide) {
      this.fileWideEntities += sign * o.indeterminate;
      this.fileWideOutputs += sign;
    }
  }

  /** Where `c` is or belongs in its rank's list (the keys of the list's order are unique). */
  private indexOf(c: Candidate): number {
    return firstNotBelow(this.ranked[c.rank], c, compareCandidates);
  }

  private insert(c: Candidate): void {
    const list = this.ranked[c.rank];
    if (list.length === 0 || compareCandidates(list[list.length - 1], c) < 0) list.push(c);
    else list.splice(this.indexOf(c), 0, c);
  }
}

/** The findings to publish as diagnostics, converted afresh. */
export function buildDiagnostics(doc: DocumentText, analysis: FileAnalysis, settings: GroundcheckSettings): DiagnosticsResult {
  return new FileDiagnostics(doc, analysis, settings).result(doc, analysis);
}

/** Past the last line, offsetAt answers the text's length. */
function textLength(doc: DocumentText): number {
  return doc.offsetAt({ line: doc.lineCount, character: 0 });
}
