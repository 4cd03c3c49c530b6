/**
 * Every rule's documented examples, run with the rule on and off: what the
 * docs say a rule flags, grounds or skips is what it does, and turning it
 * off takes exactly that away. Also: the rules page is the catalogue's.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classify } from '../../../shared/pipeline/classify';
import { RULES, ruleDoc, type RuleExample, type SessionStep } from '../../../shared/classifier/rules';
import type { Entity } from '../../../shared/classifier/types';
import { rulesMarkdown } from '../../../shared/docs/rulesMarkdown';
import { isFinding } from '../../../shared/classifier/findingStatus';
import { call, lastOutput, numbered, result, say, session, user } from '../code/claudeSession';

function entitiesOf(e: RuleExample, rules: Record<string, 'on' | 'off'>): Map<string, Entity> {
  if (e.session) return lastOutput(session(e.session.flatMap(stepLines)), { rules });
  const r = classify({ output: e.output!, context: e.context!, options: { profile: 'refined', rules } });
  return new Map(r.entities.map((x) => [x.text, x]));
}

let calls = 0;
function stepLines(step: SessionStep): object[] {
  if ('user' in step) return [user(step.user)];
  if ('say' in step) return [say(step.say)];
  const id = `t${calls++}`;
  if ('read' in step) return [call(id, 'Read', { file_path: step.read.path }), result(id, numbered(step.read.lines))];
  if ('edit' in step)
    return [
      call(id, 'Edit', { file_path: step.edit.path, old_string: step.edit.old, new_string: step.edit.new }),
      result(id, `The file ${step.edit.path} has been updated.`),
    ];
  return [call(id, 'Bash', { command: step.bash.command }), result(id, step.bash.output)];
}

describe('classifier rules', () => {
  for (const rule of RULES) {
    rule.examples.forEach((example: RuleExample, k) => {
      it(`${rule.id}: example ${k + 1} does what its docs say, and nothing of it with the rule off`, () => {
        // A rule off in agents' turns by default is shown with it turned on, as a user would turn it on.
        const on = entitiesOf(example, ruleDoc(rule.id)?.agentTurns === 'off' ? { [rule.id]: 'on' } : {});
        const off = entitiesOf(example, { [rule.id]: 'off' });
        // Extraction makes claims that later rules judge, and a not-a-claim rule only keeps some from being judged; the others decide verdicts.
        const decides = rule.stage !== 'extract' && rule.stage !== 'not-a-claim' && rule.stage !== 'sentences';
        const keeps = rule.stage === 'not-a-claim' || rule.stage === 'sentences';
        for (const text of example.flags ?? []) {
          const e = on.get(text);
          assert.ok(e, `${text} is checked`);
          assert.ok(isFinding(e.status), `${text} is a finding (${e.status})`);
          if (decides) assert.equal(e.rule, rule.id);
          if (keeps) continue;
          const without = off.get(text);
          assert.ok(!without || !isFinding(without.status) || (decides && without.rule !== rule.id), `${text} is no finding of ${rule.id} when it is off`);
        }
        for (const text of example.grounds ?? []) {
          const e = on.get(text);
          assert.ok(e, `${text} is checked`);
          assert.equal(e.status, 'grounded');
          if (decides) assert.equal(e.rule, rule.id);
          assert.notEqual(off.get(text)?.status, 'grounded', `${text} is not grounded with ${rule.id} off`);
        }
        for (const text of example.passes ?? []) {
          const e = on.get(text);
          assert.ok(e, `${text} is checked`);
          assert.ok(!isFinding(e.status) || e.rule !== rule.id, `${text} is no finding of ${rule.id} (${e.status}, ${e.rule})`);
        }
        for (const text of example.skips ?? []) {
          assert.equal(on.get(text), undefined, `${text} is not checked`);
          assert.ok(off.get(text), `${text} is checked with ${rule.id} off`);
        }
      });
    });
  }

  it('names a rule for every finding, and no rule twice', () => {
    const ids = RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    const r = classify({
      output: 'Revenue was $4.9M in 2021, up 8 points.',
      context: 'Revenue was $4.2M in 2020, up 80 points.',
      options: { profile: 'refined' },
    });
    for (const e of r.entities) if (isFinding(e.status)) assert.ok(ids.includes(e.rule as never), `${e.text}: ${e.rule}`);
  });

  it('refuses an unknown rule id, naming the known ones', () => {
    assert.throws(
      () => classify({ output: 'x', context: 'y', options: { rules: { 'no-such-rule': 'off' } } }),
      /unknown rule 'no-such-rule' \(known: claim-sentences,/,
    );
  });

  it('docs/rules.md is the catalogue as `groundcheck rules --markdown` writes it', () => {
    const page = readFileSync(join(__dirname, '../../../docs/rules.md'), 'utf8');
    assert.equal(page, rulesMarkdown(), 'run `node bin/groundcheck.js rules --markdown > docs/rules.md`');
  });
});

describe("rules off by default in an agent's turn", () => {
  const raw = session([
    user('Why does the upload fail?'),
    call('r1', 'Read', { file_path: 'src/upload.ts' }),
    result('r1', numbered(['export const LIMIT = 10;', 'export function upload() {}'])),
    call('b1', 'Bash', { command: 'npm test' }),
    result('b1', 'Tests: 12 passed'),
    say('The test run reported 25 uploads per minute. Uploads are linked from `src/upload.ts:1`.'),
  ]);

  it('gives a value the log never showed no verdict, saying why, unless the rule is turned on', () => {
    const byDefault = lastOutput(raw).get('25 uploads');
    assert.equal(byDefault?.status, 'indeterminate');
    assert.match(byDefault?.detail ?? '', /does not flag in an agent's turn unless turned on/);
    assert.equal(lastOutput(raw, { rules: { 'not-in-context': 'on' } }).get('25 uploads')?.status, 'unverified');
  });

  it('leaves a line never shown unchecked, saying what was shown, and flags a line past the end of a file read whole', () => {
    const shownInPart = session([
      user('Where is the limit set?'),
      call('b1', 'Bash', { command: "sed -n '1,2p' src/upload.ts" }),
      result('b1', 'export const LIMIT = 10;\nexport function upload() {}'),
      say('The limit is checked at `src/upload.ts:40`.'),
    ]);
    const never = lastOutput(shownInPart).get('`src/upload.ts:40`');
    assert.equal(never?.status, 'indeterminate');
    assert.match(never?.detail ?? '', /line 40 was never shown; rule file-lines does not flag in an agent's turn unless turned on/);
    assert.equal(lastOutput(shownInPart, { rules: { 'file-lines': 'on' } }).get('`src/upload.ts:40`')?.status, 'unverified');
    const past = lastOutput(raw.replace('Uploads are linked from `src/upload.ts:1`.', 'The limit is checked at `src/upload.ts:40`.')).get('`src/upload.ts:40`');
    assert.equal(`${past?.status} ${past?.rule}`, 'unverified past-file-end');
    assert.equal(past?.detail, 'src/upload.ts has 2 lines; line 40 was past its end');
  });

  it("does not contradict a number by a record key in an agent's turn unless turned on", () => {
    const raw2 = session([
      user('How is the hotel rated?'),
      call('b1', 'Bash', { command: 'cat hotel.json' }),
      result('b1', "{'name': 'Sea View', 'city': 'Nice', 'hotel_stars': 4.0}"),
      say('Sea View is rated 4.5 stars.'),
    ]);
    const byDefault = lastOutput(raw2).get('4.5 stars');
    assert.ok(byDefault === undefined || !['contradicted', 'unverified'].includes(byDefault.status), JSON.stringify(byDefault));
    assert.equal(lastOutput(raw2, { rules: { 'record-slot-contradictions': 'on' } }).get('4.5 stars')?.status, 'contradicted');
  });

  it('reads `path:1` as a link to the file, not a claim about its first line', () => {
    assert.equal(lastOutput(raw).get('`src/upload.ts:1`')?.status, 'grounded');
  });
});
