/**
 * Checks one file end to end: parse it as a transcript, classify every output
 * against its causal context, and turn its findings (shared/check/fileFindings:
 * verdicts, ignores, level after ignores, closest matches, the editor's too)
 * into a FileReport located in lines and columns. Runs in a worker thread or
 * in-process.
 *
 * Context matches of grounded entities cost an offset-aware re-read of the
 * strings involved, so they are only listed for the JSON ledger and the HTML
 * report; text and SARIF reports need only the entities the context does not
 * back (unverified, contradicted, misattributed). The HTML report also keeps
 * the file's segments and ties every occurrence and context place to the
 * segment it lies in.
 */
import type { ContextMatch, Entity } from '../../shared/classifier/types';
import { matchesOnce } from '../../shared/lookup/lookupEntities';
import { checkTranscript, gapsOf, type OutputCheck, outputChecks, type TranscriptCheck } from '../../shared/check/checkTranscript';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { ClosestCap, type EntityFindings, outputFindings, type SegmentPlace } from '../../shared/check/fileFindings';
import type { IgnoreMatcher } from '../../shared/check/ignores';
import { matchRawRange } from '../../shared/check/rawRanges';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { isNotTranscript, type NotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { reportSegment } from '../../shared/report/reportSegment';
import { type AllowedFolders, allowedFolders } from '../../shared/io/referenceReads';
import type { ParseInput, Transcript } from '../../shared/transcript/model';
import { toRawRange } from '../../shared/transcript/offsets/offsetMaps';
import { classifyOptionsOf } from './checkSettings';
import type { ContextLocation, EntityRecord, FileReport, Occurrence, OutputRecord } from './fileReport';
import { type Conversation, conversationsOf } from './conversations';
import { Locator } from './locator';
import { isFinding } from '../../shared/classifier/findingStatus';
import type { CallUsage } from '../../shared/usage/model';
import { budgetCrossings, isBudgetSet, type Budget } from '../../shared/usage/budget';
import type { PriceTable } from '../../shared/usage/prices';
import { usageOfLines } from '../../shared/usage/readUsage';
import type { BudgetFinding } from './fileReport';
import { readAgentFile, readUsageWithSubAgents } from '../../shared/usage/withSubAgentFiles';
import { usageSummary } from '../../shared/usageView/summary';

export interface FileInput {
  /** How the file is shown in reports. */
  file: string;
  /** Absolute path; absent for stdin. */
  absPath?: string;
  raw: string;
  /** The undecoded bytes, for binary containers (Inspect `.eval` zips). */
  bytes?: Uint8Array;
  /** Reads a file a transcript refers to (promptfoo `file://`). */
  readFile?: ParseInput['readFile'];
  /** Where a coding session's instruction files may be looked for (the same folders as `readFile`'s). */
  projectFolders?: ParseInput['projectFolders'];
}

export interface FileCheckOptions {
  settings: GroundcheckSettings;
  /** Compute raw ranges for every entity and the nearest context match (the JSON report). */
  ledger: boolean;
  /** With the ledger: every context match, not only the nearest. */
  allLocations?: boolean;
  /** Keep the file's segments and tie entities and matches to them (the HTML report). */
  conversation?: boolean;
  ignores?: IgnoreMatcher;
  /** Where referenced files (promptfoo `file://`) may be read: the transcript's folder and `cwd`, or anywhere. */
  references?: { cwd: string; anywhere: boolean };
  /** Token and cost budgets each session is held to (see shared/usage/budget.ts). */
  budget?: { limits: Budget; prices: PriceTable };
  /** Conversation reports: the prices the file's usage is costed at. */
  prices?: PriceTable;
}

/**
 * Takes a file's report a part at a time, in the order a reporter writes it:
 * the file's parse errors first, then its outputs in file order, a batch at a
 * time as they are checked, then its budget findings.
 */
export type ReportPieces = (piece: FileReport) => void;

/** A file's report; with `inPieces` set, its outputs (and budget findings) went to its pieces and it holds none. */
export type CheckedReport = FileReport & { inPieces?: true };

/** Outputs laid out before they are handed on together: one reporter call per output costs more than the output's text. */
const PIECE_OUTPUTS = 64;

/**
 * With `pieces`, a file whose outputs can go out in file order as they are
 * checked (one not in an archive, for a report that does not show the whole
 * conversation) is handed over in pieces, and only each output's results in
 * hand are held: the report returned then has no outputs and `inPieces` set.
 * Any other file is checked whole, and `pieces` is never called.
 */
export function checkFile(input: FileInput, options: FileCheckOptions, pieces?: ReportPieces): CheckedReport {
  // Usage is read from the lines the parser reads anyway (no second parse), and only the calls are kept.
  let calls: CallUsage[] | undefined;
  const budget = activeBudget(options);
  const parsed = parseFileInput(input, options, budget ? (lines, format) => (calls = usageOfLines(format, lines)?.calls) : undefined);
  if (isNotTranscript(parsed)) return notTranscriptReport(input, parsed);
  const inPieces = pieces !== undefined && !options.conversation ? checkParsedInPieces(input, parsed, options, pieces) : undefined;
  const { report, locator } = inPieces ?? checkParsed(input, parsed, options);
  if (budget && calls) {
    const found = budgetFindings(calls, budget, locator);
    if (found.length > 0) report.budget = found;
  }
  if (!inPieces) return report;
  if (report.budget) pieces!({ file: report.file, format: report.format, outputs: [], parseErrors: [], budget: report.budget });
  return { ...report, inPieces: true };
}

export function parseFileInput(input: FileInput, options: FileCheckOptions, onJsonLines?: ParseInput['onJsonLines']): Transcript | NotTranscript {
  return parseTranscript({
    raw: input.raw,
    path: input.absPath,
    bytes: input.bytes,
    readFile: input.readFile,
    projectFolders: input.projectFolders ?? (input.absPath === undefined ? standardInputFolders(options.references) : undefined),
    maxSegments: options.settings.maxSegments,
    ...(onJsonLines ? { onJsonLines } : {}),
  });
}

/** A text piped in has no folder of its own: a session's instruction files are looked for in the current directory's tree, as a file's are. */
function standardInputFolders(scope: FileCheckOptions['references']): AllowedFolders {
  return allowedFolders(scope?.anywhere ? 'anywhere' : [scope?.cwd ?? process.cwd()]);
}

/** The budgets a check holds sessions to, when any limit is set. */
export function activeBudget(options: FileCheckOptions): FileCheckOptions['budget'] {
  return options.budget && isBudgetSet(options.budget.limits) ? options.budget : undefined;
}

/** Where the session went past its budgets, each at the usage record of the turn that took it there. */
export function budgetFindings(calls: readonly CallUsage[], budget: NonNullable<FileCheckOptions['budget']>, locator: Locator): BudgetFinding[] {
  return budgetCrossings(calls, budget.limits, budget.prices)
    .filter((c) => c.call.range !== undefined)
    .map((c) => ({
      ...locator.here(c.call.range!),
      rule: c.rule,
      severity: c.severity,
      message: c.message,
      model: c.call.model,
      agent: c.call.agent,
      ...(c.limit !== undefined ? { limit: c.limit } : {}),
      ...(c.reached !== undefined ? { reached: c.reached } : {}),
    }));
}

export function notTranscriptReport(input: FileInput, not: NotTranscript): FileReport {
  return { file: input.file, outputs: [], parseErrors: [], notTranscript: not.reason, notTranscriptKind: not.kind };
}

/** Outputs in the order of the file: by raw offset, and in an archive by entry first (entries are listed in reading order). */
function inFileOrder(entries: ReadonlyMap<string, string> | undefined): (a: OutputRecord, b: OutputRecord) => number {
  const order = new Map([...(entries?.keys() ?? [])].map((name, i) => [name, i]));
  const rank = (o: OutputRecord) => (o.entry === undefined ? -1 : (order.get(o.entry) ?? -1));
  return (a, b) => rank(a) - rank(b) || a.range[0] - b.range[0];
}

/** The report of a parsed file, the check of each of its conversations, and the locator its positions came from. */
export function checkParsed(
  input: FileInput,
  parsed: Transcript,
  options: FileCheckOptions,
): { report: FileReport; checks: TranscriptCheck[]; locator: Locator } {
  const locator = new Locator(input.file, input.raw, input.absPath, undefined, parsed.entries);
  const outputs: OutputRecord[] = [];
  const checks: TranscriptCheck[] = [];
  let cap: ClosestCap | undefined;
  for (const conversation of conversationsOf(parsed)) {
    const check = checkTranscript(conversation, classifyOptionsOf(options.settings));
    checks.push(check);
    // The outputs of one conversation search the same context: what one finding's closest match read serves the next.
    // One cap on closest-match searches for the whole file; what one search read serves the next within a conversation.
    cap = cap ? cap.nextConversation() : ClosestCap.forFile();
    for (const o of check.outputs) outputs.push(outputRecord(conversation, o, locator, options, cap));
  }
  // Conversations may interleave in the file; reports follow the file, and an archive entry by entry.
  outputs.sort(inFileOrder(parsed.entries));
  const report: FileReport = {
    file: input.file,
    format: parsed.format,
    outputs,
    parseErrors: parseErrorsOf(parsed, locator),
    ...(options.conversation ? { conversation: parsed.segments.map((s) => reportSegment(s)), ...usageOf(input, options) } : {}),
  };
  return { report, checks, locator };
}

/**
 * The check of `checkParsed`, handed over in pieces (see `ReportPieces`), or
 * undefined when the outputs would not go out in file order as the
 * conversations are checked (an archive's entries, conversations that
 * interleave): those are checked whole, and sorted.
 */
function checkParsedInPieces(
  input: FileInput,
  parsed: Transcript,
  options: FileCheckOptions,
  pieces: ReportPieces,
): { report: FileReport; locator: Locator } | undefined {
  if (parsed.entries !== undefined) return undefined;
  const conversations = conversationsOf(parsed);
  if (!inRawOrder(conversations)) return undefined;
  const locator = new Locator(input.file, input.raw, input.absPath, undefined, parsed.entries);
  const head: FileReport = { file: input.file, format: parsed.format, outputs: [], parseErrors: parseErrorsOf(parsed, locator) };
  pieces(head);
  const classifyOptions = classifyOptionsOf(options.settings);
  let batch: OutputRecord[] = [];
  let cap: ClosestCap | undefined;
  for (const conversation of conversations) {
    // The same cap and the same order of closest-match searches as checkParsed, so each finding gets the same closest match.
    cap = cap ? cap.nextConversation() : ClosestCap.forFile();
    for (const o of outputChecks(TranscriptIndex.build(conversation), classifyOptions)) {
      batch.push(outputRecord(conversation, o, locator, options, cap));
      if (batch.length < PIECE_OUTPUTS) continue;
      pieces({ file: input.file, format: parsed.format, outputs: batch, parseErrors: [] });
      batch = [];
    }
  }
  if (batch.length > 0) pieces({ file: input.file, format: parsed.format, outputs: batch, parseErrors: [] });
  return { report: head, locator };
}

/** Whether the conversations' outputs, taken conversation by conversation, already stand in file order (the order `checkParsed` sorts them into). */
function inRawOrder(conversations: readonly Conversation[]): boolean {
  let last = -1;
  for (const t of conversations) {
    for (const segment of t.segments) {
      if (!segment.isOutput) continue;
      const start = segment.map.toRaw(0);
      if (start < last) return false;
      last = start;
    }
  }
  return true;
}

/** What the file's log records as spent, for the HTML report's head of the file. */
function usageOf(input: FileInput, options: FileCheckOptions): Pick<FileReport, 'usage'> {
  const limit = options.settings.maxFileSizeMB * 1024 * 1024;
  const read = readUsageWithSubAgents(input.raw, input.absPath, (file) => readAgentFile(file, limit));
  return 'notTranscript' in read ? {} : { usage: usageSummary(read.usage, options.prices) };
}

export function parseErrorsOf(parsed: Transcript, locator: Locator): FileReport['parseErrors'] {
  return parsed.errors.map((e) => {
    const at = locator.here(e.rawRange);
    return { message: e.message, line: at.line, column: at.column };
  });
}

/** The segment's id in the whole file, where conversation reports list it. */
function fileSegment(t: Conversation, id: number): number {
  return t.origin ? t.origin[id] : id;
}

export function outputRecord(t: Conversation, o: OutputCheck, locator: Locator, options: FileCheckOptions, cap = ClosestCap.forFile()): OutputRecord {
  const segment = t.segments[o.segment];
  const found = outputFindings(t, o, cap, { severity: options.settings.severity, minEntities: options.settings.minEntities, ignores: options.ignores });
  const entities = o.result.entities.map((e, i) => entityRecord(t, o, e, found.entities[i], locator, options));
  const entry = locator.entryOf(segment.source);
  return {
    file: locator.file,
    ...(entry !== undefined ? { entry } : {}),
    ...(options.conversation ? { segment: fileSegment(t, o.segment) } : {}),
    line: segment.line + 1,
    range: found.raw,
    format: t.format,
    ...(segment.label ? { label: segment.label } : {}),
    level: found.level,
    score: found.score,
    explanation: found.explanation,
    entities,
    gaps: gapsOf(t, segment),
  };
}

/** The report's record of one entity: its findings located in lines and columns, with frames, and the ledger's places. */
function entityRecord(t: Conversation, o: OutputCheck, e: Entity, f: EntityFindings, locator: Locator, options: FileCheckOptions): EntityRecord {
  const segment = t.segments[o.segment];
  const severity = options.settings.severity[e.type] ?? 'warning';
  // Unverified, contradicted and misattributed entities are findings: they get frames, keys and closest matches.
  const finding = isFinding(e.status);
  const occurrences: Occurrence[] = [];
  if (finding || options.ledger) {
    f.occurrences.forEach((range, k) => {
      const at: Occurrence = locator.own(segment.source, range);
      if (options.conversation) at.textRange = e.occurrences[k];
      if (finding) {
        at.frame = locator.frame(segment.source, range);
        at.key = f.keys[k];
        at.ignored = f.ignored?.[k] ?? false;
      }
      occurrences.push(at);
    });
  }
  const places = options.ledger ? matchesOnce(e) : [];
  const record: EntityRecord = {
    text: e.text,
    type: e.type,
    found: e.found,
    status: e.status,
    ...(e.rule !== undefined ? { rule: e.rule } : {}),
    severity,
    suppressed: f.suppressed === true,
    occurrences,
    matches: options.ledger
      ? (options.allLocations ? places : nearestBefore(places, o.segment)).map((m) =>
          inSegment(locator.in(t.segments[m.part].source, matchRawRange(t, m)), t, m.part, options),
        )
      : [],
    matchCount: places.length,
  };
  if (e.detail) record.detail = e.detail;
  if (f.closest) record.closest = { ...placeOf(t, f.closest, locator, options), text: f.closest.text };
  if (f.contextValue)
    record.contradiction = {
      ...placeOf(t, f.contextValue, locator, options),
      value: f.contextValue.value,
      ...(f.contextValue.slot ? { slot: f.contextValue.slot } : {}),
    };
  return record;
}

/**
 * The match closest before the output: the one in the latest segment before
 * it (segments are in file order), the last one there. What the model read
 * last is where a reader looks first.
 */
function nearestBefore(matches: readonly ContextMatch[], output: number): ContextMatch[] {
  let best: ContextMatch | undefined;
  for (const m of matches) {
    if (m.part >= output) continue;
    if (!best || m.part > best.part || (m.part === best.part && m.start > best.start)) best = m;
  }
  best ??= matches[0];
  return best ? [best] : [];
}

/** A context location, tied to its segment when the report shows the conversation. */
function inSegment<L extends ContextLocation>(at: L, t: Conversation, part: number, options: FileCheckOptions): L {
  if (options.conversation) at.segment = fileSegment(t, part);
  return at;
}

/** A context place of the findings, located in its file and tied to its segment when the report shows the conversation. */
function placeOf(t: Conversation, p: SegmentPlace, locator: Locator, options: FileCheckOptions): ContextLocation {
  return inSegment(locator.in(t.segments[p.segment].source, p.raw), t, p.segment, options);
}
