import { strict as assert } from 'node:assert';
import { claudeStreamJsonFormat } from '../../../../shared/transcript/formats/claudeStreamJson';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const raw = readFixture('claude-stream/stream.jsonl');
const t = claudeStreamJsonFormat.parse({ raw });

describe('Claude stream-json parser', () => {
  it('is detected by its init line', () => {
    assert.equal(detect(raw), 'claude-stream');
  });

  it('reads init, main and sub-agent messages, and skips the repeated result', () => {
    assert.deepEqual(outline(t), [
      'system system prompt: working directory',
      'tool_definition tool name',
      'tool_definition tool name',
      'tool_definition tool name',
      'tool_definition tool name',
      'assistant* assistant',
      'tool_call tool call (Bash) command',
      'tool_result tool result (Bash)',
      'tool_call tool call (Task) description',
      'tool_call tool call (Task) prompt',
      'tool_call tool call (Task) subagent_type',
      'user sub-agent user',
      'tool_call sub-agent tool call (Grep) pattern',
      'tool_call sub-agent tool call (Grep) output_mode',
      'tool_result sub-agent tool result (Grep)',
      'assistant* sub-agent assistant',
      'tool_result tool result (Task)',
      'assistant* assistant',
    ]);
    assertWholeSegmentsMap(raw, t);
  });

  it('keeps the sub-agent on its own branch under the init segments', () => {
    const sub = segmentWith(t, 'Find where', 'user');
    assert.equal(sub.parent, 4);
    const taskResult = segmentWith(t, 'MAX_RETRIES is 5', 'tool_result');
    assert.equal(t.segments[taskResult.parent].label, 'tool call (Task) subagent_type');
    const final = outputs(t)[2];
    assert.equal(isGrounded(t, final.id, 'src/retry.ts:3'), false, 'the Grep output reached the main agent only through the Task result');
    assert.ok(isGrounded(t, final.id, 'MAX_RETRIES is 5'));
  });

  it('blanks ANSI colours in tool output, keeping raw offsets', () => {
    const bash = segmentWith(t, 'failing', 'tool_result');
    assert.equal(bash.text, '     ✖ 2 failing     \n     ✔ 41 passing      (812ms)');
    assert.equal(rawOf(raw, bash, '✖ 2 failing'), '\\u2716 2 failing');
    assert.equal(rawOf(raw, bash, '(812ms)'), '(812ms)');
    const final = outputs(t)[2];
    assert.ok(isGrounded(t, final.id, '41 passing'));
    assert.equal(isGrounded(t, final.id, '200 ms'), false);
    assert.equal(isGrounded(t, final.id, '39'), false, 'colour codes are not numbers');
  });

  it('says the prompt and system prompt are missing', () => {
    assert.deepEqual(
      t.gaps.map((g) => g.code),
      ['system-prompt-not-logged', 'prompt-not-logged'],
    );
  });

  it('takes the result line as the output when no assistant message was logged, and sees a logged prompt', () => {
    const small =
      '{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":["Bash"]}\n' +
      '{"type":"user","message":{"role":"user","content":"Say hi to Ada."},"parent_tool_use_id":null,"session_id":"s"}\n' +
      '{"type":"result","subtype":"success","result":"Hi Ada!","session_id":"s"}\n';
    const parsed = claudeStreamJsonFormat.parse({ raw: small });
    assert.deepEqual(outline(parsed), ['system system prompt: working directory', 'tool_definition tool name', 'user user', 'assistant* result']);
    assert.deepEqual(
      parsed.gaps.map((g) => g.code),
      ['system-prompt-not-logged'],
    );
  });
});
