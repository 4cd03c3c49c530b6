/**
 * When and how documents are checked. At most one check runs per document;
 * edits that arrive meanwhile coalesce into one follow-up check of the newest
 * version (a throttle without a fixed delay, so a lone edit is checked at
 * once). The worker is sent only the edits since the version it holds, and
 * any result whose version is no longer the document's is dropped.
 */
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { analyze } from './analyze';
import { WorkerDied, type CheckWorker } from './workerHandle';
import type { DocumentState, DocumentStates } from './documentState';
import type { GrownFindings, Publisher } from './publish';
import type { SettingsCache } from './settings';
import type { FileAnalysis, OutputFinding } from './fileAnalysis';
import { applyPatch } from './findingsPatch';
import { type FileUsage, stampOf, stampUsage, usageOfReply } from './fileUsage';
import type { CheckJob, UsageJob, WorkerPartial, WorkerReply } from './workerProtocol';
import { fileURLToPath } from 'node:url';

export type CheckReason = 'open' | 'change' | 'save' | 'settings' | 'recheck';

/** Files up to this size have pending usage read as soon as their checks are done; larger ones wait for USAGE_QUIET_MS without a check. */
const USAGE_AT_ONCE_CHARS = 2_000_000;
const USAGE_QUIET_MS = 1_000;

/** Fresh workers one check may start before it gives up. */
const MAX_WORKER_RESTARTS = 4;

export class CheckScheduler {
  /** Large files waiting for a quiet moment to read the usage their last check left pending. */
  private readonly usageTimers = new Map<DocumentState, ReturnType<typeof setTimeout>>();
  /** Where promptfoo `file://` contexts may be read: the workspace folders only (a config may name any path). */
  private referenceRoots: string[] = [];

  constructor(
    private readonly documents: DocumentStates,
    private readonly settings: SettingsCache,
    private readonly worker: CheckWorker,
    private readonly publisher: Publisher,
    private readonly log: (message: string) => void,
  ) {}

  setWorkspaceFolders(uris: readonly string[]): void {
    this.referenceRoots = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
  }

  async request(state: DocumentState, reason: CheckReason): Promise<void> {
    // A new check reads the usage itself, or leaves it pending again.
    clearTimeout(this.usageTimers.get(state));
    this.usageTimers.delete(state);
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await this.checkOnce(state, reason);
      } while (state.again && this.documents.get(state.uri) === state);
    } finally {
      state.running = false;
    }
    this.scheduleUsage(state);
  }

  /**
   * The usage an append or an edit left pending: read at once in a file of
   * modest size; in a large one only once no check has come for a while, so
   * a session growing turn by turn is not held up by reading its whole text
   * (hundreds of milliseconds at 20 MB, which the worker cannot interrupt)
   * after each turn.
   */
  private scheduleUsage(state: DocumentState): void {
    if (!state.current()?.analysis.usagePending) return;
    if (state.doc.length <= USAGE_AT_ONCE_CHARS) {
      void this.readPendingUsage(state);
      return;
    }
    const timer = setTimeout(() => {
      this.usageTimers.delete(state);
      void this.readPendingUsage(state);
    }, USAGE_QUIET_MS);
    timer.unref?.();
    this.usageTimers.set(state, timer);
  }

  /**
   * Once a file's checks are done, the usage an append or an edit left
   * pending is read again (see carryUsage in documentMemory.ts) and sent
   * with the status again: as the change from the read held, when the
   * worker holds that read too. Edits that come meanwhile make it stale:
   * their own check reads it then.
   */
  private async readPendingUsage(state: DocumentState): Promise<void> {
    const p = state.current();
    if (!p?.analysis.usagePending || this.documents.get(state.uri) !== state) return;
    const job: UsageJob = { kind: 'usage', uri: state.uri, version: p.version, path: pathOf(state.uri) };
    const held = stampOf(p.analysis.usage);
    let usage: FileUsage | null | undefined;
    // A change that does not follow the usage held (which the stamps rule out) is asked for again, whole.
    for (const ask of held !== undefined ? [{ ...job, held }, job] : [job]) {
      const reply = await this.worker.run(ask).catch(() => undefined);
      if (!reply?.ok || !('usage' in reply || 'usageChange' in reply) || state.current()?.analysis !== p.analysis || state.running) return;
      usage = usageOfReply(p.analysis.usage, reply);
      if (usage !== undefined) break;
    }
    if (usage === undefined) return;
    // The findings the next patch applies to keep this usage too (see FindingsPatch.keepsUsage).
    const mirrored = state.mirror?.version === p.version ? state.mirror.analysis : undefined;
    for (const analysis of mirrored ? [p.analysis, mirrored] : [p.analysis]) {
      delete analysis.usagePending;
      if (usage) analysis.usage = usage;
      else delete analysis.usage;
    }
    this.publisher.publishUsage(state);
  }

  private async checkOnce(state: DocumentState, reason: CheckReason): Promise<void> {
    const started = performance.now();
    const settings = await this.settings.get(state.uri);
    if (this.isStale(state, undefined)) return;
    if (reason === 'change' && settings.run === 'onSave') return;
    const version = state.doc.version;
    if (state.doc.length > settings.maxFileSizeMB * 1024 * 1024) {
      // Decided without the worker: sending a huge text there only to be told it is huge is waste.
      this.publisher.publish(state, analyze({ raw: state.doc.getText(), settings }).analysis, settings, performance.now() - started);
      return;
    }
    const partials: OutputFinding[] = [];
    const partial = this.partialPublisher(state, version, settings, partials);
    let reply = await this.runSurvivingCrashes(state, version, settings, partial, partials);
    if (!reply.ok && 'needText' in reply) {
      state.workerVersion = undefined;
      reply = await this.runSurvivingCrashes(state, version, settings, partial, partials);
    }
    this.finish(state, version, settings, reply, started, partials);
  }

  /**
   * Runs a check, again on a fresh worker when the worker died under it: a
   * job that was only waiting is always tried again (another file killed
   * the worker); the job the worker was on gets one more try, and if it
   * kills that worker too, the failure is this file's to report.
   */
  private async runSurvivingCrashes(
    state: DocumentState,
    version: number,
    settings: GroundcheckSettings,
    partial: (p: WorkerPartial['partial']) => void,
    partials: OutputFinding[],
  ): Promise<WorkerReply> {
    let ranWhenItDied = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.worker.run(this.job(state, version, settings), partial);
      } catch (err) {
        if (!(err instanceof WorkerDied)) throw err;
        if (err.wasRunning) ranWhenItDied++;
        if (ranWhenItDied >= 2 || attempt >= MAX_WORKER_RESTARTS) throw err;
        this.log(`${err.message} while checking ${state.uri}; checking it again on a fresh worker`);
        // The fresh worker has no text: send it whole, and forget what the dead one sent so far.
        state.workerVersion = undefined;
        partials.length = 0;
      }
    }
  }

  /** Publishes the findings of a large file as they come, until the full check ends. */
  private partialPublisher(state: DocumentState, version: number, settings: GroundcheckSettings, outputs: OutputFinding[]) {
    return (p: WorkerPartial['partial']) => {
      if (p.restart) outputs.length = 0;
      for (const o of p.outputs) outputs.push(o);
      // A restart with nothing new keeps the preview on screen until the final findings replace it.
      if (p.restart && p.outputs.length === 0) return;
      if (!this.isStale(state, version)) this.publisher.publishPartial(state, { ...p.header, outputs }, settings);
    };
  }

  private job(state: DocumentState, version: number, settings: GroundcheckSettings): CheckJob {
    const job: CheckJob = { kind: 'check', uri: state.uri, version, settings, path: pathOf(state.uri), referenceRoots: this.referenceRoots };
    if (state.mirror) job.findingsVersion = state.mirror.version;
    if (state.workerVersion !== undefined && state.workerVersion !== version) {
      job.edits = state.unsentEdits;
      job.baseVersion = state.workerVersion;
    } else if (state.workerVersion === undefined) {
      job.text = state.doc.getText();
    } else {
      job.edits = [];
      job.baseVersion = version;
    }
    // From here the worker holds `version`; later edits are relative to it.
    state.unsentEdits = [];
    state.workerVersion = version;
    return job;
  }

  private finish(state: DocumentState, version: number, settings: GroundcheckSettings, reply: WorkerReply, started: number, partials: OutputFinding[]): void {
    if (!reply.ok) {
      state.workerVersion = undefined;
      const message = 'error' in reply ? reply.error : 'the worker lost the document text';
      this.log(`check of ${state.uri} failed: ${message}`);
      if (!this.isStale(state, version)) this.publisher.failed(state, `the check failed: ${message.split('\n')[0]}`);
      return;
    }
    let analysis: FileAnalysis;
    let grown: GrownFindings | undefined;
    if ('analysis' in reply) {
      const sent = reply.alreadySent ?? 0;
      analysis = sent === 0 ? reply.analysis : { ...reply.analysis, outputs: partials.slice(0, sent).concat(reply.analysis.outputs) };
      stampUsage(analysis.usage, reply.usageStamp);
    } else if ('patch' in reply && state.mirror?.version === reply.baseVersion) {
      const { patch } = reply;
      // Lines appended move nothing before them: the diagnostics of the outputs kept are kept too.
      if (patch.header.mode === 'append' && patch.delta === 0) grown = { base: state.mirror.analysis, changed: patch.changed.map((c) => c.index) };
      analysis = applyPatch(state.mirror.analysis, patch);
    } else {
      // A patch on findings this thread no longer has: start over from the whole text next time.
      state.workerVersion = undefined;
      state.mirror = undefined;
      if (!this.isStale(state, version)) state.again = true;
      return;
    }
    state.mirror = { version, analysis };
    if (this.isStale(state, version)) return;
    this.publisher.publish(state, analysis, settings, performance.now() - started, grown);
  }

  /** True when the document was closed or (given a version) edited since. */
  private isStale(state: DocumentState, version: number | undefined): boolean {
    if (this.documents.get(state.uri) !== state) return true;
    return version !== undefined && state.doc.version !== version;
  }
}

function pathOf(uri: string): string | undefined {
  return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
}
