/**
 * One line appended to an open session, as the language server takes it:
 * the edit applied to the document, the worker asked for the new version
 * with that edit, and its reply published — a patch as grown findings, a
 * whole analysis afresh. The tests that grow a file a line at a time share
 * it, so each asserts what it checks and not the steps.
 */
import { strict as assert } from 'node:assert';
import type { DocumentMemory } from '../../server/src/documentMemory';
import type { DocumentState } from '../../server/src/documentState';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import { applyPatch } from '../../server/src/findingsPatch';
import type { Publisher } from '../../server/src/publish';
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
