import { strict as assert } from 'node:assert';
import { clineFormat } from '../../../../shared/transcript/formats/cline';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const raw = readFixture('cline/api_conversation_history.json');
const t = clineFormat.parse({ raw });

describe('Cline task history parser', () => {
  it('is detected from the task and environment blocks', () => {
    assert.equal(detect(raw), 'cline');
  });

  it('labels tool results and environment details that arrive as user text', () => {
    assert.deepEqual(outline(t), [
      'user user',
      'user environment details',
      'assistant* assistant',
      'reasoning thinking',
      'tool_call tool call (read_file)',
      'tool_result tool result (read_file)',
      'tool_result tool result (read_file)',
      'user environment details',
      'assistant* assistant (attempt_completion)',
    ]);
    assertWholeSegmentsMap(raw, t);
  });

  it('checks only the prose and the final result of assistant text, not its XML tool calls', () => {
    assert.deepEqual(
      outputs(t).map((s) => s.text),
      ["I'll read the config (it's <50 lines).", 'The upload limit is 25 MB (MAX_UPLOAD_MB) in region "ap-south-1"; uploads expire after 48 hours.'],
    );
    const thinking = segmentWith(t, 'maybe the limit', 'reasoning');
    assert.equal(thinking.text, 'I should read the config; maybe the limit is 10 MB.');
    assert.equal(rawOf(raw, thinking, '10 MB'), '10 MB');
    const call = segmentWith(t, '<path>', 'tool_call');
    assert.equal(rawOf(raw, call, '<path>src/config.ts</path>'), '<path>src/config.ts</path>');
  });

  it('grounds the final answer on the file the tool read', () => {
    const answer = outputs(t)[1];
    assert.equal(isGrounded(t, answer.id, '10 MB'), false);
    assert.ok(isGrounded(t, answer.id, 'MAX_UPLOAD_MB = 25'));
    assert.ok(isGrounded(t, answer.id, '"ap-south-1"'));
    assert.equal(isGrounded(t, answer.id, '48 hours'), false);
    assert.equal(rawOf(raw, answer, '"ap-south-1"'), '\\"ap-south-1\\"');
    const file = segmentWith(t, 'MAX_UPLOAD_MB', 'tool_result');
    assert.equal(rawOf(raw, file, '25;\nexport'), '25;\\nexport');
  });
});

describe('Cline task history with native tool calls', () => {
  const nativeRaw = readFixture('cline/native_tool_calls.json');
  const native = clineFormat.parse({ raw: nativeRaw });

  it('checks the result of a native attempt_completion call as the final answer', () => {
    assert.equal(detect(nativeRaw), 'cline');
    assert.deepEqual(
      outputs(native).map((s) => s.label),
      ['assistant (attempt_completion)'],
    );
    const answer = outputs(native)[0];
    assert.ok(isGrounded(native, answer.id, 'MAX_RETRIES = 3'));
    assert.equal(isGrounded(native, answer.id, '90 seconds'), false);
    assert.equal(rawOf(nativeRaw, answer, '"250 ms"'), '\\"250 ms\\"');
    assertWholeSegmentsMap(nativeRaw, native);
  });

  it("keeps the call's other fields as tool input, not as the answer", () => {
    const call = segmentWith(native, 'cat src/upload.ts', 'tool_call');
    assert.equal(call.label, 'tool call (attempt_completion) command');
  });
});
