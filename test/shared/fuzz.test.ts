import { strict as assert } from 'node:assert';
import type { FormatParser } from '../../shared/transcript/model';
import { ShiftMap } from '../../shared/transcript/offsets/offsetMaps';
import { checkOne, runFuzz } from '../fuzz/parserFuzz';

describe('hostile-input fuzz (a short slice of npm run fuzz)', function () {
  this.timeout(120_000);

  it('parses and checks mutated fixtures and random text without a throw, a hang or a range outside the text', () => {
    const stats = runFuzz({ seed: 7, runs: 120, perInputMs: 5000 });
    assert.equal(stats.inputs, 120);
    assert.ok(Object.keys(stats.formats).length > 5, `only ${Object.keys(stats.formats).join(', ')} were reached`);
  });

  it('fails on an input whose parser throws or whose ranges leave the text', () => {
    const claimAll = (parse: FormatParser['parse']): FormatParser => ({ id: 'probe', label: 'probe', sniff: () => 1, parse });
    const throwing = claimAll(() => {
      throw new TypeError('boom');
    });
    assert.throws(() => checkOne('{}', '/w/x.json', [throwing]), /parser threw: The probe reader failed on this file: boom/);
    const outOfBounds = claimAll((input) => ({
      format: 'probe',
      segments: [{ id: 0, role: 'assistant', text: 'Port 3000.', map: new ShiftMap(input.raw.length), line: 0, parent: -1, isOutput: true }],
      errors: [],
      gaps: [],
    }));
    assert.throws(() => checkOne('{}', '/w/x.json', [outOfBounds]), /segment 0 \(assistant\): range \[2, 12\] is outside the raw text \(length 2\)/);
    assert.equal(checkOne('{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"3000"}]}', '/w/x.json'), 'openai-chat');
  });
});
