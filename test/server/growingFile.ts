/**
 * What the tests that grow a session a line at a time share, so each asserts
 * what it checks and not the steps: one line appended as the language server
 * takes it (the edit applied to the document, the worker asked for the new
 * version with that edit, its reply published — a patch as grown findings, a
 * whole analysis afresh), and a publisher that keeps what it last sent.
 */
import { strict as assert } from 'node:assert';
import type { Connection, Diagnostic } from 'vscode-languageserver/node';
import type { DocumentMemory } from '../../server/src/documentMemory';
import type { DocumentState } from '../../server/src/documentState';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import { applyPatch } from '../../server/src/findingsPatch';
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
  g.publisher.publish(g.state, g.held, settings, 0);
  return undefined;
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
