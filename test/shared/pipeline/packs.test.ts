/**
 * Rules run only where what they understand is there: the records pack
 * where the context holds a structured record, the code pack on agents'
 * turns; and a profile is a list of packs, so leaving one out turns its
 * rules off everywhere.
 */
import { strict as assert } from 'node:assert';
import { classify } from '../../../shared/pipeline/classify';
import { isRecord } from '../../../shared/refine/records/structuredRecords';
import { call, lastOutput, numbered, result, say, session, user } from '../code/claudeSession';

const refined = { profile: 'refined' as const };
const schedule = "{'name': 'Atlas Gym', 'hours': {'Monday': '8:0-14:0', 'Tuesday': '17:0-20:0'}}";

describe('packs: where a pack runs', () => {
  it('tells a record from prose, a listing, command output and numbered sources', () => {
    assert.equal(isRecord(schedule), true);
    assert.equal(isRecord('  [\n  {"city": "Tampa", "state": "FL"}]'), true);
    assert.equal(isRecord('{ "hours": {} }'), true);
    assert.equal(isRecord('The gym opens at 8am; its config reads {"Monday": "8:0-14:0"}.'), false);
    assert.equal(isRecord("     1→const hours = {'Monday': '8:0-14:0'};"), false);
    assert.equal(isRecord('[1] The office is in Boston.\n[2] Revenue was $4.2M.'), false);
    assert.equal(isRecord('{\n  foo();\n}'), false);
  });

  it('runs the records rules on a records context', () => {
    const e = classify({ output: 'On Tuesdays it opens at 8am.', context: schedule, options: refined }).entities.find((x) => x.text === '8am');
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.rule, 'schedule-slots');
  });

  it('does not read a field quoted in a passage of prose as the record of what the output describes', () => {
    const docs = "To hide the patio option, send 'OutdoorSeating': False in the example payload. The Luna cafe opened in 2019.";
    const e = classify({ output: 'The Luna cafe offers outdoor seating and opened in 2019.', context: docs, options: refined }).entities.find(
      (x) => x.text === 'outdoor seating',
    );
    assert.equal(e, undefined, 'no record-fields claim is made of a prose passage');
  });

  it('does not check opening hours against code a coding agent read and then edited', () => {
    const raw = session([
      user('Open the gym at 8am on Tuesdays.'),
      call('r1', 'Read', { file_path: 'src/hours.ts' }),
      result('r1', numbered(['export const HOURS = {', "  'Monday': '8:0-14:0',", "  'Tuesday': '17:0-20:0',", '};'])),
      call('e1', 'Edit', { file_path: 'src/hours.ts', old_string: "'Tuesday': '17:0-20:0'", new_string: "'Tuesday': '8:0-20:0'" }),
      result('e1', 'The file src/hours.ts has been updated.'),
      say('Done: on Tuesdays the gym now opens at 8am.'),
    ]);
    const e = lastOutput(raw).get('8am');
    assert.notEqual(e?.status, 'contradicted', 'the listing the agent read is code, not a record of the gym');
    assert.notEqual(e?.rule, 'schedule-slots');
  });

  it("runs the code rules on an agent's turn only", () => {
    const output = 'The port is set in `src/server.ts:40`.';
    const context = 'const port = 8080;';
    const plain = classify({ output, context, options: refined }).entities.find((x) => x.text.includes('src/server.ts'));
    assert.notEqual(plain?.rule, 'file-lines');
    const agent = classify({ output, context, options: { ...refined, rules: { 'code-entities': 'on', 'file-lines': 'on' } } }).entities.find((x) =>
      x.text.includes('src/server.ts'),
    );
    assert.equal(agent?.rule, 'file-lines', 'a rule turned on by id runs where its pack does not');
  });
});

describe('packs: a profile is a list of packs', () => {
  it('leaves a pack out of the profile, and its rules with it', () => {
    const withRecords = classify({ output: 'On Tuesdays it opens at 8am.', context: schedule, options: { ...refined, packs: ['prose', 'records'] } });
    assert.equal(withRecords.entities.find((x) => x.text === '8am')?.status, 'contradicted');
    const without = classify({ output: 'On Tuesdays it opens at 8am.', context: schedule, options: { ...refined, packs: ['prose'] } });
    assert.notEqual(without.entities.find((x) => x.text === '8am')?.status, 'contradicted');
  });

  it('keeps core whatever the list: the lookup still flags', () => {
    const r = classify({ output: 'Revenue was $4.9M.', context: 'Revenue was reported.', options: { ...refined, packs: [] } });
    assert.equal(r.entities.find((x) => x.text === '$4.9M')?.status, 'unverified');
  });

  it('refuses an unknown pack, naming the known ones', () => {
    assert.throws(
      () => classify({ output: 'x', context: 'y', options: { ...refined, packs: ['recipes'] } }),
      /unknown pack 'recipes' \(known: core, prose, code, records\)/,
    );
  });
});
