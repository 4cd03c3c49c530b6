import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyze, type Analyzed } from '../../server/src/analyze';
import { checkAppended, type AppendOutcome } from '../../server/src/appendCheck';
import { DocumentMemory } from '../../server/src/documentMemory';
import { applyPatch } from '../../server/src/findingsPatch';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import type { CheckJob, WorkerReply } from '../../server/src/workerProtocol';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';
import { EVERY_RULE_FLAGGING, say, sessionLines, user, versionSpeltLater, versionSpeltLaterSteps } from '../shared/code/claudeSession';
import { ServerHarness } from './harness';

const settings = DEFAULT_SETTINGS;
const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = readFileSync(path.join(ROOT, 'test/fixtures/transcripts/claude-code/session.jsonl'), 'utf8');
const CODEX = readFileSync(path.join(ROOT, 'test/fixtures/transcripts/codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl'), 'utf8');
const CORPUS = path.join(ROOT, 'bench/sessions/corpus');

/** Offsets just past each line break: where a file written line by line can be cut. */
/** What the worker answers for `raw` checked whole: the findings and the usage the file records. */
function fullCheck(raw: string, s: GroundcheckSettings = settings): FileAnalysis {
  const reply = new DocumentMemory().check(0, { kind: 'check', uri: 'file:///work/full.jsonl', version: 0, settings: s, text: raw });
  assert.ok(reply.ok && 'analysis' in reply);
  return reply.analysis;
}

/**
 * The findings of a grown or edited check once the usage it left pending is
 * read, as the server has the worker do when the file's checks are done.
 */
function usageRead(sessions: DocumentMemory, uri: string, version: number, held: FileAnalysis): FileAnalysis {
  // In this thread a reply shares its objects with the worker's session, which the usage job updates.
  const { usagePending, usage: _before, ...rest } = held;
  assert.equal(usagePending, true, 'a grown or edited check leaves the usage to a usage job');
  const reply = sessions.usage(0, { kind: 'usage', uri, version });
  assert.ok(reply.ok && 'usage' in reply);
  return reply.usage ? { ...rest, usage: reply.usage } : rest;
}

function lineEnds(raw: string): number[] {
  const ends: number[] = [];
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

function append(kept: Analyzed, raw: string, from: number, to: number, s: GroundcheckSettings = settings): AppendOutcome {
  const text = raw.slice(0, to);
  return checkAppended(kept, { piece: raw.slice(from, to), oldLength: from, head: () => text.slice(0, 65536) }, s);
}

/**
 * Grows `raw` from its first line to its end, `step` lines at a time, the
 * way the worker does (append path, else a full check), and checks at each
 * cut that the findings equal a full check of the same text and that the
 * patch sent to the request thread rebuilds them. Answers the append count.
 */
function growAndCompare(raw: string, step: number, firstCut = 1, s: GroundcheckSettings = settings): { appended: number; cuts: number } {
  const ends = lineEnds(raw);
  let kept = analyze({ raw: raw.slice(0, ends[firstCut - 1]), settings: s });
  let appended = 0;
  let cuts = 0;
  for (let j = firstCut - 1 + step; j - step < ends.length - 1; j += step) {
    const to = ends[Math.min(j, ends.length - 1)];
    const from = ends[j - step];
    const held = structuredClone(kept.analysis);
    const outcome = append(kept, raw, from, to, s);
    const full = analyze({ raw: raw.slice(0, to), settings: s });
    cuts++;
    if ('fallback' in outcome) {
      kept = full;
      continue;
    }
    appended++;
    assert.deepEqual(applyPatch(held, outcome.patch), outcome.analyzed.analysis);
    assert.deepEqual({ ...outcome.analyzed.analysis, mode: 'full' }, full.analysis, `cut after line ${j}`);
    kept = outcome.analyzed;
  }
  return { appended, cuts };
}

function outputsOf(a: Analyzed): number {
  return a.analysis.outputs.length;
}

describe('append path for growing session files', () => {
  const ends = lineEnds(FIXTURE);

  it('checks an appended turn without parsing the lines before it or checking earlier outputs again', () => {
    // Lines 6..13: tool calls and results, answers, a new prompt; line 14 rewinds, so stop before it.
    let kept = analyze({ raw: FIXTURE.slice(0, ends[5]), settings });
    const transcript = kept.transcript!;
    for (let line = 6; line <= 13; line++) {
      const segmentsBefore = transcript.segments.slice();
      const outputsBefore = outputsOf(kept);
      const outcome = append(kept, FIXTURE, ends[line - 1], ends[line]);
      assert.ok(!('fallback' in outcome), `line ${line}: ${'fallback' in outcome ? outcome.fallback : ''}`);
      const full = analyze({ raw: FIXTURE.slice(0, ends[line]), settings });
      // One line handed to the parser; the earlier segments are the same objects, not parsed again.
      assert.equal(outcome.linesParsed, 1);
      assert.equal(outcome.analyzed.transcript, transcript);
      segmentsBefore.forEach((s, id) => assert.equal(transcript.segments[id], s));
      // Only the line's own outputs were classified.
      assert.equal(outcome.outputsChecked, outputsOf(full) - outputsBefore);
      assert.equal(outcome.analyzed.analysis.mode, 'append');
      kept = outcome.analyzed;
    }
    // Context that turned up for the new answers was indexed as it came, not rebuilt.
    assert.ok(kept.check!.index.lookup.partCount > 0);
    assert.ok(kept.check!.index.lookup.levelCount > 1);
  });

  it('indexes only the segments that became context for new outputs', () => {
    const kept = analyze({ raw: FIXTURE.slice(0, ends[8]), settings });
    const partsBefore = kept.check!.index.lookup.partCount;
    const outputsBefore = outputsOf(kept);
    // Line 9 answers after the tool results of lines 7 and 8, which nothing above them needed before.
    const outcome = append(kept, FIXTURE, ends[8], ends[9]);
    assert.ok(!('fallback' in outcome));
    const full = analyze({ raw: FIXTURE.slice(0, ends[9]), settings });
    assert.equal(outcome.partsIndexed, full.check!.index.lookup.partCount - partsBefore);
    assert.ok(outcome.partsIndexed > 0);
    assert.equal(outcome.outputsChecked, outputsOf(full) - outputsBefore);
  });

  it('gives what a full check gives at every cut of the fixture session, a line or several at a time', () => {
    for (const step of [1, 2, 5]) {
      const { appended, cuts } = growAndCompare(FIXTURE, step);
      // The fixture rewinds, compacts and breaks a line: those cuts are checked whole.
      assert.ok(appended > (step === 1 ? cuts / 2 : 0), `step ${step}: ${appended} of ${cuts} cuts appended`);
    }
  });

  it('gives what a full check gives with earlier model text as context, strict matching and the spec profile', () => {
    const variants: Partial<GroundcheckSettings>[] = [
      { modelOutputsAsContext: true, strict: true },
      { profile: 'spec', minEntities: 1 },
    ];
    for (const variant of variants) {
      const { appended, cuts } = growAndCompare(FIXTURE, 1, 1, { ...settings, ...variant });
      assert.ok(appended > cuts / 2, `${JSON.stringify(variant)}: ${appended} of ${cuts} cuts appended`);
    }
  });

  it('checks an earlier answer again when new lines spell the version it states, as a full check does', () => {
    const s = { ...settings, rules: EVERY_RULE_FLAGGING };
    // The answer names v0.6.0 before anything spells it; the call after it does.
    const raw = versionSpeltLater().join('');
    const ends = lineEnds(raw);
    const kept = analyze({ raw: raw.slice(0, ends[5]), settings: s });
    const unseen = (a: FileAnalysis) => a.outputs.flatMap((o) => o.entities.filter((e) => e.rule === 'unseen-versions'));
    assert.equal(unseen(kept.analysis).length, 1, 'unspelt before the call');
    const held = structuredClone(kept.analysis);
    const outcome = append(kept, raw, ends[5], raw.length, s);
    assert.ok(!('fallback' in outcome), 'the new lines took the append path');
    assert.deepEqual(
      outcome.patch.changed.map((c) => c.index),
      [1],
      'the answer was checked again',
    );
    assert.deepEqual(applyPatch(held, outcome.patch), outcome.analyzed.analysis);
    assert.deepEqual({ ...outcome.analyzed.analysis, mode: 'full' }, analyze({ raw, settings: s }).analysis);
    assert.equal(unseen(outcome.analyzed.analysis).length, 0);
    // Line by line, too.
    growAndCompare(raw, 1, 4, s);
  });

  it('gives what a full check gives at every cut of the Codex rollout fixture', () => {
    for (const step of [1, 3]) {
      const { appended, cuts } = growAndCompare(CODEX, step);
      assert.ok(appended >= cuts - 1, `step ${step}: ${appended} of ${cuts} cuts appended`);
    }
  });

  const sessions = [
    'claude-code-coverage-fix-4.jsonl',
    'claude-code-pai-hook-settings.jsonl',
    'claude-code-rust-port-1.jsonl',
    'codex-code-butler-second-spec.jsonl',
  ];
  const corpus = existsSync(CORPUS) ? sessions.filter((f) => existsSync(path.join(CORPUS, f))) : [];
  for (const file of corpus) {
    it(`gives what a full check gives at every cut of the real session ${file}`, () => {
      const raw = readFileSync(path.join(CORPUS, file), 'utf8');
      const { appended, cuts } = growAndCompare(raw, 1);
      assert.ok(appended >= cuts - 3, `${appended} of ${cuts} cuts appended`);
      // Every cut again, the rest of the file appended at once.
      const all = lineEnds(raw);
      for (let cut = 1; cut < all.length - 1; cut++) growAndCompare(raw, all.length, cut);
    });
  }
  if (corpus.length === 0) it.skip('real sessions: bench/sessions/corpus is not fetched (npm run sessions:corpus)');

  it('falls back or gives what a full check gives, for lines of real sessions in any order and any cut', () => {
    // Shuffled, repeated and dropped lines make rewinds, dangling parents, repeated uuids and
    // tool results before their calls: whatever the append path takes must match a full check.
    const pools = [FIXTURE, CODEX].map((raw) => raw.split('\n').filter((l) => l.length > 0));
    const arb = fc
      .integer({ min: 0, max: 1 })
      .chain((k) =>
        fc.tuple(
          fc.constant(k),
          fc.array(fc.integer({ min: 0, max: pools[k].length - 1 }), { minLength: 2, maxLength: 24 }),
          fc.integer({ min: 1, max: 23 }),
          fc.integer({ min: 1, max: 4 }),
        ),
      );
    let appended = 0;
    fc.assert(
      fc.property(arb, ([k, picks, cutAt, step]) => {
        const raw = picks.map((i) => pools[k][i]).join('\n') + '\n';
        const cut = Math.min(cutAt, picks.length - 1);
        appended += growAndCompare(raw, step, cut).appended;
      }),
      { numRuns: 150 },
    );
    assert.ok(appended > 100, `${appended} appends taken`);
  });

  describe('falls back to a full check', () => {
    function fallbackAt(line: number, raw = FIXTURE, s = settings): string {
      const e = lineEnds(raw);
      const kept = analyze({ raw: raw.slice(0, e[line - 1]), settings: s });
      const outcome = append(kept, raw, e[line - 1], e[line], s);
      assert.ok('fallback' in outcome, `line ${line} was appended`);
      return outcome.fallback;
    }

    it('when a new line rewinds to an earlier point (earlier replies would be labelled rewound)', () => {
      assert.match(fallbackAt(14), /rewind/);
    });

    it('when a new line continues after a compaction boundary', () => {
      assert.match(fallbackAt(21), /compaction/);
    });

    it('when a new line repeats the uuid of an earlier one (a resumed session)', () => {
      const lines = FIXTURE.split('\n');
      const raw = [...lines.slice(0, 10), lines[9]].join('\n') + '\n';
      assert.match(fallbackAt(10, raw), /repeats the uuid/);
    });

    it('when a new line uses a skill, which makes the whole file lack context', () => {
      const lines = FIXTURE.split('\n').slice(0, 10);
      const skill = lines[9]
        .replace('"uuid":"a4"', '"uuid":"k1"')
        .replace('"parentUuid":"u4"', '"parentUuid":"a4"')
        .replace(
          /"message":\{.*\},"uuid"/,
          '"message":{"id":"msg_k","role":"assistant","content":[{"type":"tool_use","id":"toolu_k","name":"Skill","input":{"skill":"pdf"}}]},"uuid"',
        );
      assert.match(skill, /"name":"Skill"/);
      assert.match(fallbackAt(10, [...lines, skill].join('\n') + '\n'), /skill/);
    });

    it('when the appended text ends inside a line', () => {
      const kept = analyze({ raw: FIXTURE.slice(0, ends[9]), settings });
      const outcome = checkAppended(kept, { piece: FIXTURE.slice(ends[9], ends[10] - 5), oldLength: ends[9], head: () => FIXTURE.slice(0, 65536) }, settings);
      assert.ok('fallback' in outcome);
      assert.match(outcome.fallback, /complete line/);
    });

    it('when a new Codex message holds a prompt taken earlier from an event (the event would not count)', () => {
      const lines = CODEX.split('\n');
      const event =
        '{"timestamp":"2025-09-18T08:30:14.000Z","type":"event_msg","payload":{"type":"user_message","message":"Now count the orders.","kind":"plain"}}';
      const item =
        '{"timestamp":"2025-09-18T08:30:15.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Now count the orders."}]}}';
      const raw = [...lines.slice(0, 13), event, item].join('\n') + '\n';
      assert.match(fallbackAt(14, raw), /prompt taken from an event/);
    });

    it('when a new Codex line records the base instructions the file was said to lack', () => {
      const lines = CODEX.split('\n');
      const meta = '{"timestamp":"2025-09-18T08:30:14.000Z","type":"session_meta","payload":{"id":"x","base_instructions":{"text":"You are Codex."}}}';
      assert.match(fallbackAt(13, [...lines.slice(0, 13), meta].join('\n') + '\n'), /base instructions/);
    });

    it('for formats read whole', () => {
      const raw = readFileSync(path.join(ROOT, 'test/fixtures/transcripts/openai-chat', 'fine-tune.jsonl'), 'utf8');
      const e = lineEnds(raw);
      const kept = analyze({ raw: raw.slice(0, e[0]), settings });
      const outcome = append(kept, raw, e[0], e[1]);
      assert.equal(kept.transcript?.format, 'openai-chat');
      assert.ok('fallback' in outcome && /parsed whole/.test(outcome.fallback));
    });

    it('when the file grows past maxSegments', () => {
      const small = { ...settings, maxSegments: 11 };
      assert.match(fallbackAt(9, FIXTURE, small), /maxSegments/);
    });
  });
});

describe('the worker and growing files', () => {
  const ends = lineEnds(FIXTURE);
  const uri = 'file:///work/session.jsonl';

  function job(version: number, s: GroundcheckSettings, content: { text: string } | { edits: CheckJob['edits']; baseVersion: number }): CheckJob {
    return { kind: 'check', uri, version, settings: s, findingsVersion: version - 1, ...content };
  }

  /** The findings a reply carries, rebuilt on `held` when it is a patch. */
  function findings(reply: WorkerReply, held: FileAnalysis): FileAnalysis {
    assert.ok(reply.ok);
    if ('patch' in reply) return applyPatch(held, reply.patch);
    assert.ok('analysis' in reply);
    return reply.analysis;
  }

  it('answers an insertion at the end with a patch of the new outputs, equal to a full check', () => {
    const sessions = new DocumentMemory();
    let held = findings(sessions.check(5, job(5, settings, { text: FIXTURE.slice(0, ends[5]) })), undefined as never);
    for (let line = 6; line <= 13; line++) {
      const reply = sessions.check(
        line,
        job(line, settings, {
          edits: [{ start: ends[line - 1], end: ends[line - 1], text: FIXTURE.slice(ends[line - 1], ends[line]) }],
          baseVersion: line - 1,
        }),
      );
      assert.ok(reply.ok && 'patch' in reply, `line ${line} answered with ${JSON.stringify(Object.keys(reply))}`);
      assert.equal(reply.patch.header.mode, 'append');
      held = findings(reply, held);
      assert.deepEqual({ ...usageRead(sessions, uri, line, held), mode: 'full' }, fullCheck(FIXTURE.slice(0, ends[line])));
    }
    // The conversation view is drawn from the grown check as from a fresh one.
    const fresh = new DocumentMemory();
    fresh.check(1, { kind: 'check', uri, version: 1, settings, text: FIXTURE.slice(0, ends[13]) });
    const view = (s: DocumentMemory) => s.view(0, { kind: 'view', uri, file: 'session.jsonl', from: 0, chars: 1_000_000 });
    const grownView = view(sessions);
    const freshView = view(fresh);
    assert.ok(grownView.ok && 'view' in grownView && freshView.ok && 'view' in freshView);
    assert.deepEqual(grownView.view, freshView.view);
  });

  it('does not send the usage read before again with each appended turn: the findings built from the patch keep it', () => {
    const raw = readFileSync(path.join(ROOT, 'test/e2e/workspace/claude-usage-session.jsonl'), 'utf8');
    const cuts = lineEnds(raw);
    const sessions = new DocumentMemory();
    const first = sessions.check(1, job(1, settings, { text: raw.slice(0, cuts[8]) }));
    assert.ok(first.ok && 'analysis' in first);
    const usage = structuredClone(first.analysis.usage);
    assert.ok(usage && usage.calls.length > 0, 'the session records its model calls');
    const reply = sessions.check(2, job(2, settings, { edits: [{ start: cuts[8], end: cuts[8], text: raw.slice(cuts[8], cuts[9]) }], baseVersion: 1 }));
    assert.ok(reply.ok && 'patch' in reply && reply.patch.header.mode === 'append');
    assert.equal(reply.patch.header.usage, undefined, 'every model call of the file is not copied to the request thread again');
    const held = applyPatch(first.analysis, structuredClone(reply.patch));
    assert.deepEqual(held.usage, usage);
    assert.equal(held.usagePending, true, 'the usage is read again once the checks are done');
  });

  it('checks the whole file when the edit is not at the end, or the settings changed', () => {
    const sessions = new DocumentMemory();
    sessions.check(1, job(1, settings, { text: FIXTURE.slice(0, ends[9]) }));
    const strict = { ...settings, strict: true };
    const grown = sessions.check(2, job(2, strict, { edits: [{ start: ends[9], end: ends[9], text: FIXTURE.slice(ends[9], ends[10]) }], baseVersion: 1 }));
    assert.ok(grown.ok && 'analysis' in grown && grown.analysis.mode === 'full');
    const inserted = FIXTURE.slice(ends[10], ends[11]);
    const middle = sessions.check(3, job(3, strict, { edits: [{ start: ends[2], end: ends[2], text: inserted }], baseVersion: 2 }));
    assert.ok(middle.ok && 'analysis' in middle && middle.analysis.mode === 'full');
    const text = FIXTURE.slice(0, ends[2]) + inserted + FIXTURE.slice(ends[2], ends[10]);
    assert.deepEqual(middle.analysis, fullCheck(text, strict));
  });
});

describe('server: a session file that grows', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  it('publishes the same diagnostics and status after lines are appended as for the whole text opened afresh', async () => {
    const ends = lineEnds(FIXTURE);
    const grown = h.uriOf('grown.jsonl');
    await h.open(grown, FIXTURE.slice(0, ends[5]));
    for (let line = 6; line <= 13; line++) {
      // What an editor sends when a file it shows grows on disk: the new lines inserted at the end.
      const status = await h.change(grown, line, [
        { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: FIXTURE.slice(ends[line - 1], ends[line]) },
      ]);
      const fresh = h.uriOf(`fresh-${line}.jsonl`);
      const expected = await h.open(fresh, FIXTURE.slice(0, ends[line]));
      const same = (uri: string) => JSON.stringify(h.diagnostics.get(uri)!.diagnostics).split(uri).join('<file>');
      assert.equal(same(grown), same(fresh), `after line ${line}`);
      assert.equal(status.mode, 'append');
      const { uri: _a, version: _b, millis: _c, mode: _m, ...got } = status;
      const { uri: _d, version: _e, millis: _f, mode: _n, ...want } = expected;
      assert.deepEqual(got, want);
      await h.close(fresh);
    }
    assert.ok(h.diagnostics.get(grown)!.diagnostics.some((d) => d.code === 'number'));
  });
});

describe('server: diagnostics kept across appended lines', () => {
  /** As versionSpeltLater: the answer states v0.6.0 before the call that spells it; later answers bring findings of every rank. */
  const lines = sessionLines([
    ...versionSpeltLaterSteps(),
    user('How long did it take?'),
    say('The deploy of v0.6.0 took 47 seconds on host build-7 ("blue pool").'),
    user('And the rollback window?'),
    say('The rollback window is 15 minutes, per https://ops.example.com/runbook.'),
  ]);
  const raw = lines.join('');
  const ends = lineEnds(raw);
  const unseen = (d: { message: unknown }) => typeof d.message === 'string' && d.message.includes('no part of the session spells the version 0.6.0');

  for (const maxDiagnosticsPerFile of [500, 2]) {
    it(`publishes what a fresh open publishes when new lines change an earlier answer's verdict (at most ${maxDiagnosticsPerFile} shown)`, async () => {
      const h = await ServerHarness.start({ profile: 'refined', rules: EVERY_RULE_FLAGGING, maxDiagnosticsPerFile });
      try {
        const grown = h.uriOf('grown.jsonl');
        await h.open(grown, raw.slice(0, ends[5]));
        const before = h.diagnostics.get(grown)!.diagnostics;
        assert.ok(before.some(unseen), 'the answer names a version nothing spelt yet');
        const modes: string[] = [];
        for (let line = 6; line < ends.length; line++) {
          const status = await h.change(grown, line, [
            { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: raw.slice(ends[line - 1], ends[line]) },
          ]);
          modes.push(status.mode ?? '');
          const fresh = h.uriOf(`fresh-${line}.jsonl`);
          const expected = await h.open(fresh, raw.slice(0, ends[line]));
          const same = (uri: string) => JSON.stringify(h.diagnostics.get(uri)!.diagnostics).split(uri).join('<file>');
          assert.equal(same(grown), same(fresh), `after line ${line}`);
          const { uri: _a, version: _b, millis: _c, mode: _m, ...got } = status;
          const { uri: _d, version: _e, millis: _f, mode: _n, ...want } = expected;
          assert.deepEqual(got, want, `status after line ${line}`);
          await h.close(fresh);
        }
        assert.ok(
          modes.every((m) => m === 'append'),
          `every line took the append path: ${modes.join(' ')}`,
        );
        const after = h.diagnostics.get(grown)!.diagnostics;
        assert.ok(!after.some(unseen), 'the call spelt the version: the answer is checked again');
        if (maxDiagnosticsPerFile === 2)
          assert.ok(
            after.some((d) => d.code === 'capped'),
            'the list is capped',
          );
      } finally {
        await h.stop();
      }
    });
  }
});

describe('edits and appends in turn', () => {
  it('an edit of an earlier turn after lines were appended, then more lines, match full checks', () => {
    const ends = lineEnds(FIXTURE);
    const uri = 'file:///work/mixed.jsonl';
    const sessions = new DocumentMemory();
    const run = (version: number, content: Partial<CheckJob>) => {
      const reply = sessions.check(version, { kind: 'check', uri, version, settings, ...content });
      assert.ok(reply.ok && 'analysis' in reply);
      return reply.analysis;
    };
    let text = FIXTURE.slice(0, ends[9]);
    run(1, { text });
    const grow = (version: number, to: number) => {
      const edit = { start: text.length, end: text.length, text: FIXTURE.slice(text.length, ends[to]) };
      text += edit.text;
      return run(version, { edits: [edit], baseVersion: version - 1 });
    };
    assert.equal(grow(2, 11).mode, 'append');
    // Line 9 is an assistant answer: a word typed into it is re-checked in place.
    const at = text.indexOf('"text":"', ends[8]) + 8;
    const edited = run(3, { edits: [{ start: at, end: at, text: 'Indeed, ' }], baseVersion: 2 });
    text = text.slice(0, at) + 'Indeed, ' + text.slice(at);
    assert.equal(edited.mode, 'incremental');
    assert.deepEqual({ ...usageRead(sessions, uri, 3, edited), mode: 'full' }, fullCheck(text));
    // After an edit the next append checks the whole file once (what a full check carries is not known), then appends again.
    const next = (version: number, line: number) => {
      const edit = { start: text.length, end: text.length, text: FIXTURE.slice(ends[line - 1], ends[line]) };
      text += edit.text;
      return run(version, { edits: [edit], baseVersion: version - 1 });
    };
    const first = next(4, 12);
    assert.equal(first.mode, 'full');
    assert.deepEqual(first, fullCheck(text));
    const second = next(5, 13);
    assert.equal(second.mode, 'append');
    assert.deepEqual({ ...usageRead(sessions, uri, 5, second), mode: 'full' }, fullCheck(text));
  });
});
