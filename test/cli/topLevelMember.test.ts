import { strict as assert } from 'node:assert';
import { topLevelMember } from '../../cli/check/topLevelMember';

describe('topLevelMember', () => {
  const valueOf = (text: string, key: string) => {
    const at = topLevelMember(text, key);
    return at && text.slice(at.start, at.end);
  };

  it('finds a top-level member past other members, whatever they hold', () => {
    const text = '{ "a": { "groundcheck": 1, "s": "] } [" }, // "groundcheck": 2\n "b": [[["x"]]], "groundcheck": { "strict": true } }';
    assert.equal(valueOf(text, 'groundcheck'), '{ "strict": true }');
    assert.equal(valueOf('{"n": 1, "groundcheck": "loud"}', 'groundcheck'), '"loud"');
  });

  it('is undefined when the key is not a top-level member, or the text is no object', () => {
    assert.equal(topLevelMember('{"a": {"groundcheck": {}}}', 'groundcheck'), undefined);
    assert.equal(topLevelMember('["groundcheck"]', 'groundcheck'), undefined);
    assert.equal(topLevelMember('', 'groundcheck'), undefined);
  });

  it('runs an unclosed value to the end of the text, for the parser to locate', () => {
    assert.equal(valueOf('{"groundcheck": {"strict": [', 'groundcheck'), '{"strict": [');
  });

  it('steps over a member nested 200,000 deep without recursing', () => {
    const text = `{"deep": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "groundcheck": {}}`;
    assert.equal(valueOf(text, 'groundcheck'), '{}');
  });
});
