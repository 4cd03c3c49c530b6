/**
 * One full check of a file: detect and parse it, check every output against
 * its causal context, and lay the results out in raw-file offsets
 * (`FileAnalysis`). Runs in the worker; the benchmark also calls it directly
 * as the synchronous baseline.
 */
import { checkOutput, type CheckOptions, type OutputCheck, type TranscriptCheck } from '../../shared/check/checkTranscript';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { checkLeadingOutputs } from './previewCheck';
import { ClosestCap, type EntityFindings, outputFindings } from '../../shared/check/fileFindings';
import type { Claim, Entity } from '../../shared/classifier/types';
import { isPending } from '../../shared/classifier/lazyProperty';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { allowedFolders, referenceReader } from '../../shared/io/referenceReads';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { describeInstructionFiles } from '../../shared/transcript/instructionFiles';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import type { ParseInput, Transcript } from '../../shared/transcript/model';
import { canReadOn } from '../../shared/transcript/parseAppendedLines';
import { toRawRange } from '../../shared/transcript/offsets/offsetMaps';
import { ContextCounter, outputLabel } from './contextLabels';
import { nearestPlaces, place } from './entityPlaces';
import type { ClaimFinding, EntityFinding, FileAnalysis, OutputFinding } from './fileAnalysis';

export interface AnalyzeInput {
  raw: string;
  path?: string;
  settings: GroundcheckSettings;
  /** Folders referenced files and a session's instruction files may be read from (after symlinks); absent: neither is read. */
  referenceRoots?: readonly string[];
  /**
   * Called between outputs and between the steps of a check, where the
   * worker answers the questions hovers are waiting on (see worker.ts): a
   * long check of one file must not hold up a hover on another.
   */
  between?: () => void;
  /** Hears the JSON Lines the parse of the whole file read (see ParseInput), so the usage they record is read without parsing them again. */
  onJsonLines?: ParseInput['onJsonLines'];
}

/** A finished check plus what a later incremental check can reuse. */
export interface Analyzed {
  analysis: FileAnalysis;
  /** Present when the file is a transcript. */
  transcript?: Transcript;
  check?: TranscriptCheck;
  /** What a check of the whole file carries from one output to the next, for outputs appended later. */
  carried?: { counts: ContextCounter; cap: ClosestCap };
  /** Findings carry their entities' nearest places (a small file: see PLACES_WITH_FINDINGS_CHARS); later checks of the file lay them out too. */
  withPlaces?: true;
}

/**
 * Receives the outputs checked since the last call, in file order, while a
 * large file is being checked, so the editor can show the first findings
 * before the last. `restart` drops the outputs received before: they were
 * a preview read from the head of the file, and the check of the whole file
 * sends every output again.
 */
export type PartialSink = (outputs: OutputFinding[], header: FileAnalysis, restart?: true) => void;

/** How long a check runs between partial reports. */
const PARTIAL_EVERY_MS = 400;
/**
 * Files larger than this show the findings of their first PREVIEW_CHARS
 * before the whole file is indexed. Files read line by line (see canReadOn)
 * are previewed from a parse of their first HEAD_CHARS alone, before the
 * whole file is parsed; its outputs are checked again with the whole file,
 * so the head is kept short.
 */
const PREVIEW_FROM_CHARS = 2_000_000;
/**
 * Files up to this size send each entity's nearest places with the
 * findings, so a hover on them is answered on the request thread even while
 * the worker parses or indexes another, large file (steps it cannot stop
 * between). Beyond it, laying them out for every entity costs seconds and
 * they are read when a hover asks (entityPlaces.ts).
 */
const PLACES_WITH_FINDINGS_CHARS = 2_000_000;
const PREVIEW_CHARS = 500_000;
const HEAD_CHARS = 400_000;

export function checkOptionsFrom(settings: GroundcheckSettings): CheckOptions {
  return {
    strict: settings.strict,
    minEntities: settings.minEntities,
    entityTypes: settings.entityTypes.length > 0 ? settings.entityTypes : ['all'],
    stopwords: settings.stopwords ?? undefined,
    echo: settings.modelOutputsAsContext,
    profile: settings.profile,
    ...(settings.packs !== undefined ? { packs: settings.packs } : {}),
    ...(Object.keys(settings.rules).length > 0 ? { rules: settings.rules } : {}),
  };
}

export function analyze(input: AnalyzeInput, onPartial?: PartialSink): Analyzed {
  const limit = input.settings.maxFileSizeMB * 1024 * 1024;
  if (input.raw.length > limit) {
    return {
      analysis: emptyAnalysis('too-large', [
        `over the size limit: ${(input.raw.length / 1024 / 1024).toFixed(1)} MB > groundcheck.maxFileSizeMB (${input.settings.maxFileSizeMB} MB)`,
      ]),
    };
  }
  const roots = input.referenceRoots;
  // The workspace folders bound both the files a transcript refers to and a session's instruction files.
  const files = roots ? { readFile: referenceReader(roots), projectFolders: allowedFolders(roots) } : {};
  const parseInput = { path: input.path, maxSegments: input.settings.maxSegments, ...files };
  const options = checkOptionsFrom(input.settings);
  // A preview from the head of the file, when it is read line by line: parsing the whole comes after it.
  const headPreview = onPartial && input.raw.length > PREVIEW_FROM_CHARS && previewFromHead(input.raw, parseInput, options, onPartial);
  const between = input.between ?? (() => undefined);
  between();
  const parsed = parseTranscript({ raw: input.raw, ...parseInput, ...(input.onJsonLines ? { onJsonLines: input.onJsonLines } : {}) });
  between();
  if (isNotTranscript(parsed)) {
    if (headPreview) onPartial([], emptyAnalysis('not-transcript', [parsed.reason]), true);
    return { analysis: emptyAnalysis('not-transcript', [parsed.reason]) };
  }
  // What partial reports count toward, for the status item's progress.
  const header: FileAnalysis = { ...transcriptAnalysis(parsed, [], 'full'), outputsTotal: parsed.segments.reduce((n, s) => n + (s.isOutput ? 1 : 0), 0) };
  const cap = ClosestCap.forFile();
  const counts = new ContextCounter(parsed, options.echo === true);
  const withPlaces = input.raw.length <= PLACES_WITH_FINDINGS_CHARS;
  const checks: OutputCheck[] = [];
  const outputs: OutputFinding[] = [];
  let reported = 0;
  // The head's preview is replaced by the first report of the whole file's check.
  let restart = headPreview;
  const report = (sink: PartialSink, from: number): void => {
    if (restart) sink(outputs.slice(from), header, true);
    else sink(outputs.slice(from), header);
    restart = false;
  };
  if (onPartial && !headPreview && input.raw.length > PREVIEW_FROM_CHARS) {
    // Something to show before the whole file is indexed.
    const leading = checkLeadingOutputs(parsed, options, PREVIEW_CHARS);
    checks.push(...sendLeading(parsed, leading, cap, counts, withPlaces, outputs, (from) => report(onPartial, from)));
    reported = outputs.length;
  }
  between();
  const index = TranscriptIndex.build(parsed);
  let reportedAt = performance.now();
  const previewed = new Set(checks.map((c) => c.segment));
  for (let id = 0; id < parsed.segments.length; id++) {
    if (!parsed.segments[id].isOutput || previewed.has(id)) continue;
    between();
    const check = checkOutput(index, id, options);
    checks.push(check);
    outputs.push(outputFinding(parsed, check, cap, counts, withPlaces));
    // The first finding goes out at once (the user is waiting for something to appear), then in batches.
    const first = reported === 0 && hasFinding(outputs[outputs.length - 1]);
    if (onPartial && (first || performance.now() - reportedAt > PARTIAL_EVERY_MS)) {
      report(onPartial, reported);
      reported = outputs.length;
      reportedAt = performance.now();
    }
  }
  // A preview no report of the whole check replaced yet: what was sent of it is void, the reply carries every output.
  if (onPartial && restart) report(onPartial, outputs.length);
  const check: TranscriptCheck = { transcript: parsed, outputs: checks, index, options };
  // The count is for partial reports only: a finished check (full or incremental) does not carry it.
  const { outputsTotal: _total, ...finished } = header;
  return { analysis: { ...finished, outputs }, transcript: parsed, check, carried: { counts, cap }, ...(withPlaces ? { withPlaces } : {}) };
}

/**
 * Parses the head of a file read line by line and sends the findings of its
 * leading outputs as a preview (see previewCheck.ts): true when it sent
 * some. The preview is a first look only: lines further down can change
 * what earlier ones are (a rewind, a compaction), so the check of the whole
 * file checks these outputs again and its first report replaces them.
 */
function previewFromHead(raw: string, parseInput: Omit<ParseInput, 'raw'>, options: CheckOptions, onPartial: PartialSink): boolean {
  const end = raw.lastIndexOf('\n', HEAD_CHARS - 1) + 1;
  if (end === 0) return false;
  const head = parseTranscript({ raw: raw.slice(0, end), ...parseInput });
  if (isNotTranscript(head) || !canReadOn(head)) return false;
  const counts = new ContextCounter(head, options.echo === true);
  const cap = ClosestCap.forFile();
  const header = transcriptAnalysis(head, [], 'full');
  const outputs: OutputFinding[] = [];
  // The file is large (a preview is only made of a large one): its places are read when asked for.
  sendLeading(head, checkLeadingOutputs(head, options, Infinity), cap, counts, false, outputs, (from) => onPartial(outputs.slice(from), header));
  return outputs.length > 0;
}

/**
 * Lays out the leading checks of a preview into `outputs` and sends them:
 * the output with the first finding at once (the user is waiting for
 * something to appear), the rest when the preview is done. `send(from)`
 * sends `outputs` from index `from` on.
 */
function sendLeading(
  t: Transcript,
  leading: Iterable<OutputCheck>,
  cap: ClosestCap,
  counts: ContextCounter,
  withPlaces: boolean,
  outputs: OutputFinding[],
  send: (from: number) => void,
): OutputCheck[] {
  const checks: OutputCheck[] = [];
  let sent = 0;
  for (const check of leading) {
    checks.push(check);
    outputs.push(outputFinding(t, check, cap, counts, withPlaces));
    if (sent === 0 && hasFinding(outputs[outputs.length - 1])) {
      send(0);
      sent = outputs.length;
    }
  }
  if (outputs.length > sent) send(sent);
  return checks;
}

function hasFinding(o: OutputFinding): boolean {
  return o.entities.some((e) => e.status !== 'grounded');
}

export function transcriptAnalysis(t: Transcript, outputs: OutputFinding[], mode: FileAnalysis['mode']): FileAnalysis {
  const formatLabel = ALL_FORMATS.find((f) => f.id === t.format)?.label ?? t.format;
  const reasons: string[] = [];
  if (t.errors.length > 0) reasons.push(`${t.errors.length} parse error${t.errors.length === 1 ? '' : 's'}`);
  const fileGaps = t.gaps.map((g) => g.message);
  for (const g of fileGaps) reasons.push(`context incomplete: ${g}`);
  return {
    state: 'checked',
    format: t.format,
    formatLabel,
    reasons,
    errors: t.errors.map((e) => ({ message: e.message, raw: e.rawRange })),
    fileGaps,
    ...(t.instructions ? { instructions: describeInstructionFiles(t.instructions) } : {}),
    outputs,
    mode,
  };
}

function emptyAnalysis(state: FileAnalysis['state'], reasons: string[]): FileAnalysis {
  return { state, reasons, errors: [], fileGaps: [], outputs: [], mode: 'full' };
}

/**
 * One output's findings (shared/check/fileFindings: verdicts, raw ranges,
 * keys, closest matches under the file's cap) with what the editor adds:
 * labels and what was searched. Where the context has each entity is read
 * when a hover or a jump asks (entityPlaces.ts). Ignore rules are applied
 * on the request thread (publish.ts).
 */
export function outputFinding(t: Transcript, o: OutputCheck, cap: ClosestCap, counts = new ContextCounter(t, false), withPlaces = false): OutputFinding {
  const segment = t.segments[o.segment];
  // The layout's own object, extended in place: a spread followed by new properties gave every output's finding a
  // hidden class of its own in Node 20's V8 (slow to make, and garbage only a full collection frees).
  const finding = outputFindings(t, o, cap) as OutputFinding;
  finding.line = segment.line;
  finding.label = outputLabel(segment);
  finding.searched = counts.describe(o.segment);
  finding.gaps = [...new Set([...(segment.gaps ?? []), ...t.gaps].map((g) => g.message))];
  finding.entities = finding.entities.map((f, i) => entityFinding(t, o.result.entities[i], f, withPlaces));
  if (o.result.claims) finding.claims = o.result.claims.map((c) => claimFinding(segment.text, segment.map, c));
  return finding;
}

function claimFinding(output: string, map: Transcript['segments'][number]['map'], c: Claim): ClaimFinding {
  return {
    raw: toRawRange(map, c.span[0], c.span[1]),
    verdict: c.verdict,
    entityIndexes: c.entityIndexes.slice(),
    text: output.slice(c.span[0], c.span[1]),
  };
}

function entityFinding(t: Transcript, e: Entity, f: EntityFindings, withPlaces: boolean): EntityFinding {
  const closest = f.closest;
  // `f` is this layout's own object: most entities (no closest match to place) are taken as they are, not copied.
  let finding = f as EntityFinding;
  if (closest) {
    const { closest: _found, ...rest } = f;
    finding = rest;
  }
  // Known without a lookup: a hover on it need not ask the worker.
  if (!isPending(e, 'matches') && e.matches.length === 0) finding.noPlaces = true;
  else if (withPlaces) finding.places = nearestPlaces(t, e);
  if (closest) finding.closest = { ...place(t, closest.segment, closest.raw), text: closest.text, near: closest.near };
  if (f.contextValue) {
    finding.contradiction = f.contextValue.value;
    // Its own copy of the range: patches move each place's range in place, once.
    finding.contradictionAt = place(t, f.contextValue.segment, [f.contextValue.raw[0], f.contextValue.raw[1]]);
  }
  return finding;
}
