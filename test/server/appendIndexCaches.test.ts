import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { checkAppended } from '../../server/src/appendCheck';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';

const settings = DEFAULT_SETTINGS;
const FIXTURE = readFileSync(path.resolve(__dirname, '../../test/fixtures/transcripts/claude-code/session.jsonl'), 'utf8');
/** The fixture up to its reply a6, before it rewinds. */
const PREFIX = FIXTURE.slice(0, FIXTURE.indexOf('\n', FIXTURE.indexOf('"uuid":"a6"')) + 1);

function line(o: object): string {
  return JSON.stringify({ isSidechain: false, sessionId: 's', cwd: '/home/dev/invoice-service', timestamp: '2025-06-03T10:00:00.000Z', ...o }) + '\n';
}

/** Appends `piece` to `before` through the append path and answers the last output's verdicts, checked against a full check. */
function lastVerdictsAfterAppend(before: string, piece: string): string[] {
  const kept = analyze({ raw: before, settings });
  const text = before + piece;
  const outcome = checkAppended(kept, { piece, oldLength: before.length, head: () => text.slice(0, 65536) }, settings);
  assert.ok(!('fallback' in outcome), 'fallback' in outcome ? outcome.fallback : '');
  const full = analyze({ raw: text, settings }).analysis;
  assert.deepEqual({ ...outcome.analyzed.analysis, mode: 'full' }, full);
  const outputs = outcome.analyzed.analysis.outputs;
  return outputs[outputs.length - 1].entities.map((e) => `${e.text}: ${e.status}`);
}

describe('append path: what the classifier reads once per index', () => {
  it("reads the yes/no fields of a record in an appended part (earlier outputs had read the index's fields already)", () => {
    // The records pack runs where a part is a record: here what a tool returned.
    const ask = line({ parentUuid: 'a6', type: 'user', uuid: 'f0', message: { role: 'user', content: 'Is the venue good for groups?' } });
    const lookup = line({
      parentUuid: 'f0',
      type: 'assistant',
      uuid: 'f0a',
      message: { id: 'msg_f0a', role: 'assistant', content: [{ type: 'tool_use', id: 'v1', name: 'mcp__venues__get', input: { id: 7 } }] },
    });
    const venue = '{"name": "Luna", "OutdoorSeating": false, "GoodForGroups": true}';
    const record =
      ask +
      lookup +
      line({ parentUuid: 'f0a', type: 'user', uuid: 'f1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'v1', content: venue }] } });
    const answer = line({
      parentUuid: 'f1',
      type: 'assistant',
      uuid: 'f2',
      message: { id: 'msg_f2', role: 'assistant', content: [{ type: 'text', text: 'Yes, it is good for groups and offers outdoor seating.' }] },
    });
    assert.deepEqual(lastVerdictsAfterAppend(PREFIX, record + answer), ['for groups: grounded', 'outdoor seating: contradicted']);
    // The same with the answer in a later append than the record.
    const kept = PREFIX + record;
    assert.deepEqual(lastVerdictsAfterAppend(kept, answer), ['for groups: grounded', 'outdoor seating: contradicted']);
  });

  it('reads the numbered passages of an appended part (an earlier output had cited a passage already)', () => {
    const earlier = line({
      parentUuid: 'a6',
      type: 'assistant',
      uuid: 'h0',
      message: { id: 'msg_h0', role: 'assistant', content: [{ type: 'text', text: 'The limit is 5 retries (passage 1).' }] },
    });
    const passages = line({
      parentUuid: 'h0',
      type: 'user',
      uuid: 'h1',
      message: { role: 'user', content: 'Passage 1: Q3 revenue was $4.3M.\nPassage 2: Q3 costs were $1.1M.\nWhat was Q3 revenue?' },
    });
    const right = line({
      parentUuid: 'h1',
      type: 'assistant',
      uuid: 'h2',
      message: { id: 'msg_h2', role: 'assistant', content: [{ type: 'text', text: 'Q3 revenue was $4.3M (passage 1).' }] },
    });
    const wrong = line({
      parentUuid: 'h1',
      type: 'assistant',
      uuid: 'h3',
      message: { id: 'msg_h3', role: 'assistant', content: [{ type: 'text', text: 'Q3 revenue was $4.3M (passage 2).' }] },
    });
    assert.deepEqual(lastVerdictsAfterAppend(PREFIX + earlier, passages + right), ['Q3: grounded', '$4.3M: grounded']);
    assert.deepEqual(lastVerdictsAfterAppend(PREFIX + earlier, passages + wrong), ['Q3: grounded', '$4.3M: misattributed', 'passage 2: grounded']);
  });
});
