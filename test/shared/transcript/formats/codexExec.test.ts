import { strict as assert } from 'node:assert';
import { codexExecFormat } from '../../../../shared/transcript/formats/codexExec';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture } from './fixtureHelpers';

const raw = readFixture('codex-exec/exec.jsonl');
const t = codexExecFormat.parse({ raw });

describe('codex exec --json parser', () => {
  it('is detected by thread.started', () => {
    assert.equal(detect(raw), 'codex-exec');
  });

  it('reads completed items only, in order', () => {
    assert.deepEqual(outline(t), [
      'reasoning reasoning',
      'tool_call tool call (command)',
      'tool_result tool result (command)',
      'tool_call plan text',
      'tool_call plan text',
      'tool_call tool call (github.get_release) tag',
      'tool_result tool result (github.get_release)',
      'assistant* agent message',
    ]);
    assertWholeSegmentsMap(raw, t);
  });

  it('maps the answer through \\" and \\u escapes', () => {
    const [answer] = outputs(t);
    assert.equal(rawOf(raw, answer, '"Hotfix for CSV export"'), '\\"Hotfix for CSV export\\"');
    assert.equal(rawOf(raw, answer, 'Dana Reyes'), 'Dana Reyes');
  });

  it('grounds on command and tool output, not on reasoning', () => {
    const [answer] = outputs(t);
    assert.ok(isGrounded(t, answer.id, 'v2.3.1'));
    assert.ok(isGrounded(t, answer.id, '3 commits'));
    assert.equal(isGrounded(t, answer.id, '2024-11-02'), false);
  });

  it('says the prompt is not in the stream, for every type of claim', () => {
    assert.deepEqual(
      t.gaps.map((g) => [g.code, g.affects]),
      [['prompt-not-logged', 'all']],
    );
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => g.code),
      ['prompt-not-logged'],
    );
  });
});
