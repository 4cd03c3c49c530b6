/**
 * The worker's memory: per document, the text and the parsed transcript and
 * index of the last check, so edits can be applied and re-checked in place.
 */
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { analyze, type Analyzed } from './analyze';
import { allPlaces, nearestPlaces } from './entityPlaces';
import { checkIncrementally } from './incrementalCheck';
import { checkAppended } from './appendCheck';
import { SNIFF_LENGTH } from '../../shared/transcript/detect';
import type { OffsetEdit } from './textEdits';
import { classifySelection } from './classifySelection';
import { LineText, type LineEdit } from './lineText';
import { conversationView, pageOf, type ConversationView } from './conversationView';
import { fileUsage, type FileUsage } from './fileUsage';
import { UsageLines } from './usageLines';
import type { FileAnalysis } from './fileAnalysis';
import type { FindingsPatch } from './findingsPatch';
import { lineUsageFormat, type ReadLines } from '../../shared/usage/readUsage';
import type { CheckJob, PlacesJob, SelectionJob, UsageJob, ViewJob, WorkerPartial, WorkerReply } from './workerProtocol';

interface Session {
  version: number;
  /** Kept as given until the first edit: splitting 20 MB into lines before the first check would delay it. */
  text: LineText | string;
  settingsKey: string;
  analyzed: Analyzed;
  /** The conversation view of this version, once asked for. */
  view?: { version: number; ignoring: string; drawn: ConversationView };
  /** The lines the usage is read from, kept while the file only grows (see UsageLines). */
  usageLines?: UsageLines;
}

export class DocumentMemory {
  private readonly sessions = new Map<string, Session>();

  /** `between` is called between the steps of a full check (see AnalyzeInput). */
  check(id: number, job: CheckJob, sendPartial?: (p: WorkerPartial) => void, between?: () => void): WorkerReply {
    const prior = this.sessions.get(job.uri);
    let text: LineText | string;
    let lineEdit: LineEdit | undefined;
    let appended: string | undefined;
    if (job.text !== undefined) {
      text = job.text;
    } else if (prior && job.edits && prior.version === job.baseVersion) {
      appended = appendedText(prior.text.length, job.edits);
      if (appended !== undefined) {
        // Text added at the end: kept without splitting or copying what was there.
        if (typeof prior.text === 'string') text = prior.text + appended;
        else (text = prior.text).append(appended);
      } else {
        const lines = typeof prior.text === 'string' ? new LineText(prior.text) : prior.text;
        lineEdit = lines.applyAll(job.edits);
        text = lines;
      }
    } else {
      return { id, ok: false, needText: true };
    }
    const settingsKey = JSON.stringify(job.settings);
    if (prior && appended && prior.settingsKey === settingsKey) {
      const oldLength = text.length - appended.length;
      const whole = text;
      const head = () => (typeof whole === 'string' ? whole : whole.text).slice(0, SNIFF_LENGTH);
      const grown = checkAppended(prior.analyzed, { piece: appended, oldLength, head, path: job.path }, job.settings);
      if ('analyzed' in grown) {
        const patch = carryUsage(prior.analyzed.analysis, grown.analyzed.analysis, grown.patch);
        prior.usageLines?.append(appended);
        this.sessions.set(job.uri, { version: job.version, text, settingsKey, analyzed: grown.analyzed, usageLines: prior.usageLines });
        if (job.findingsVersion === prior.version) {
          return { id, ok: true, patch, baseVersion: prior.version, version: job.version };
        }
        return { id, ok: true, analysis: grown.analyzed.analysis, version: job.version, ...stampOf(prior.usageLines) };
      }
    }
    if (prior && lineEdit && prior.settingsKey === settingsKey) {
      const incremental = checkIncrementally(prior.analyzed, lineEdit, job.settings);
      if (incremental) {
        const patch = carryUsage(prior.analyzed.analysis, incremental.analyzed.analysis, incremental.patch);
        this.sessions.set(job.uri, { version: job.version, text, settingsKey, analyzed: incremental.analyzed });
        // The requester holds the findings of the version this patch applies to: send only the change.
        if (job.findingsVersion === prior.version) {
          return { id, ok: true, patch, baseVersion: prior.version, version: job.version };
        }
        return { id, ok: true, analysis: incremental.analyzed.analysis, version: job.version };
      }
    }
    let sent = 0;
    const raw = typeof text === 'string' ? text : text.text;
    // The usage is read from the lines the parse reads anyway, as soon as they are read, so they are not kept through the check.
    let usage: { read: FileUsage | undefined } | undefined;
    let usageLines: UsageLines | undefined;
    const onJsonLines = (lines: ReadLines['lines'], format: string, errors: ReadLines['errors']) => {
      // A log whose usage is read from these lines is added up once, and kept to be read on as it grows; any other is read as fileUsage reads it.
      usageLines = lineUsageFormat(raw, job.path) === format ? UsageLines.of(format, lines, errors, raw) : undefined;
      usage = { read: usageLines ? usageLines.read(job.path).usage : fileUsage(raw, job.path, { lines, format, errors }) };
    };
    const analyzed = analyze(
      { raw, path: job.path, settings: job.settings, referenceRoots: job.referenceRoots ?? [], between, onJsonLines },
      sendPartial &&
        ((outputs, header, restart) => {
          sent = (restart ? 0 : sent) + outputs.length;
          sendPartial({ id, partial: { outputs, header, ...(restart ? { restart } : {}) } });
        }),
    );
    between?.();
    // The check read the whole text, which made it one flat string already: no copy is needed to read it again.
    readUsageInto(analyzed.analysis, raw, job.path, usage);
    this.sessions.set(job.uri, { version: job.version, text, settingsKey, analyzed, ...(usageLines ? { usageLines } : {}) });
    // Outputs already sent as partials are not copied across threads a second time.
    const rest = { ...analyzed.analysis, outputs: analyzed.analysis.outputs.slice(sent) };
    return { id, ok: true, analysis: rest, alreadySent: sent, version: job.version, ...stampOf(usageLines) };
  }

  /** The usage of the version last checked, read on from the running usage kept of it (as the change from the read the job says it holds), or else from its whole text (see carryUsage). */
  usage(id: number, job: UsageJob): WorkerReply {
    const session = this.sessions.get(job.uri);
    if (!session || session.version !== job.version) return { id, ok: false, error: 'the file was checked again since' };
    const analysis = session.analyzed.analysis;
    if (analysis.usagePending && session.usageLines) {
      delete analysis.usagePending;
      session.view = undefined;
      if (analysis.state !== 'checked') return { id, ok: true, usage: analysis.usage ?? null, version: session.version };
      const read = session.usageLines.read(job.path);
      analysis.usage = read.usage;
      const stamp = session.usageLines.stamp;
      // The requester holds the read before: only what changed since crosses to it.
      if (read.change && job.held === read.from) return { id, ok: true, usageChange: read.change, version: session.version, stamp };
      return { id, ok: true, usage: read.usage, version: session.version, stamp };
    } else if (analysis.usagePending) {
      readUsageInto(analysis, typeof session.text === 'string' ? flatCopy(session.text) : session.text.text, job.path);
      // A view drawn before had the usage read before.
      session.view = undefined;
    }
    return { id, ok: true, usage: analysis.usage ?? null, version: session.version };
  }

  selection(id: number, job: SelectionJob): WorkerReply {
    const session = job.uri ? this.sessions.get(job.uri) : undefined;
    return { id, ok: true, selection: classifySelection(job.params, session?.analyzed, job.settings as GroundcheckSettings) };
  }

  /** A piece of the document's conversation view; the view is drawn once per version and kept for the next pieces. */
  view(id: number, job: ViewJob): WorkerReply {
    const session = this.sessions.get(job.uri);
    if (!session) return { id, ok: false, error: 'not checked yet' };
    if (job.from > 0 && job.version !== session.version) return { id, ok: false, error: 'the file was checked again since' };
    // Drawn again when the ignore rules changed: its levels are after them.
    const ignoring = JSON.stringify(job.ignoring ?? null);
    if (!session.view || session.view.version !== session.version || session.view.ignoring !== ignoring) {
      session.view = { version: session.version, ignoring, drawn: conversationView(session.analyzed, job.file, job.ignoring) };
    }
    return { id, ok: true, view: pageOf(session.view.drawn, job.from, job.chars), version: session.version };
  }

  /** The places of one entity, from the check of `job.version`: findings carry none. */
  places(id: number, job: PlacesJob): WorkerReply {
    const session = this.sessions.get(job.uri);
    if (!session || session.version !== job.version) return { id, ok: false, error: 'the file was checked again since' };
    const { transcript, check } = session.analyzed;
    const output = check?.outputs.find((o) => o.segment === job.segment);
    const entity = output?.result.entities[job.entity];
    if (!transcript || !entity) return { id, ok: false, error: 'no such entity' };
    return { id, ok: true, places: job.all ? allPlaces(transcript, entity) : nearestPlaces(transcript, entity) };
  }

  forget(uri: string): void {
    this.sessions.delete(uri);
  }
}

/** The stamp of the usage `lines` gave last, as a reply carries it (see stampOf in fileUsage.ts). */
function stampOf(lines: UsageLines | undefined): { usageStamp?: string } {
  return lines ? { usageStamp: lines.stamp } : {};
}

/** Reads the usage the whole text records into the analysis of a checked transcript, unless it was `read` already. */
function readUsageInto(analysis: FileAnalysis, raw: string, path: string | undefined, read?: { read: FileUsage | undefined }): void {
  delete analysis.usagePending;
  if (analysis.state !== 'checked') return;
  const usage = read ? read.read : fileUsage(raw, path);
  if (usage) analysis.usage = usage;
  else delete analysis.usage;
}

/**
 * The text as one flat string that is let go after the read. A file grown
 * by appends is kept as the concatenation of its pieces; reading it whole
 * would flatten that in place and keep a second copy of the file for as
 * long as the session lives (40 MB for a 20 MB session). A full check reads
 * the whole text anyway, so its own usage read needs no copy.
 */
function flatCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * A grown or edited file keeps the usage read before, marked pending: it is
 * read again by a `usage` job the server sends once the file's checks are
 * done (a line appended may finish a response begun before it), from the
 * lines kept of a file that only grew (UsageLines), else from the whole
 * text. Reading it here would put that read on the path of every appended
 * turn's diagnostics. The patch to the requester's
 * findings says the usage is kept rather than sending it again.
 */
function carryUsage(before: FileAnalysis, after: FileAnalysis, patch: FindingsPatch): FindingsPatch {
  if (after.state !== 'checked') return patch;
  after.usagePending = patch.header.usagePending = true;
  if (!before.usage) return patch;
  after.usage = before.usage;
  return { ...patch, keepsUsage: true };
}

/** The text the edits add at the end of a text of `length` units, or undefined when they change anything before it. */
function appendedText(length: number, edits: readonly OffsetEdit[]): string | undefined {
  let end = length;
  let added = '';
  for (const e of edits) {
    if (e.start !== end || e.end !== end) return undefined;
    added += e.text;
    end += e.text.length;
  }
  return edits.length > 0 ? added : undefined;
}
