import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeLens, Diagnostic } from 'vscode-languageserver/node';
import { generateRepetitiveSession } from '../../bench/generators/repetitiveSession';
import { codeLenses } from '../../server/src/codeLens';
import { DocumentMemory } from '../../server/src/documentMemory';
import { DocumentState } from '../../server/src/documentState';
import { LazyTextDocument } from '../../server/src/lazyTextDocument';
import type { FileStatus } from '../../shared/protocol/messages';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';
import { tokensOf } from '../../shared/usage/budget';
import { appendLine, type Growing, opened, readPendingUsage, recordingPublisher } from './growingFile';

const PATH = '/work/growing/session.jsonl';
const URI = `file://${PATH}`;
/** A Claude Code session of some forty turns, each answer with the usage Claude Code logs. */
const SESSION = generateRepetitiveSession({ targetSize: 150_000, usage: true, seed: 7 }).raw;
const crlf = (raw: string) => raw.replaceAll('\n', '\r\n');
/** Lines appended one at a time after the session is opened: the last four turns. */
const APPENDED = 12;

function lineEnds(raw: string): number[] {
  const ends: number[] = [];
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

/** What the editor is shown of a file: the last diagnostics and status sent, and the lenses it asks for after them. */
interface Shown {
  diagnostics: Diagnostic[];
  status: Omit<FileStatus, 'mode' | 'millis'>;
  lenses: CodeLens[];
}

function recorder() {
  const { publisher, sent } = recordingPublisher();
  const shown = (state: DocumentState): Shown => {
    const { mode: _mode, millis: _millis, ...status } = sent.status!;
    return { diagnostics: sent.diagnostics, status, lenses: codeLenses(state) };
  };
  return { publisher, shown };
}

/** The file opened whole: checked by a fresh worker and published on a fresh document. */
function openedWhole(raw: string, version: number, settings: GroundcheckSettings): Shown {
  const { publisher, shown } = recorder();
  const reply = new DocumentMemory().check(1, { kind: 'check', uri: URI, path: PATH, version, settings, text: raw });
  assert.ok(reply.ok && 'analysis' in reply);
  const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', version, raw));
  publisher.publish(state, reply.analysis, settings, 0);
  return shown(state);
}

/**
 * Opens all but the last APPENDED lines of `raw`, then appends them one at
 * a time as the server does: the worker's patch applied and published as
 * grown findings, then the usage the append left pending read and
 * published. After each line, what is shown must be what opening the file
 * as it then is shows, and the usage must have crossed from the worker as
 * the change the line made (the call it adds or logs again), not as every
 * call of the session. Answers the lines that took the append path.
 */
function growAndCompare(raw: string, settings: GroundcheckSettings, appendedLines = APPENDED): number {
  const ends = lineEnds(raw);
  const first = ends.length - appendedLines;
  const worker = new DocumentMemory();
  const { publisher, shown } = recorder();
  const head = raw.slice(0, ends[first - 1]);
  const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', 1, head));
  const job = { kind: 'check' as const, uri: URI, path: PATH, settings };
  const growing: Growing = { state, worker, publisher, job, held: opened(worker, job, head) };
  publisher.publish(state, growing.held, settings, 0);
  let appended = 0;
  let lenses = codeLenses(state);
  for (let line = first; line < ends.length; line++) {
    const version = line - first + 2;
    const grown = appendLine(growing, line, ends[line - 1], raw.slice(ends[line - 1], ends[line]), version);
    if (grown) appended++;
    const pending = growing.held.usagePending;
    const change = readPendingUsage(growing, version);
    if (pending) {
      assert.ok(change, `after line ${line + 1}, the usage crossed whole`);
      assert.ok(change.calls.length <= 1, `after line ${line + 1}, ${change.calls.length} calls crossed`);
    }
    assert.deepEqual(shown(state), openedWhole(raw.slice(0, ends[line]), version, settings), `after line ${line + 1}`);
    // Made once where the line took the append path: the lenses of the turns before are those made before (a line may finish the last call, or check an earlier turn again).
    const now = new Set(codeLenses(state));
    const made = lenses.filter((l) => !now.has(l));
    if (grown) assert.ok(made.length <= 2, `after line ${line + 1}, ${made.length} of ${lenses.length} lenses made again`);
    lenses = [...now];
  }
  return appended;
}

/** Token budgets crossed once before the appended lines and once by them. */
function budgetsOf(raw: string): GroundcheckSettings['budget'] {
  const whole = new DocumentMemory().check(1, { kind: 'check', uri: URI, path: PATH, version: 1, settings: DEFAULT_SETTINGS, text: raw });
  assert.ok(whole.ok && 'analysis' in whole && whole.analysis.usage);
  const total = whole.analysis.usage.sessionCalls.reduce((n, c) => n + tokensOf(c.counts), 0);
  return { tokens: { soft: Math.floor(total / 3), hard: total - 1 }, cost: { soft: 0.01, hard: null } };
}

describe('a session that grows while it is open', () => {
  it('shows what opening it shows after each appended line, in a Codex rollout too', () => {
    const rollout = readFileSync(path.join(__dirname, '../fixtures/transcripts/codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl'), 'utf8');
    for (const raw of [rollout, crlf(rollout)]) assert.ok(growAndCompare(raw, DEFAULT_SETTINGS, lineEnds(raw).length - 1) > 0);
  });

  it('shows what opening it shows after each appended line of a response logged over several lines, its counts growing', () => {
    // Its first response is logged on three lines, the last with twelve times the output of the others, so a budget it crosses moves with it.
    const log = readFileSync(path.join(__dirname, '../e2e/workspace/claude-usage-session.jsonl'), 'utf8');
    for (const raw of [log, crlf(log)]) {
      const settings = { ...DEFAULT_SETTINGS, budget: budgetsOf(raw) };
      for (const s of [DEFAULT_SETTINGS, settings]) assert.ok(growAndCompare(raw, s, lineEnds(raw).length - 1) > 0);
    }
  });

  for (const [breaks, raw] of [
    ['\\n', SESSION],
    ['\\r\\n', crlf(SESSION)],
  ] as const) {
    it(`shows what opening it shows after each appended line: diagnostics, status with its usage and lenses (line breaks ${breaks})`, () => {
      assert.equal(growAndCompare(raw, DEFAULT_SETTINGS), APPENDED);
    });

    it(`shows the budgets crossed as opening it shows them, also one crossed by an appended line (line breaks ${breaks})`, () => {
      const settings = { ...DEFAULT_SETTINGS, budget: budgetsOf(raw) };
      assert.equal(growAndCompare(raw, settings), APPENDED);
      const budgets = openedWhole(raw, 1, settings).diagnostics.filter((d) => String(d.code).startsWith('budget-'));
      assert.deepEqual(
        budgets.map((d) => d.code),
        ['budget-cost-soft', 'budget-tokens-soft', 'budget-tokens-hard'],
      );
      assert.ok(budgets[2].range.start.line >= lineEnds(raw).length - APPENDED, 'the hard budget is crossed by an appended line');
    });
  }
});
