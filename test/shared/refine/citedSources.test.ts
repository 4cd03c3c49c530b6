import { strict as assert } from 'node:assert';
import { classify, classifyAgainst } from '../../../shared/pipeline/classify';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { citedNumbers } from '../../../shared/refine/citedSources';

const refined = { profile: 'refined' as const };
const passages = 'passage 1: The museum opened in 1952 in Oslo.\n\npassage 2: The museum holds 4,000 paintings.';

describe('refine: cited sources', () => {
  it('reads passage, document and bracket references', () => {
    const out = 'As passage 2 says [doc3] and [4], see Source 5.';
    assert.deepEqual(citedNumbers(out, [0, out.length]), [2, 3, 4, 5]);
    const list = 'See passages 1 and 3, documents 5-7 (Passage 2, step 4).';
    assert.deepEqual(citedNumbers(list, [0, list.length]), [1, 3, 5, 6, 7, 2]);
  });

  it('flags an entity found only outside the passage its sentence cites', () => {
    const result = classify({ output: 'According to passage 2, the museum opened in 1952.', context: passages, options: refined });
    assert.deepEqual(
      result.entities.map((e) => [e.text, e.status]),
      [
        ['passage 2', 'grounded'],
        ['1952', 'misattributed'],
      ],
    );
    const year = result.entities[1];
    // Where the value really is stays reported.
    assert.deepEqual(year.locations, [[32, 36]]);
    assert.equal(result.level, 'PARTIAL');
  });

  it('accepts the entity in the cited passage, and a trailing reference sentence for the sentence before', () => {
    const good = classify({ output: 'The museum holds 4,000 paintings (passage 2).', context: passages, options: refined });
    assert.equal(good.entities.find((e) => e.text.startsWith('4,000'))!.status, 'grounded');
    const trailing = classify({ output: 'The museum opened in 1952. [2]', context: passages, options: refined });
    assert.equal(trailing.entities.find((e) => e.text === '1952')!.status, 'misattributed');
  });

  it('maps [N] to context part N when the context has no numbered headings', () => {
    const index = ContextIndex.build(['Revenue was $4.2M.', 'Headcount is 47 people.']);
    const r = classifyAgainst('Headcount is 47 people [1].', index, refined);
    assert.equal(r.entities.find((e) => e.text === '47 people')!.status, 'misattributed');
    const ok = classifyAgainst('Headcount is 47 people [2].', index, refined);
    assert.equal(ok.entities.find((e) => e.text === '47 people')!.status, 'grounded');
  });

  it("reads no part number into brackets in an agent's turn, whose session parts no one numbered", () => {
    const index = ContextIndex.build(['git status', 'The worker exits when the queue drains; retries=3 by default.']);
    const output = 'The worker reads its limit as `retries=3` [1].';
    const passage = classifyAgainst(output, index, refined);
    assert.equal(passage.entities.find((e) => e.text === '`retries=3`')?.status, 'misattributed');
    const turn = classifyAgainst(output, index, { ...refined, agentTurn: true });
    assert.equal(turn.entities.find((e) => e.text === '`retries=3`')?.status, 'grounded');
  });

  it('leaves entities alone when the cited passage does not exist', () => {
    const r = classify({ output: 'Passage 7 says it opened in 1952.', context: passages, options: refined });
    assert.deepEqual(
      r.entities.map((e) => [e.text, e.status]),
      [
        ['Passage 7', 'unverified'],
        ['1952', 'grounded'],
      ],
    );
  });
});
