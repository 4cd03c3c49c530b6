/**
 * Messages between the request thread and the classification worker. The
 * worker keeps the last parsed transcript and index per document, so a check
 * can carry just the edits since the version the worker already has.
 */
import type { IgnoreStore } from '../../shared/check/ignores';
import type { ClassifySelectionRequest } from '../../shared/protocol/messages';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { EntityPlaces, FileAnalysis, OutputFinding } from './fileAnalysis';
import type { FindingsPatch } from './findingsPatch';
import type { ConversationPage } from './conversationView';
import type { OffsetEdit } from './textEdits';
import type { FileUsage, UsageChange } from './fileUsage';

export interface CheckJob {
  kind: 'check';
  uri: string;
  path?: string;
  /** Folders whose files a transcript may refer to (promptfoo `file://`): the workspace folders. */
  referenceRoots?: string[];
  version: number;
  settings: GroundcheckSettings;
  /** The whole text, or edits on top of the version the worker holds (`baseVersion`). */
  text?: string;
  edits?: OffsetEdit[];
  baseVersion?: number;
  /** Version whose findings the requester holds, so a re-check can answer with a patch on them. */
  findingsVersion?: number;
}

export interface SelectionJob {
  kind: 'selection';
  uri?: string;
  offset?: number;
  settings: GroundcheckSettings;
  params: ClassifySelectionRequest.Params;
}

export interface ForgetJob {
  kind: 'forget';
  uri: string;
}

/** The conversation view of the document as last checked. */
export interface ViewJob {
  kind: 'view';
  uri: string;
  /** How the file is named in the view. */
  file: string;
  from: number;
  chars: number;
  /** With `from` > 0: the version the caller has the earlier turns of. */
  version?: number;
  /** The ignore rules and severities the levels shown are after, as the lenses' (absent: none). */
  ignoring?: ViewIgnoring;
}

export interface ViewIgnoring {
  store: IgnoreStore;
  severity: GroundcheckSettings['severity'];
  minEntities: number;
}

/**
 * Where the context has one entity of one output, of the version last
 * checked: its nearest places (what a hover shows), or with `all` every one
 * (Go to Definition, Find References). Sent as a query (see CheckWorker).
 */
export interface PlacesJob {
  kind: 'places';
  uri: string;
  version: number;
  /** The output's segment id. */
  segment: number;
  /** The entity's index among the output's entities. */
  entity: number;
  all?: true;
}

/** The token usage of the version last checked, read again when a grown or edited check left it pending: read on from the lines of a log that only grew (see UsageLines), else from its whole text. */
export interface UsageJob {
  kind: 'usage';
  uri: string;
  version: number;
  path?: string;
  /** The stamp of the usage the requester holds (see stampOf in fileUsage.ts): a read that follows it is sent as the change from it. */
  held?: string;
}

export type WorkerJob = CheckJob | SelectionJob | ForgetJob | ViewJob | PlacesJob | UsageJob;

/**
 * Sent while a check runs: outputs checked since the last partial, and the
 * file-level header; with `restart`, the outputs sent before are dropped
 * (they were a preview of the file's head).
 */
export interface WorkerPartial {
  id: number;
  partial: { outputs: OutputFinding[]; header: FileAnalysis; restart?: true };
}

export type WorkerReply =
  /** `analysis.outputs` omits the first `alreadySent` outputs, which came as partials. */
  | { id: number; ok: true; analysis: FileAnalysis; alreadySent?: number; version: number; usageStamp?: string }
  | { id: number; ok: true; patch: FindingsPatch; baseVersion: number; version: number }
  | { id: number; ok: true; selection: ClassifySelectionRequest.Result }
  | { id: number; ok: true; forgotten: true }
  | { id: number; ok: true; view: ConversationPage; version: number }
  /** Nearest the output first. */
  | { id: number; ok: true; places: EntityPlaces }
  /** null: the file records no usage or is no transcript. `stamp`: which read it is, where it can be followed by a change. */
  | { id: number; ok: true; usage: FileUsage | null; version: number; stamp?: string }
  /** The read that follows the usage the job said it holds, as the change from it. */
  | { id: number; ok: true; usageChange: UsageChange; version: number; stamp: string }
  /** The worker does not hold `baseVersion`: send the whole text. */
  | { id: number; ok: false; needText: true }
  | { id: number; ok: false; error: string };

/** A message sent as JSON text (see toWire). */
export interface JsonText {
  json: string;
}

/**
 * How a message crosses from the worker to the request thread. A check's
 * findings are plain JSON data, and for the thousands of outputs of a large
 * session JSON text costs less than a structured clone of their objects,
 * above all to read, on the thread that answers hovers: a 20 MB session's
 * messages are written in 39 ms and read in 33 ms, against 48 and 119 ms.
 * The rest is cloned.
 */
export function toWire(message: WorkerReply | WorkerPartial): WorkerReply | WorkerPartial | JsonText {
  const findings = 'partial' in message || (message.ok && 'analysis' in message);
  return findings ? { json: JSON.stringify(message) } : message;
}

export function fromWire(message: WorkerReply | WorkerPartial | JsonText): WorkerReply | WorkerPartial {
  return 'json' in message ? (JSON.parse(message.json) as WorkerReply | WorkerPartial) : message;
}
