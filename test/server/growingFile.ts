/**
 * What the tests that grow a session a line at a time share, so each asserts
 * what it checks and not the steps: one line appended as the language server
 * takes it (the edit applied to the document, the worker asked for the new
 * version with that edit, its reply published — a patch as grown findings, a
 * whole analysis afresh), the usage the append left pending read and
 * published as CheckScheduler.readPendingUsage has it, and a publisher that
 * keeps what it last sent.
 */
import { strict as assert } from 'node:assert';
import type { Connection, Diagnostic } from 'vscode-languageserver/node';
import type { DocumentMemory } from '../../server/src/documentMemory';
import type { DocumentState } from '../../server/src/documentState';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import { applyPatch } from '../../server/src/findingsPatch';
import { stampOf, stampUsage, usageOfReply, type UsageChange } from '../../server/src/fileUsage';
import { IgnoreFiles } from '../../server/src/ignoreFile';
import { Publisher } from '../../server/src/publish';
import type { FileStatus } from '../../shared/protocol/messages';
import type { GroundcheckSettings } from '../../shared/protocol/settings';

export interface Growing {
  state: DocumentState;
  worker: DocumentMemory;
  publisher: Publisher;
  job: { kind: 'check'; uri: string; path?: string; settings: GroundcheckSettings };
  /** The findings published last. */
  held: FileAnalysis;
}

/**
 * Appends `text` as line `line` at raw offset `at`, making `version`.
 * Answers the earlier outputs the patch checked again, or undefined when the
 * worker checked the file whole instead.
 */
export function appendLine(g: Growing, line: number, at: number, text: string, version: number): number[] | undefined {
  const settings = g.job.settings;
  g.state.applyChanges([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text }], version);
  const reply = g.worker.check(version, { ...g.job, version, findingsVersion: version - 1, edits: [{ start: at, end: at, text }], baseVersion: version - 1 });
  assert.ok(reply.ok);
  if ('patch' in reply && reply.patch.header.mode === 'append') {
    const base = g.held;
    const changed = reply.patch.changed.map((c) => c.index);
    g.held = applyPatch(base, reply.patch);
    g.publisher.publish(g.state, g.held, settings, 0, { base, changed });
    return changed;
  }
  assert.ok('analysis' in reply);
  g.held = reply.analysis;
  stampUsage(g.held.usage, reply.usageStamp);
  g.publisher.publish(g.state, g.held, settings, 0);
  return undefined;
}

/**
 * The usage the last append left pending, read by the worker and published,
 * as CheckScheduler.readPendingUsage does: the worker is told which read the
 * published findings hold, and its reply is copied as a message between
 * threads is. Answers the change that crossed, when the reply was one.
 */
export function readPendingUsage(g: Growing, version: number): UsageChange | undefined {
  if (!g.held.usagePending) return undefined;
  const published = g.state.published!.analysis;
  const held = stampOf(published.usage);
  const read = structuredClone(g.worker.usage(0, { kind: 'usage', uri: g.job.uri, path: g.job.path, version, ...(held !== undefined ? { held } : {}) }));
  assert.ok(read.ok && ('usage' in read || 'usageChange' in read));
  // The published findings and those the next patch applies to take the usage read.
  const usage = usageOfReply(published.usage, read);
  assert.ok(usage !== undefined, 'the change follows the usage held');
  for (const analysis of new Set([g.held, published])) {
    delete analysis.usagePending;
    if (usage) analysis.usage = usage;
    else delete analysis.usage;
  }
  g.publisher.publishUsage(g.state);
  return 'usageChange' in read ? read.usageChange : undefined;
}

/** Opens `text` on `worker` as the server does: the check's analysis, its usage stamped with the read it is. */
export function opened(worker: DocumentMemory, job: Growing['job'], text: string): FileAnalysis {
  const reply = worker.check(1, { ...job, version: 1, text });
  assert.ok(reply.ok && 'analysis' in reply);
  stampUsage(reply.analysis.usage, reply.usageStamp);
  return reply.analysis;
}

/** What a publisher sent last: the diagnostics, and the status of the file. */
export interface Sent {
  diagnostics: Diagnostic[];
  status?: FileStatus;
}

/** A publisher over a connection that only keeps what was sent last. */
export function recordingPublisher(): { publisher: Publisher; sent: Sent } {
  const sent: Sent = { diagnostics: [] };
  const connection = {
    sendDiagnostics: (p: { diagnostics: Diagnostic[] }) => {
      sent.diagnostics = p.diagnostics;
      return Promise.resolve();
    },
    sendNotification: (_method: string, status: FileStatus) => {
      sent.status = status;
      return Promise.resolve();
    },
  } as unknown as Connection;
  return { publisher: new Publisher(connection, new IgnoreFiles()), sent };
}
