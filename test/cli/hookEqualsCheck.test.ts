/**
 * The stop hook's findings for a turn are `groundcheck check`'s findings
 * for that turn: every session is written stop by stop (cut where each
 * prompt a person typed begins, and at its end), a few lines at a time with
 * the kept session read ahead after each few (as the `--warm` process does
 * while the agent works); at each stop the hook checks the turn from that
 * kept session and from a fresh read, and a full check of the file as it
 * stands gives the records of the same outputs. Every rule flags, so the
 * lists compared are long. Over the fixtures and, when fetched, every turn
 * of the real Claude Code and Codex sessions in bench/sessions/corpus.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { readTarget } from '../../cli/check/checkTarget';
import { fileCheckOptions } from '../../cli/check/fileCheckSetup';
import { HeldSessions } from '../../cli/hook/heldSessions';
import { freshLoad, hookFindingsOf, type TurnFindings, turnFindings, UncheckableSession } from '../../cli/hook/turnFindings';
import { endedTurn, isPrompt, isSubAgent } from '../../shared/hook/endedTurn';
import type { HookFinding } from '../../shared/hook/hookReply';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { EVERY_RULE_FLAGGING } from '../shared/code/claudeSession';

const ROOT = join(__dirname, '../..');
const CORPUS = join(ROOT, 'bench/sessions/corpus');
const FIXTURES = join(ROOT, 'test/fixtures/transcripts');
const setup = { settings: { ...defaultSettings(), rules: EVERY_RULE_FLAGGING } };
/** Lines written between two read-aheads. */
const LINES_PER_READ_AHEAD = 5;

/** Where each turn has just ended: the start of the line of each prompt a person typed, and the file's end. */
function stops(raw: string): number[] {
  const t = parseTranscript({ raw });
  if (isNotTranscript(t)) return [];
  const cuts = new Set<number>([raw.length]);
  for (const s of t.segments) {
    if (!isPrompt(s) || isSubAgent(s) || s.source !== undefined) continue;
    const cut = raw.lastIndexOf('\n', s.map.toRaw(0) - 1) + 1;
    if (cut > 0) cuts.add(cut);
  }
  return [...cuts].sort((a, b) => a - b);
}

/** The hook's findings for the ended turn, taken from `groundcheck check`'s report of the file. */
function fromFullCheck(file: string): HookFinding[] {
  const options = fileCheckOptions({ ...setup, ledger: false, conversation: true });
  const read = readTarget({ path: file, shown: file, explicit: true }, options);
  assert.ok('input' in read, 'the session file was read');
  const report = checkFile(read.input, options);
  const parsed = freshLoad(file, file, setup.settings).parsed;
  const turn = endedTurn(parsed, false).outputs;
  const records = report.outputs.filter((o) => o.segment !== undefined && turn.includes(o.segment)).map((record) => ({ segment: record.segment!, record }));
  assert.equal(records.length, turn.length, 'the full check has a record for each output of the turn');
  return hookFindingsOf(parsed, records);
}

interface Replayed {
  stops: number;
  kept: number;
  findings: number;
}

/** Writes `raw` stop by stop and compares, at each stop, the kept and fresh hook checks with the full check. */
function replay(raw: string, name: string): Replayed {
  const dir = mkdtempSync(join(tmpdir(), 'groundcheck-hook-equals-'));
  const file = join(dir, name);
  const held = new HeldSessions();
  const out: Replayed = { stops: 0, kept: 0, findings: 0 };
  try {
    let written = 0;
    writeFileSync(file, '');
    for (const cut of stops(raw)) {
      // The turn as the agent writes it, read ahead every few lines; its last line is left to the stop.
      for (let lines = 0, at = written; at < cut; lines++) {
        const next = raw.indexOf('\n', at) + 1;
        const to = next === 0 || next >= cut ? cut : next;
        appendFileSync(file, raw.slice(at, to));
        at = to;
        if (at < cut && lines % LINES_PER_READ_AHEAD === LINES_PER_READ_AHEAD - 1) held.readAhead();
      }
      written = cut;
      let kept: TurnFindings;
      try {
        kept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      } catch (err) {
        // A session the hook cannot check (cut inside a record it needs, say) lets the stop through; a fresh read says the same.
        assert.ok(err instanceof UncheckableSession, String(err));
        assert.throws(() => turnFindings(file, false, setup), UncheckableSession);
        continue;
      }
      if (held.lastLoad === 'appended') out.kept++;
      assert.deepEqual(kept, turnFindings(file, false, setup), `${name} at byte ${cut}: kept and fresh reads differ`);
      assert.deepEqual(kept.findings, fromFullCheck(file), `${name} at byte ${cut}: the hook and the full check differ`);
      out.stops++;
      out.findings += kept.findings.length;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

describe('the stop hook gives the full check’s findings for the turn', () => {
  for (const folder of ['claude-code', 'codex']) {
    for (const name of readdirSync(join(FIXTURES, folder))) {
      it(`at every stop of the fixture ${folder}/${name}`, () => {
        const r = replay(readFileSync(join(FIXTURES, folder, name), 'utf8'), name);
        assert.ok(r.stops >= 2, `${r.stops} stops checked`);
      });
    }
  }

  const corpus = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => /^(claude-code|codex)-.*\.jsonl$/.test(f)) : [];
  const total: Replayed = { stops: 0, kept: 0, findings: 0 };
  for (const name of corpus) {
    it(`at every stop of the real session ${name}`, function () {
      this.timeout(600_000);
      const r = replay(readFileSync(join(CORPUS, name), 'utf8'), name);
      assert.ok(r.stops >= 1, `${r.stops} stops checked`);
      total.stops += r.stops;
      total.kept += r.kept;
      total.findings += r.findings;
    });
  }
  if (corpus.length > 0) {
    it('compared findings, most of them from sessions kept between stops', () => {
      // The comparisons above are of findings, not of empty lists, and mostly of the kept path.
      assert.ok(total.findings > 100, `${total.findings} findings compared`);
      assert.ok(total.kept > total.stops / 2, `${total.kept} of ${total.stops} stops read only the new lines`);
    });
  }
  if (corpus.length === 0) it.skip('real sessions: bench/sessions/corpus is not fetched (npm run sessions:corpus)');
});
