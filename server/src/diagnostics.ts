/**
 * Findings → diagnostics: one per unverified occurrence at its exact raw
 * range, ranked and capped at `maxDiagnosticsPerFile` (saying "N of M
 * shown"), Information diagnostics where the context is known to be
 * incomplete, and parse errors on their lines, from findings the ignore rules
 * were applied to (publish.ts).
 */
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver/node';
import type { DocumentText } from './lazyTextDocument';
import type { EntityType, Range } from '../../shared/classifier/types';
import type { GroundcheckSettings, SeveritySetting } from '../../shared/protocol/settings';
import { docsUrl, ruleDocsUrl, typeWords } from '../../shared/docs/entityTypeDocs';
import { isFinding } from '../../shared/classifier/findingStatus';
import { type EntityFinding, type FileAnalysis, type OutputFinding } from './fileAnalysis';
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

interface Candidate {
  output: OutputFinding;
  entity: EntityFinding;
  occurrence: number;
  severity: DiagnosticSeverity;
}

/** `analysis` has the ignore rules applied (see publish.ts): each occurrence says whether one hides it. */
export function buildDiagnostics(doc: DocumentText, analysis: FileAnalysis, settings: GroundcheckSettings): DiagnosticsResult {
  const diagnostics: Diagnostic[] = analysis.errors.map((e) => ({
    range: toLspRange(doc, e.raw),
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    code: 'parse-error',
    message: e.message,
  }));
  const candidates: Candidate[] = [];
  let ignored = 0;
  let entities = 0;
  let unverified = 0;
  for (const output of analysis.outputs) {
    for (const entity of output.entities) {
      entities++;
      if (!isFinding(entity.status)) continue;
      unverified++;
      const level = settings.severity[entity.type];
      if (level === 'off') continue;
      entity.occurrences.forEach((_, occurrence) => {
        if (entity.ignored?.[occurrence]) ignored++;
        else candidates.push({ output, entity, occurrence, severity: SEVERITY[level] });
      });
    }
  }
  candidates.sort(
    (a, b) => TYPE_RANK[a.entity.type] - TYPE_RANK[b.entity.type] || a.entity.occurrences[a.occurrence][0] - b.entity.occurrences[b.occurrence][0],
  );
  const total = candidates.length;
  const cap = settings.maxDiagnosticsPerFile;
  const shown = Math.min(total, cap);
  for (let i = 0; i < shown; i++) diagnostics.push(unverifiedDiagnostic(doc, candidates[i]));
  diagnostics.push(...incompleteContextDiagnostics(doc, analysis));
  const reasons: string[] = [];
  if (shown < total) {
    const message = `${shown} of ${total} unverified findings shown (groundcheck.maxDiagnosticsPerFile is ${cap}); numbers, identifiers and quotes first. The CLI lists all of them.`;
    reasons.push(`${shown} of ${total} shown`);
    diagnostics.push({ range: firstLine(doc), severity: DiagnosticSeverity.Information, source: SOURCE, code: 'capped', message });
  }
  return { diagnostics, shown, total, ignored, entities, unverified, reasons };
}

function unverifiedDiagnostic(doc: DocumentText, c: Candidate): Diagnostic {
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
 * One Information diagnostic per turn whose own context gaps hide verdicts,
 * and one for the whole file when the gaps are file-wide, instead of a squiggle
 * on each entity that cannot be judged.
 */
function incompleteContextDiagnostics(doc: DocumentText, analysis: FileAnalysis): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fileGaps = new Set(analysis.fileGaps);
  let fileWide = 0;
  let fileWideOutputs = 0;
  for (const output of analysis.outputs) {
    let n = 0;
    for (const e of output.entities) if (e.status === 'indeterminate') n++;
    if (n === 0) continue;
    const own = output.gaps.filter((g) => !fileGaps.has(g));
    if (own.length === 0) {
      fileWide += n;
      fileWideOutputs++;
      continue;
    }
    const start = doc.positionAt(output.raw[0]);
    const lineEnd = doc.offsetAt({ line: start.line + 1, character: 0 });
    const end = doc.positionAt(Math.min(output.raw[1], Math.max(output.raw[0], lineEnd - 1)));
    out.push({
      range: { start, end },
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      code: 'context-incomplete',
      message: `${n} ${n === 1 ? 'entity' : 'entities'} in this ${output.label} cannot be verified, the context is incomplete: ${own.join(' ')}`,
    });
  }
  if (fileWide > 0) {
    out.push({
      range: firstLine(doc),
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      code: 'context-incomplete',
      message: `${fileWide} ${fileWide === 1 ? 'entity' : 'entities'} in ${fileWideOutputs} output${fileWideOutputs === 1 ? '' : 's'} cannot be verified, the context is incomplete: ${analysis.fileGaps.join(' ')}`,
    });
  }
  return out;
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
