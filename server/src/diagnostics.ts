/**
 * Findings → diagnostics, one output at a time: one per unverified
 * occurrence at its exact raw range, an Information diagnostic where the
 * context is known to be incomplete, and parse errors on their lines, from
 * findings the ignore rules were applied to (publish.ts). The file's list,
 * ranked and capped, is put together in fileDiagnostics.ts.
 */
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver/node';
import type { DocumentText } from './lazyTextDocument';
import type { EntityType, Range } from '../../shared/classifier/types';
import type { GroundcheckSettings, SeveritySetting } from '../../shared/protocol/settings';
import { docsUrl, ruleDocsUrl, typeWords } from '../../shared/docs/entityTypeDocs';
import { isFinding } from '../../shared/classifier/findingStatus';
import type { EntityFinding, OutputFinding, ParseProblem } from './fileAnalysis';
import { placeLocation, toLspRange } from './positions';

export const SOURCE = 'groundcheck';

/** What code actions read back from a diagnostic (cspell-style: fixes travel with the finding). */
export interface FindingData {
  kind: 'unverified';
  segment: number;
  /** The output's level and what it is ("assistant turn"), for lists that group findings by output. */
  level: OutputFinding['level'];
  output: string;
  /** 0-based line where the output starts. */
  outputLine: number;
  type: EntityType;
  text: string;
  normalized: string;
  key: string;
  /** What the context says instead, when something close was found. */
  closest?: { text: string; raw: Range; label: string };
  /** For a contradicted entity: the value the context gives for the same slot, written as the output writes it. */
  contradiction?: string;
}

/** Higher first: specific, checkable claims before names. */
const TYPE_RANK: Record<EntityType, number> = {
  number: 0,
  identifier: 0,
  quoted_string: 0,
  url: 1,
  date: 1,
  citation: 2,
  proper_noun: 3,
  status: 0,
};

const SEVERITY: Record<Exclude<SeveritySetting, 'off'>, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export interface DiagnosticsResult {
  diagnostics: Diagnostic[];
  shown: number;
  total: number;
  ignored: number;
  entities: number;
  unverified: number;
  /** Reasons for the status item: the cap, when hit. */
  reasons: string[];
}

/**
 * One unverified occurrence the file's list may show. The list ranks them
 * by type, then offset; ties keep the order of the outputs and of the
 * candidates within each.
 */
export interface Candidate {
  output: OutputFinding;
  entity: EntityFinding;
  occurrence: number;
  severity: DiagnosticSeverity;
  rank: number;
  /** Where the occurrence starts (raw offset). */
  start: number;
  /** The output's index in the file, and the candidate's among the output's. */
  outputIndex: number;
  order: number;
  /** Built when first shown, then kept: lines appended to the file do not move it. */
  diagnostic?: Diagnostic;
}

/** The order of the file's list, within one rank. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return a.start - b.start || a.outputIndex - b.outputIndex || a.order - b.order;
}

export const RANKS = Math.max(...Object.values(TYPE_RANK)) + 1;

/** What one output (ignore rules applied) adds to its file's diagnostics. */
export interface OutputDiagnostics {
  entities: number;
  unverified: number;
  ignored: number;
  /** Its occurrences that may be shown, in the order found. */
  candidates: Candidate[];
  /** Entities the context's gaps leave without a verdict. */
  indeterminate: number;
  /** Those gaps are all the file's: they are counted in one diagnostic for the whole file. */
  fileWide: boolean;
  /** Otherwise the output's own diagnostic saying so. */
  incomplete?: Diagnostic;
}

export function outputDiagnostics(
  doc: DocumentText,
  output: OutputFinding,
  outputIndex: number,
  settings: GroundcheckSettings,
  fileGaps: ReadonlySet<string>,
): OutputDiagnostics {
  const candidates: Candidate[] = [];
  let ignored = 0;
  let unverified = 0;
  let indeterminate = 0;
  for (const entity of output.entities) {
    if (entity.status === 'indeterminate') indeterminate++;
    if (!isFinding(entity.status)) continue;
    unverified++;
    const level = settings.severity[entity.type];
    if (level === 'off') continue;
    const rank = TYPE_RANK[entity.type];
    entity.occurrences.forEach((r, occurrence) => {
      if (entity.ignored?.[occurrence]) ignored++;
      else candidates.push({ output, entity, occurrence, severity: SEVERITY[level], rank, start: r[0], outputIndex, order: candidates.length });
    });
  }
  const found = { entities: output.entities.length, unverified, ignored, candidates, indeterminate, fileWide: false };
  if (indeterminate === 0) return found;
  const own = output.gaps.filter((g) => !fileGaps.has(g));
  if (own.length === 0) return { ...found, fileWide: true };
  return { ...found, incomplete: incompleteContextDiagnostic(doc, output, indeterminate, own) };
}

export function unverifiedDiagnostic(doc: DocumentText, c: Candidate): Diagnostic {
  const { output, entity } = c;
  const related: DiagnosticRelatedInformation[] = [];
  const data: FindingData = {
    kind: 'unverified',
    segment: output.segment,
    level: output.level,
    output: output.label,
    outputLine: output.line,
    type: entity.type,
    text: entity.text,
    normalized: entity.normalized,
    key: entity.keys[c.occurrence],
  };
  if (entity.contradiction !== undefined) data.contradiction = entity.contradiction;
  const at = entity.contradictionAt;
  if (at) {
    related.push({
      location: placeLocation(doc, at),
      message: `the context gives '${entity.contradiction}' for the same slot (${at.label})`,
    });
  }
  // The closest match is often the contradicting value itself: one pointer to it is enough.
  if (entity.closest && !(at && sameRange(at.raw, entity.closest.raw))) {
    const near = entity.closest;
    related.push({
      location: placeLocation(doc, near),
      message: `the context says '${near.text}' beside "${near.near}" (${near.label})`,
    });
  }
  if (entity.closest) data.closest = { text: entity.closest.text, raw: entity.closest.raw, label: entity.closest.label };
  return {
    range: toLspRange(doc, entity.occurrences[c.occurrence]),
    severity: c.severity,
    source: SOURCE,
    code: findingCode(entity),
    // The code names what is wrong (users filter on it); its link explains the rule that decided it.
    codeDescription: { href: entity.rule ? ruleDocsUrl(entity.rule) : docsUrl(findingCode(entity)) },
    message: findingMessage(entity, output),
    relatedInformation: related.length > 0 ? related : undefined,
    data,
  };
}

function sameRange(a: Range, b: Range): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * An Information diagnostic on a turn whose own context gaps hide verdicts
 * (gaps of the whole file are said once, by fileWideGapsDiagnostic), instead
 * of a squiggle on each entity that cannot be judged.
 */
function incompleteContextDiagnostic(doc: DocumentText, output: OutputFinding, n: number, own: string[]): Diagnostic {
  const start = doc.positionAt(output.raw[0]);
  const lineEnd = doc.offsetAt({ line: start.line + 1, character: 0 });
  const end = doc.positionAt(Math.min(output.raw[1], Math.max(output.raw[0], lineEnd - 1)));
  return {
    range: { start, end },
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code: 'context-incomplete',
    message: `${n} ${n === 1 ? 'entity' : 'entities'} in this ${output.label} cannot be verified, the context is incomplete: ${own.join(' ')}`,
  };
}

export function fileWideGapsDiagnostic(doc: DocumentText, entities: number, outputs: number, fileGaps: readonly string[]): Diagnostic {
  return {
    range: firstLine(doc),
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code: 'context-incomplete',
    message: `${entities} ${entities === 1 ? 'entity' : 'entities'} in ${outputs} output${outputs === 1 ? '' : 's'} cannot be verified, the context is incomplete: ${fileGaps.join(' ')}`,
  };
}

export function parseErrorDiagnostic(doc: DocumentText, e: ParseProblem): Diagnostic {
  return { range: toLspRange(doc, e.raw), severity: DiagnosticSeverity.Error, source: SOURCE, code: 'parse-error', message: e.message };
}

export function cappedDiagnostic(doc: DocumentText, shown: number, total: number, cap: number): Diagnostic {
  const message = `${shown} of ${total} unverified findings shown (groundcheck.maxDiagnosticsPerFile is ${cap}); numbers, identifiers and quotes first. The CLI lists all of them.`;
  return { range: firstLine(doc), severity: DiagnosticSeverity.Information, source: SOURCE, code: 'capped', message };
}

function firstLine(doc: DocumentText) {
  const end = doc.positionAt(Math.max(0, doc.offsetAt({ line: 1, character: 0 }) - 1));
  return { start: { line: 0, character: 0 }, end: end.line === 0 ? end : { line: 0, character: 0 } };
}

/**
 * The entity type for a value the context lacks; a verdict of its own when
 * the context says something else (`contradicted`) or says it elsewhere than
 * the cited source (`misattributed`), so users can filter and configure them.
 */
function findingCode(entity: EntityFinding): string {
  return entity.status === 'contradicted' || entity.status === 'misattributed' ? entity.status : entity.type;
}

/** What the check found, and what it searched. */
function findingMessage(entity: EntityFinding, output: OutputFinding): string {
  const what = `${typeWords(entity.type)} '${entity.text}'`;
  if (entity.status === 'contradicted') {
    // The located match quotes the context's own characters; the classifier's slot value is the fallback.
    const value = entity.closest?.text ?? entity.contradiction;
    const says = value ? `, which says '${value}'` : '';
    return `${what} contradicts the context of this ${output.label}${says}: ${entity.detail ?? output.searched}`;
  }
  if (entity.detail && entity.status === 'unverified') return `${what}: ${entity.detail}`;
  if (entity.status === 'misattributed') {
    return `${what} is in the context of this ${output.label}, but not in the source the output cites for it: ${output.searched}`;
  }
  return `${what} is not in the context of this ${output.label}: ${output.searched}`;
}
