import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { inspectLogFormat } from '../../../../shared/transcript/formats/inspectLog';
import { byLabel, detectedId, fixturePath, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

describe('Inspect AI logs', () => {
  it('is detected as a .json log and as an .eval zip', () => {
    assert.equal(detectedId('inspect/security_guide.json'), 'inspect');
    assert.equal(detectedId('inspect/geo.eval'), 'inspect');
  });

  it('builds each sample from its messages, with tool schemas from model events and the output not repeated', () => {
    const { t } = parseFixture(inspectLogFormat, 'inspect/security_guide.json');
    assert.deepEqual(t.errors, []);
    assert.deepEqual(
      t.segments.filter((s) => s.label?.endsWith('(sample 3 epoch 1)')).map((s) => [s.role, s.label]),
      [
        ['tool_definition', 'tool search (sample 3 epoch 1)'],
        ['system', 'system 1 (sample 3 epoch 1)'],
        ['user', 'user 2 (sample 3 epoch 1)'],
        ['tool_call', 'tool call search (sample 3 epoch 1)'],
        ['tool_result', 'tool result search (sample 3 epoch 1)'],
        ['reasoning', 'reasoning 5 (sample 3 epoch 1)'],
        ['assistant', 'assistant 5 (sample 3 epoch 1)'],
        ['grader', 'target (sample 3 epoch 1)'],
      ],
    );
    const out = byLabel(t, 'assistant 5 (sample 3 epoch 1)');
    assert.equal(out.isOutput, true);
    assert.deepEqual(groundingOf(t, out), [
      'tool result search (sample 3 epoch 1)',
      'user 2 (sample 3 epoch 1)',
      'system 1 (sample 3 epoch 1)',
      'tool search (sample 3 epoch 1)',
    ]);
    assert.equal(out.gaps, undefined);
    assert.equal(outputs(t).length, 2);
  });

  it('resolves attachment:// references to the attachment text, with offsets there', () => {
    const { raw, t } = parseFixture(inspectLogFormat, 'inspect/security_guide.json');
    const system = byLabel(t, 'system 1 (sample 3 epoch 1)');
    assert.equal(system.text, 'You are a research assistant for Acme Corp.\tAnswer from the wiki only.');
    assert.equal(rawOf(raw, system, 'Corp.\tAnswer'), 'Corp.\\tAnswer');
    assert.equal(raw.slice(system.map.toRaw(0) - 36, system.map.toRaw(0) - 4), '4f1c0d2e9a7b8c6d5e4f3a2b1c0d9e8f');
    const tool = byLabel(t, 'tool result search (sample 3 epoch 1)');
    assert.equal(rawOf(raw, tool, '"Jane Doe" in 1999.\nHQ'), '\\"Jane Doe\\" in 1999.\\nHQ');
  });

  it('never uses the target as context and reports an unresolved attachment as a gap', () => {
    const { t } = parseFixture(inspectLogFormat, 'inspect/security_guide.json');
    const out = byLabel(t, 'assistant 3 (sample 4 epoch 1)');
    // The failed tool call's error message is what the model saw; the unresolved user message is not there.
    assert.deepEqual(groundingOf(t, out), ['tool error bash (sample 4 epoch 1)']);
    assert.equal(byLabel(t, 'tool error bash (sample 4 epoch 1)').text, 'Command timed out after 180 seconds.');
    assert.deepEqual(
      out.gaps?.map((g) => [g.code, g.affects]),
      [['unresolved-attachment', 'all']],
    );
    assert.match(out.gaps![0].message, /attachment:\/\/00000000000000000000000000000000/);
    for (const o of outputs(t)) {
      for (let p = o.parent; p !== -1; p = t.segments[p].parent) assert.notEqual(t.segments[p].role, 'grader');
    }
  });

  it('shows each .eval sample as its own document and rebuilds the input from message_pool', () => {
    const { t } = parseFixture(inspectLogFormat, 'inspect/geo.eval');
    assert.deepEqual(t.errors, []);
    const entry = strFromU8(unzipSync(new Uint8Array(readFileSync(fixturePath('inspect/geo.eval'))))['samples/q1_epoch_1.json']);
    assert.deepEqual(
      t.segments.map((s) => [s.role, s.label, s.source]),
      [
        ['system', 'system 1 (sample q1 epoch 1)', 'samples/q1_epoch_1.json'],
        ['user', 'user 2 (sample q1 epoch 1)', 'samples/q1_epoch_1.json'],
        ['assistant', 'assistant 3 (sample q1 epoch 1)', 'samples/q1_epoch_1.json'],
        ['grader', 'target (sample q1 epoch 1)', 'samples/q1_epoch_1.json'],
      ],
    );
    const user = byLabel(t, 'user 2 (sample q1 epoch 1)');
    assert.equal(rawOf(entry, user, 'étude lists "36.2 km"'), '\\u00e9tude lists \\"36.2 km\\"');
    const out = byLabel(t, 'assistant 3 (sample q1 epoch 1)');
    assert.equal(rawOf(entry, out, '42 km'), '42 km');
    assert.equal(entry.split('\n')[out.line].includes('Loch Ness shoreline'), true);
    assert.deepEqual(groundingOf(t, out), ['user 2 (sample q1 epoch 1)', 'system 1 (sample q1 epoch 1)']);
  });
});
