/**
 * Checks a transcript (an agent session, an API dump, a trace, a RAG fixture)
 * as `groundcheck check` does: every output against its own causal context,
 * or only the outputs of one turn. Every place it reports is a raw offset
 * into the file as it is on disk, with its line and column.
 */
import { resolve } from 'node:path';
import { checkOutput as checkSegment, checkTranscript as checkAll, type CheckOptions as SegmentCheckOptions } from '../shared/check/checkTranscript';
import { TranscriptIndex } from '../shared/check/transcriptIndex';
import { isFinding } from '../shared/classifier/findingStatus';
import { allowedFolders, referenceReader } from '../shared/io/referenceReads';
import { isNotTranscript, parseTranscript } from '../shared/transcript/detect';
import { ALL_FORMATS } from '../shared/transcript/formats';
import type { Transcript } from '../shared/transcript/model';
import { outputRecord, parseErrorsOf, type FileCheckOptions, type FileInput } from '../cli/check/checkFile';
import { classifyOptionsOf, defaultSettings } from '../cli/check/checkSettings';
import type { RulePack } from '../shared/classifier/rules';
import { readTarget } from '../cli/check/checkTarget';
import { conversationsOf } from '../cli/check/conversations';
import type { ContextLocation, EntityRecord, FileLocation, OutputRecord } from '../cli/check/fileReport';
import { Locator } from '../cli/check/locator';
import type { GroundcheckSettings } from '../shared/protocol/settings';
import { entityMessage } from './messages';
import { classifyOptions } from './options';
import { sessionTurns, type SessionTurns } from './sessionTurns';
import type { FilePlace, TranscriptEntity, TranscriptEvidence, TranscriptFinding, TranscriptOptions, TranscriptOutput, TranscriptResult } from './types';

/** A transcript to check: a path (a string is one), or its text with a name to show for it. */
export type TranscriptSource = string | { path: string } | { text: string; name?: string };

/** Why a transcript could not be checked at all: unreadable, too large, or no format groundcheck knows. */
export class TranscriptError extends Error {
  override name = 'TranscriptError';
}

export function checkTranscript(source: TranscriptSource, options: TranscriptOptions = {}): TranscriptResult {
  const settings = settingsOf(options);
  const input = readSource(source, settings, options);
  const parsed = parseTranscript(
    {
      raw: input.raw,
      path: input.absPath,
      bytes: input.bytes,
      readFile: input.readFile,
      projectFolders: input.projectFolders,
      maxSegments: settings.maxSegments,
    },
    formatsOf(options.format),
  );
  if (isNotTranscript(parsed)) throw new TranscriptError(`${input.file}: ${parsed.reason}`);
  const turns = sessionTurns(parsed);
  const turn = options.turn === undefined ? undefined : turnNumber(options.turn, turns);
  const locator = new Locator(input.file, input.raw, input.absPath, undefined, parsed.entries);
  // Conversation mode ties each context place to the segment it is in, which names the evidence.
  const fileOptions: FileCheckOptions = { settings, ledger: true, conversation: true };
  const records = turn === undefined ? allOutputs(parsed, locator, fileOptions) : turnOutputs(parsed, turns, turn, locator, fileOptions);
  return {
    file: input.file,
    format: parsed.format,
    turns: turns.count,
    ...(turn !== undefined ? { turn } : {}),
    outputs: records.map((r) => transcriptOutput(r, parsed, turns, locator)),
    parseErrors: parseErrorsOf(parsed, locator),
  };
}

function settingsOf(options: TranscriptOptions): GroundcheckSettings {
  const classify = classifyOptions(options);
  const settings = defaultSettings();
  settings.profile = classify.profile ?? 'refined';
  settings.strict = classify.strict ?? false;
  settings.minEntities = classify.minEntities ?? 1;
  if (options.entityTypes) settings.entityTypes = [...options.entityTypes];
  if (options.stopwords) settings.stopwords = [...options.stopwords];
  if (options.rules) settings.rules = { ...options.rules };
  if (classify.packs) settings.packs = [...classify.packs] as RulePack[];
  settings.modelOutputsAsContext = options.modelOutputsAsContext === true;
  if (options.maxFileSizeMB !== undefined) settings.maxFileSizeMB = positive('maxFileSizeMB', options.maxFileSizeMB);
  if (options.maxSegments !== undefined) settings.maxSegments = Math.floor(positive('maxSegments', options.maxSegments));
  return settings;
}

function positive(name: string, n: number): number {
  if (typeof n !== 'number' || !(n > 0) || !Number.isFinite(n)) throw new RangeError(`${name} must be a number above 0, got ${String(n)}`);
  return n;
}

function readSource(source: TranscriptSource, settings: GroundcheckSettings, options: TranscriptOptions): FileInput {
  const roots = options.referenceRoots;
  if (typeof source === 'object' && source !== null && 'text' in source) {
    if (typeof source.text !== 'string') throw new TypeError('text must be a string');
    const max = settings.maxFileSizeMB * 1024 * 1024;
    // The CLI's cap, on the text's UTF-8 size as it would be on disk.
    if (Buffer.byteLength(source.text, 'utf8') > max)
      throw new TranscriptError(`${source.name ?? 'text'}: larger than ${settings.maxFileSizeMB} MB (maxFileSizeMB): not checked`);
    // A text has no folder of its own: references resolve only where the caller allows, by default the working directory.
    const readFile = referenceReader(roots ?? [process.cwd()]);
    return { file: source.name ?? 'text', raw: source.text, readFile, projectFolders: allowedFolders(roots ?? [process.cwd()]) };
  }
  const path = typeof source === 'string' ? source : source?.path;
  if (typeof path !== 'string' || path === '') throw new TypeError('a transcript is a path, { path } or { text }');
  const absPath = resolve(path);
  const read = readTarget(
    { path: absPath, shown: path, explicit: true },
    { settings, ledger: false, references: { cwd: process.cwd(), anywhere: roots === 'anywhere' } },
  );
  if ('report' in read) throw new TranscriptError(`${path}: ${read.report.error ?? read.report.skipped ?? 'not read'}`);
  return Array.isArray(roots) ? { ...read.input, readFile: referenceReader(roots), projectFolders: allowedFolders(roots) } : read.input;
}

function formatsOf(format: string | undefined) {
  if (format === undefined) return ALL_FORMATS;
  const only = ALL_FORMATS.filter((f) => f.id === format);
  if (only.length === 0) throw new RangeError(`unknown format '${format}' (known: ${ALL_FORMATS.map((f) => f.id).join(', ')})`);
  return only;
}

function turnNumber(turn: number | 'last', turns: SessionTurns): number {
  if (turn === 'last') return turns.last;
  if (!Number.isInteger(turn) || turn < 0 || turn > turns.count) {
    throw new RangeError(`turn must be 'last' or a whole number from 0 to ${turns.count} (this transcript has ${turns.count} prompts), got ${String(turn)}`);
  }
  return turn;
}

function checkOptionsOf(settings: GroundcheckSettings): SegmentCheckOptions {
  return classifyOptionsOf(settings);
}

/** Every output, one conversation at a time (as `groundcheck check`: a fixture of many rows is many small indexes), in file order. */
function allOutputs(parsed: Transcript, locator: Locator, options: FileCheckOptions): OutputRecord[] {
  const records: OutputRecord[] = [];
  for (const conversation of conversationsOf(parsed)) {
    const check = checkAll(conversation, checkOptionsOf(options.settings));
    for (const o of check.outputs) records.push(outputRecord(conversation, o, locator, options));
  }
  return records.sort((a, b) => (a.segment ?? 0) - (b.segment ?? 0));
}

/** One turn's outputs: the session is indexed once and only they are classified. */
function turnOutputs(parsed: Transcript, turns: SessionTurns, turn: number, locator: Locator, options: FileCheckOptions): OutputRecord[] {
  const ids = parsed.segments.filter((s) => s.isOutput && turns.turnOf[s.id] === turn).map((s) => s.id);
  if (ids.length === 0) return [];
  const index = TranscriptIndex.build(parsed);
  const check = checkOptionsOf(options.settings);
  return ids.map((id) => outputRecord(parsed, checkSegment(index, id, check), locator, options));
}

function transcriptOutput(r: OutputRecord, parsed: Transcript, turns: SessionTurns, locator: Locator): TranscriptOutput {
  const segment = r.segment ?? -1;
  const entities = r.entities.filter((e) => !e.suppressed).map((e) => transcriptEntity(e, parsed, locator));
  return {
    segment,
    turn: segment === -1 ? 0 : turns.turnOf[segment],
    place: filePlace(r.entry === undefined ? locator.here(r.range) : locator.own(parsed.segments[segment]?.source, r.range), locator),
    ...(r.label ? { label: r.label } : {}),
    level: r.level,
    score: r.score,
    explanation: r.explanation,
    findings: entities.filter((e): e is TranscriptFinding => isFinding(e.verdict) && e.rule !== undefined),
    entities,
    gaps: r.gaps.map((g) => g.message),
  };
}

function transcriptEntity(e: EntityRecord, parsed: Transcript, locator: Locator): TranscriptEntity {
  const occurrences = e.occurrences.map((o) => filePlace(o, locator));
  const contextSays = e.contradiction?.value;
  return {
    value: e.text,
    kind: e.type,
    verdict: e.status,
    ...(e.rule !== undefined ? { rule: e.rule } : {}),
    // Grounded entities are located too (the ledger), so every entity has its first occurrence.
    span: occurrences[0],
    occurrences,
    message: entityMessage(e.type, e.text, e.status, contextSays, e.detail),
    ...(contextSays !== undefined ? { contextSays } : {}),
    evidence: evidenceOf(e, parsed, locator),
    ...(e.detail ? { detail: e.detail } : {}),
  };
}

function evidenceOf(e: EntityRecord, parsed: Transcript, locator: Locator): TranscriptEvidence[] {
  if (e.contradiction) return [evidence(e.contradiction, parsed, locator)];
  if (e.closest) return [evidence(e.closest, parsed, locator)];
  return e.matches.map((m) => evidence(m, parsed, locator));
}

function evidence(at: ContextLocation, parsed: Transcript, locator: Locator): TranscriptEvidence {
  const segment = at.segment === undefined ? undefined : parsed.segments[at.segment];
  const place = filePlace(at, locator);
  // Raw characters, escapes and all: what the range names in the file, not a decoded copy.
  const text = place.file === undefined ? locator.raw.slice(place.start, place.end) : undefined;
  return {
    ...place,
    ...(at.segment !== undefined ? { segment: at.segment } : {}),
    ...(segment ? { label: segment.label ?? segment.role } : {}),
    ...(text !== undefined ? { text } : {}),
  };
}

function filePlace(at: ContextLocation | FileLocation, locator: Locator): FilePlace {
  const elsewhere = at.entry !== undefined ? `${at.file}!${at.entry}` : at.file !== locator.file ? at.file : undefined;
  return {
    start: at.range[0],
    end: at.range[1],
    line: at.line ?? 0,
    column: at.column ?? 0,
    ...(elsewhere !== undefined ? { file: elsewhere } : {}),
  };
}
