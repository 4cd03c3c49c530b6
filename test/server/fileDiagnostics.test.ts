import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { codeLenses } from '../../server/src/codeLens';
import { DocumentMemory } from '../../server/src/documentMemory';
import { DocumentState } from '../../server/src/documentState';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import { applyPatch } from '../../server/src/findingsPatch';
import { LazyTextDocument } from '../../server/src/lazyTextDocument';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';
import { appendLine, type Growing, recordingPublisher } from './growingFile';
import { EVERY_RULE_FLAGGING, longReadOpening, say, sessionLines, user, versionSpeltLater } from '../shared/code/claudeSession';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = readFileSync(path.join(ROOT, 'test/fixtures/transcripts/claude-code/session.jsonl'), 'utf8');
const URI = 'file:///work/session.jsonl';
/** Answers with findings of every rank, a question and an answer at a time. */
const FINDINGS = sessionLines([
  ...longReadOpening(),
  ...[
    'The deploy took 47 seconds on host build-7 ("blue pool").',
    'The rollback window is 15 minutes, per https://ops.example.com/runbook, since 2024-03-01.',
    'LIMIT_9 is 1009 and LIMIT_12 is 1012; Dana Whitfield owns both (see RFC 9110).',
    'Set MAX_RETRIES to 7 and "strict" mode on, as https://docs.example.com/retries says.',
  ].flatMap((answer, i) => [user(`Question ${i + 1}?`), say(answer)]),
]).join('');

const crlf = (raw: string) => raw.replaceAll('\n', '\r\n');

function lineEnds(raw: string): number[] {
  const ends: number[] = [];
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

/** A Publisher whose connection keeps the last diagnostics and status it was given. */
/** FINDINGS' first eight lines opened and published with the spec profile: the state before a session grows. */
function openFirstHalf(raw = FINDINGS) {
  const settings: GroundcheckSettings = { ...DEFAULT_SETTINGS, profile: 'spec' };
  const { publisher: p, sent } = recordingPublisher();
  const worker = new DocumentMemory();
  const half = lineEnds(raw)[7];
  const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', 1, raw.slice(0, half)));
  const first = worker.check(1, { kind: 'check', uri: URI, version: 1, settings, text: raw.slice(0, half) });
  assert.ok(first.ok && 'analysis' in first);
  p.publish(state, first.analysis, settings, 0);
  return { settings, p, sent, worker, half, state, first };
}

/** The rest of FINDINGS appended to the document and checked as the worker checks lines appended. */
function appendSecondHalf(worker: DocumentMemory, state: DocumentState, half: number, settings: GroundcheckSettings, raw = FINDINGS) {
  const rest = raw.slice(half);
  const end = { line: state.doc.lineCount - 1, character: 0 };
  state.applyChanges([{ range: { start: end, end }, text: rest }], 2);
  return worker.check(2, {
    kind: 'check',
    uri: URI,
    version: 2,
    settings,
    findingsVersion: 1,
    edits: [{ start: half, end: half, text: rest }],
    baseVersion: 1,
  });
}

/**
 * Grows `raw` from line `first` to its end a line at a time as the server
 * does (the worker's patch applied, then published as grown findings) and,
 * at each line, publishes the same findings afresh for another document:
 * both must send the same diagnostics and status. Answers the appends made
 * and the earlier outputs they checked again.
 */
function growAndPublish(raw: string, first: number, settings: GroundcheckSettings): { appended: number; rechecked: number } {
  const ends = lineEnds(raw);
  const worker = new DocumentMemory();
  const grown = recordingPublisher();
  const fresh = recordingPublisher();
  const head = raw.slice(0, ends[first - 1]);
  const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', first, head));
  const job = { kind: 'check' as const, uri: URI, settings };
  const reply = worker.check(first, { ...job, version: first, text: head });
  assert.ok(reply.ok && 'analysis' in reply);
  const growing: Growing = { state, worker, publisher: grown.publisher, job, held: reply.analysis };
  grown.publisher.publish(state, growing.held, settings, 0);
  let appended = 0;
  let rechecked = 0;
  for (let line = first; line < ends.length; line++) {
    const version = line + 1;
    const changed = appendLine(growing, line, ends[line - 1], raw.slice(ends[line - 1], ends[line]), version);
    if (changed) {
      appended++;
      rechecked += changed.length;
    }
    const held = growing.held;
    const afresh = new DocumentState(new LazyTextDocument(URI, 'jsonl', version, raw.slice(0, ends[line])));
    fresh.publisher.publish(afresh, structuredClone(held), settings, 0);
    assert.deepEqual(grown.sent.diagnostics, fresh.sent.diagnostics, `diagnostics after line ${line + 1}`);
    assert.deepEqual(grown.sent.status, fresh.sent.status, `status after line ${line + 1}`);
    assert.deepEqual(codeLenses(state), codeLenses(afresh), `lenses after line ${line + 1}`);
  }
  return { appended, rechecked };
}

describe('diagnostics and lenses of a file that grows', () => {
  const variants: [string, GroundcheckSettings][] = [
    ['default settings', DEFAULT_SETTINGS],
    ['the spec profile, the list capped at 3', { ...DEFAULT_SETTINGS, profile: 'spec', maxDiagnosticsPerFile: 3 }],
    ['dates off and the spec profile', { ...DEFAULT_SETTINGS, profile: 'spec', severity: { ...DEFAULT_SETTINGS.severity, date: 'off' } }],
  ];
  for (const [name, settings] of variants) {
    it(`publishes what a fresh publication of the same findings does, at every line of two sessions, also with \\r\\n line breaks (${name})`, () => {
      for (const [raw, first] of [
        [FIXTURE, 1],
        [FINDINGS, 4],
        [crlf(FIXTURE), 1],
        [crlf(FINDINGS), 4],
      ] as const) {
        const { appended } = growAndPublish(raw, first, settings);
        assert.ok(appended > (lineEnds(raw).length - first) / 2, `${appended} lines appended`);
      }
    });
  }

  it('converts again the earlier answer that new lines check again, also where the cap lets one finding in for another', () => {
    const raw = versionSpeltLater().join('');
    for (const maxDiagnosticsPerFile of [500, 1]) {
      const { rechecked } = growAndPublish(raw, 4, { ...DEFAULT_SETTINGS, rules: EVERY_RULE_FLAGGING, maxDiagnosticsPerFile });
      assert.ok(rechecked > 0, 'an earlier answer was checked again');
    }
  });

  for (const [breaks, raw] of [
    ['\\n', FINDINGS],
    ['\\r\\n', crlf(FINDINGS)],
  ])
    it(`keeps the diagnostics of earlier outputs as they were built, instead of converting every output again (line breaks ${breaks})`, () => {
      const { settings, p, sent, worker, half, state, first } = openFirstHalf(raw);
      const before = sent.diagnostics.filter((d) => d.code !== 'capped' && d.range.start.line > 0);
      assert.ok(before.length > 0);
      const grown = appendSecondHalf(worker, state, half, settings, raw);
      assert.ok(grown.ok && 'patch' in grown && grown.patch.header.mode === 'append');
      const analysis = applyPatch(first.analysis, grown.patch);
      p.publish(state, analysis, settings, 0, { base: first.analysis, changed: grown.patch.changed.map((c) => c.index) });
      for (const d of before) assert.ok(sent.diagnostics.includes(d), `kept: ${d.message}`);
      assert.ok(sent.diagnostics.length > before.length, 'the new outputs added theirs');
      // The same as a fresh open of the whole file shows.
      const opened = recordingPublisher();
      const whole = new DocumentMemory().check(1, { kind: 'check', uri: URI, version: 1, settings, text: raw });
      assert.ok(whole.ok && 'analysis' in whole);
      opened.publisher.publish(new DocumentState(new LazyTextDocument(URI, 'jsonl', 2, raw)), whole.analysis, settings, 0);
      assert.deepEqual(sent.diagnostics, opened.sent.diagnostics);
    });

  it('keeps the lenses of earlier outputs while text is only added at the end, and places them again after any other edit', () => {
    const { settings, p, sent, worker, half, state, first } = openFirstHalf();
    const before = codeLenses(state);
    assert.ok(before.length > 0);
    const grown = appendSecondHalf(worker, state, half, settings);
    assert.ok(grown.ok && 'patch' in grown);
    const analysis = applyPatch(first.analysis, grown.patch);
    p.publish(state, analysis, settings, 0, { base: first.analysis, changed: grown.patch.changed.map((c) => c.index) });
    const after = codeLenses(state);
    for (const lens of before) assert.ok(after.includes(lens), `kept: ${lens.command?.title}`);
    assert.ok(after.length > before.length, 'the new outputs have lenses');
    // A line break put in place of a character of the first line: the same offsets, on other lines.
    state.applyChanges([{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } }, text: '\n' }], 3);
    p.publish(state, analysis, settings, 0);
    const moved = codeLenses(state);
    const diagnostics = sent.diagnostics;
    const afresh = new DocumentState(new LazyTextDocument(URI, 'jsonl', 3, state.doc.getText()));
    p.publish(afresh, analysis, settings, 0);
    assert.deepEqual(moved, codeLenses(afresh));
    assert.deepEqual(diagnostics, sent.diagnostics, 'the diagnostics are placed again too');
    assert.equal(moved[0].range.start.line, before[0].range.start.line + 1);
  });
});

describe('diagnostics of a check published in parts', () => {
  /**
   * Publishes `analysis` as the scheduler does a large file's check: partial
   * publications of a list of outputs that grows in place (after `restart`
   * outputs of another check that the first report replaced), then the
   * finished check, whose outputs begin with the same objects. Each
   * publication is compared with a fresh publication of a copy of the same
   * findings; answers the diagnostics of the last partial and of the end.
   */
  function publishInParts(raw: string, settings: GroundcheckSettings, restart?: FileAnalysis) {
    const reply = new DocumentMemory().check(1, { kind: 'check', uri: URI, version: 1, settings, text: raw });
    assert.ok(reply.ok && 'analysis' in reply);
    const analysis = reply.analysis;
    const parts = recordingPublisher();
    const fresh = recordingPublisher();
    const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', 1, raw));
    const afresh = new DocumentState(new LazyTextDocument(URI, 'jsonl', 1, raw));
    const received: FileAnalysis['outputs'] = [];
    const publishPartial = () => {
      parts.publisher.publishPartial(state, { ...analysis, outputs: received }, settings);
      fresh.publisher.publishPartial(afresh, structuredClone({ ...analysis, outputs: received }), settings);
      assert.deepEqual(parts.sent.diagnostics, fresh.sent.diagnostics, `diagnostics of ${received.length} outputs`);
    };
    if (restart) {
      received.push(...restart.outputs);
      publishPartial();
      received.length = 0;
    }
    const sent = Math.ceil(analysis.outputs.length * 0.6);
    for (let i = 0; i < sent; i++) {
      received.push(analysis.outputs[i]);
      if (i % 2 === 1) publishPartial();
    }
    const partial = parts.sent.diagnostics;
    parts.publisher.publish(state, { ...analysis, outputs: received.slice(0, sent).concat(analysis.outputs.slice(sent)) }, settings, 0);
    fresh.publisher.publish(afresh, structuredClone(analysis), settings, 0);
    assert.deepEqual(parts.sent.diagnostics, fresh.sent.diagnostics, 'diagnostics of the finished check');
    assert.deepEqual(parts.sent.status, fresh.sent.status, 'status of the finished check');
    assert.deepEqual(codeLenses(state), codeLenses(afresh), 'lenses of the finished check');
    return { partial, final: parts.sent.diagnostics };
  }

  const variants: [string, GroundcheckSettings][] = [
    ['default settings', DEFAULT_SETTINGS],
    ['the spec profile, the list capped at 3', { ...DEFAULT_SETTINGS, profile: 'spec', maxDiagnosticsPerFile: 3 }],
    ['dates off and the spec profile', { ...DEFAULT_SETTINGS, profile: 'spec', severity: { ...DEFAULT_SETTINGS.severity, date: 'off' } }],
  ];
  for (const [name, settings] of variants) {
    it(`publishes at each part and at the end what a fresh publication of the same findings does (${name})`, () => {
      for (const raw of [FIXTURE, FINDINGS]) publishInParts(raw, settings);
    });
  }

  it('keeps the diagnostics the parts built for the finished check, instead of converting every output again', () => {
    const { partial, final } = publishInParts(FINDINGS, { ...DEFAULT_SETTINGS, profile: 'spec' });
    const built = partial.filter((d) => d.code !== 'capped' && d.code !== 'context-incomplete');
    assert.ok(built.length > 0);
    for (const d of built) assert.ok(final.includes(d), `kept: ${d.message}`);
    assert.ok(final.length > partial.length, 'the outputs of the reply added theirs');
  });

  it('converts afresh after a restart: the outputs received before were another check’s', () => {
    const settings = { ...DEFAULT_SETTINGS, profile: 'spec' as const };
    const head = new DocumentMemory().check(1, { kind: 'check', uri: URI, version: 1, settings, text: FINDINGS.slice(0, lineEnds(FINDINGS)[9]) });
    assert.ok(head.ok && 'analysis' in head && head.analysis.outputs.length > 0);
    publishInParts(FINDINGS, settings, head.analysis);
  });
});
