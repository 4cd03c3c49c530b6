import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '../../cli/check/checkSettings';
import { HeldSessions } from '../../cli/hook/heldSessions';
import { freshLoad, turnFindings, type TurnFindings } from '../../cli/hook/turnFindings';
import { call, EVERY_RULE_FLAGGING, longReadOpening, result, say, sessionLines, user } from '../shared/code/claudeSession';

/**
 * The stop hook's kept sessions: at every stop, the turn's findings from a
 * session kept since the last stop and grown by the new lines equal those
 * of a fresh read of the file, and a file changed other than by appending
 * is read afresh.
 */

const setup = { settings: defaultSettings() };

let n = 0;
function turn(prompt: string, passing: number, claimed: number): object[] {
  const id = `c${n++}`;
  return [
    user(prompt),
    call(id, 'Bash', { command: 'npm test' }),
    result(id, `  ${passing} passing (40ms)\n`),
    say(`All ${claimed} tests pass now, and LIMIT_42 is ${claimed === passing ? 1042 : 1043}.`),
  ];
}

const lines = sessionLines;

describe('sessions kept between stops', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-held-'));
    file = join(dir, 'session.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fresh = (): TurnFindings => turnFindings(file, false, setup);

  it('gives at every stop of a growing session the findings of a fresh read, reading only the new lines', () => {
    const all = lines([
      ...longReadOpening(),
      ...turn('Run the tests.', 12, 12),
      ...turn('Again.', 12, 31),
      ...turn('Once more.', 9, 9),
      ...turn('Last.', 14, 41),
    ]);
    const held = new HeldSessions();
    const stops = [8, 12, 16, 20];
    writeFileSync(file, all.slice(0, 4).join(''));
    held.load(file, file, setup.settings);
    let blocked = 0;
    for (const end of stops) {
      writeFileSync(file, all.slice(0, end).join(''));
      const kept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'appended');
      assert.deepEqual(kept, fresh());
      if (kept.findings.length > 0) blocked++;
      // The index rebuilds a stop leaves for later, done at some stops only: the next stop's answers are the same.
      if (end % 8 === 0) held.settle();
    }
    // The turns claiming 31 and 41 tests have findings: the comparison is not of empty lists.
    assert.equal(blocked, 2);
  });

  it('reads afresh a file rewritten in place with the same size and time', () => {
    const all = lines([...longReadOpening(), ...turn('Run the tests.', 12, 12)]);
    const held = new HeldSessions();
    writeFileSync(file, all.join(''));
    const before = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.deepEqual(before.findings, []);
    const { mtime } = statSync(file);
    // The test run now says 13: same length, same time; the claim of 12 is contradicted.
    writeFileSync(file, all.join('').replace('  12 passing', '  13 passing'));
    utimesSync(file, mtime, mtime);
    const after = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'fresh');
    assert.deepEqual(after, fresh());
    assert.equal(after.findings.length, 1);
  });

  it('reads afresh a file truncated, or cut and grown again with other lines', () => {
    const all = lines([...longReadOpening(), ...turn('Run the tests.', 12, 31), ...turn('Again.', 12, 12)]);
    const held = new HeldSessions();
    writeFileSync(file, all.join(''));
    assert.deepEqual(turnFindings(file, false, setup, { waitMs: 0 }, held.load).findings, []);
    truncateSync(file, Buffer.byteLength(all.slice(0, 8).join('')));
    const cut = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'fresh');
    assert.deepEqual(cut, fresh());
    assert.equal(cut.findings.length, 1);
    // Longer than before, but the head differs from what was kept.
    const other = lines([...longReadOpening(), ...turn('Run the tests.', 30, 31), ...turn('Again.', 5, 12), ...turn('More.', 12, 12)]);
    writeFileSync(file, other.join(''));
    const longer = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'fresh');
    assert.deepEqual(longer, fresh());
  });

  it('reads the file whole while its last line is still being written, and keeps nothing of it', () => {
    const all = lines([...longReadOpening(), ...turn('Run the tests.', 12, 31)]);
    const held = new HeldSessions();
    writeFileSync(file, all.slice(0, 4).join(''));
    held.load(file, file, setup.settings);
    writeFileSync(file, all.slice(0, 7).join('') + all[7].slice(0, 40));
    assert.throws(() => turnFindings(file, false, setup, { waitMs: 0 }, held.load), /session\.jsonl:8:/);
    assert.equal(held.lastLoad, 'fresh');
    appendFileSync(file, all[7].slice(40));
    const whole = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'fresh');
    assert.deepEqual(whole, fresh());
    assert.equal(whole.findings.length, 1);
  });

  it('fails as a fresh read does on a file that is gone, and forgets it', () => {
    const held = new HeldSessions();
    writeFileSync(file, lines([user('hi'), say('Hello.')]).join(''));
    held.load(file, file, setup.settings);
    rmSync(file);
    assert.throws(() => turnFindings(file, false, setup, { waitMs: 0 }, held.load), /cannot read the session .*no such file/);
  });

  /** The session's lines with line `at`'s parent set to line `parent`: the user went back there. */
  function rewound(objects: object[], at: number, parent: number): string[] {
    return lines(objects).map((l, i) => (i === at ? l.replace(/"parentUuid":"u\d+"/, `"parentUuid":"u${parent}"`) : l));
  }
  const labels = (t: { segments: { label?: string }[] }) => t.segments.map((s) => s.label ?? '');

  it('reads only the new lines after a rewind, and labels the replies it left as a fresh read does', () => {
    // Line 12 ('Retry.') hangs off line 7: the turn 'Again.' (its reply at line 11) is left behind.
    const all = rewound([...longReadOpening(), ...turn('Run the tests.', 12, 12), ...turn('Again.', 12, 31), ...turn('Retry.', 9, 41)], 12, 7);
    const held = new HeldSessions();
    writeFileSync(file, all.slice(0, 12).join(''));
    held.load(file, file, setup.settings);
    writeFileSync(file, all.join(''));
    const kept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'appended');
    assert.deepEqual(kept, fresh());
    assert.equal(kept.findings.length, 1);
    const session = held.load(file, file, setup.settings);
    assert.deepEqual(labels(session.parsed), labels(freshParse(file)));
    assert.ok(labels(session.parsed).includes('assistant (rewound branch)'));
  });

  it('reads the file whole when new lines go back to a branch left before', () => {
    const all = rewound(
      [...longReadOpening(), ...turn('Run the tests.', 12, 12), ...turn('Again.', 12, 31), ...turn('Retry.', 9, 41), ...turn('Back to it.', 12, 41)],
      12,
      7,
    );
    // The prompt at line 16 answers the reply at line 11, which the rewind had left behind.
    const back = all.map((l, i) => (i === 16 ? l.replace(/"parentUuid":"u\d+"/, '"parentUuid":"u11"') : l));
    const held = new HeldSessions();
    writeFileSync(file, back.slice(0, 16).join(''));
    held.load(file, file, setup.settings);
    writeFileSync(file, back.join(''));
    const kept = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
    assert.equal(held.lastLoad, 'fresh');
    assert.deepEqual(kept, fresh());
    assert.deepEqual(labels(held.load(file, file, setup.settings).parsed), labels(freshParse(file)));
  });

  describe('read ahead between stops', () => {
    const base = longReadOpening;
    /** A turn of several answers: each test run is reported, the last answer claims 31. */
    const longTurn = (): object[] => [
      user('Run the tests, three times.'),
      ...[0, 1, 2].flatMap((k) => [call(`x${k}`, 'Bash', { command: 'npm test' }), result(`x${k}`, '  12 passing (40ms)\n'), say(`Run ${k + 1}: 12 passing.`)]),
      say('All 31 tests pass now, and LIMIT_42 is 1043.'),
    ];

    it('checks the turn as it is written, so the stop that ends it checks only its last answer, with the findings of a fresh read', () => {
      const all = lines([...base(), ...longTurn()]);
      const held = new HeldSessions();
      writeFileSync(file, all.slice(0, 4).join(''));
      held.load(file, file, setup.settings);
      for (let end = 5; end < all.length; end++) {
        writeFileSync(file, all.slice(0, end).join(''));
        held.readAhead();
      }
      assert.equal(held.outputsChecked, 3, 'the three run reports were checked while the turn was written');
      writeFileSync(file, all.join(''));
      const atStop = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'appended');
      assert.equal(held.outputsChecked, 4, 'the stop checked the last answer alone');
      assert.deepEqual(atStop, fresh());
      assert.equal(atStop.outputs, 4);
      assert.ok(atStop.findings.length >= 1);
    });

    it('leaves a line still being written for a later read', () => {
      const all = lines([...base(), ...longTurn()]);
      const held = new HeldSessions();
      writeFileSync(file, all.slice(0, 4).join(''));
      held.load(file, file, setup.settings);
      writeFileSync(file, all.slice(0, 7).join('') + all[7].slice(0, 30));
      held.readAhead();
      assert.equal(held.outputsChecked, 0, 'the answer at line 8 was not read half written');
      writeFileSync(file, all.join(''));
      held.readAhead();
      assert.equal(held.outputsChecked, 4);
      const atStop = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'same');
      assert.deepEqual(atStop, fresh());
    });

    it('lets go of a session rewritten between stops: the stop reads it whole', () => {
      const all = lines([...base(), ...longTurn()]);
      const held = new HeldSessions();
      writeFileSync(file, all.slice(0, 4).join(''));
      held.load(file, file, setup.settings);
      writeFileSync(file, all.slice(0, 8).join(''));
      held.readAhead();
      // Rewritten: the file read before now says 13 passing, and it grew.
      writeFileSync(file, all.join('').replace('12 passing', '13 passing'));
      held.readAhead();
      const atStop = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'fresh');
      assert.deepEqual(atStop, fresh());
    });

    it('checks again at the stop an answer whose check read ahead of it: a version spelt later in the turn is seen', () => {
      // The answer names v0.6.0 before anything spells it; the call right after it does.
      const all = lines([
        ...base(),
        user('Deploy the new release.'),
        say('v0.6.0 is on main. Pulling and deploying now:'),
        call('p0', 'Bash', { command: 'git pull origin main', description: 'Pull v0.6.0 from main' }),
        result('p0', 'Already up to date.\n'),
        say('Deployed.'),
      ]);
      const everyRule = { settings: { ...defaultSettings(), rules: EVERY_RULE_FLAGGING } };
      const held = new HeldSessions();
      writeFileSync(file, all.slice(0, 4).join(''));
      held.load(file, file, everyRule.settings);
      for (let end = 5; end < all.length; end++) {
        writeFileSync(file, all.slice(0, end).join(''));
        held.readAhead();
      }
      writeFileSync(file, all.join(''));
      const atStop = turnFindings(file, false, everyRule, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'appended');
      const atFresh = turnFindings(file, false, everyRule);
      assert.deepEqual(atStop, atFresh);
      assert.equal(atFresh.outputs, 2);
      assert.ok(!atStop.findings.some((f) => f.value === '0.6.0'), 'the call after the answer spells the version');
    });

    it('gives a stop after a rewind the findings of a fresh read', () => {
      const all = rewound([...base(), ...turn('Run the tests.', 12, 12), ...turn('Again.', 12, 31), ...longTurn()], 12, 7);
      const held = new HeldSessions();
      writeFileSync(file, all.slice(0, 12).join(''));
      held.load(file, file, setup.settings);
      for (let end = 13; end < all.length; end++) {
        writeFileSync(file, all.slice(0, end).join(''));
        held.readAhead();
      }
      writeFileSync(file, all.join(''));
      const atStop = turnFindings(file, false, setup, { waitMs: 0 }, held.load);
      assert.equal(held.lastLoad, 'appended');
      assert.deepEqual(atStop, fresh());
      assert.deepEqual(labels(held.load(file, file, setup.settings).parsed), labels(freshParse(file)));
    });
  });
});

/** The transcript a fresh read of the file gives. */
function freshParse(path: string) {
  return freshLoad(path, path, setup.settings).parsed;
}
