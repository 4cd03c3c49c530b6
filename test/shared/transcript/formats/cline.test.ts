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
      'tool_result tool result (read_file)',
      'tool_result tool result (read_file)',
      'user environment details',
      'assistant* assistant',
    ]);
    assertWholeSegmentsMap(raw, t);
  });

  it('grounds the final answer on the file the tool read', () => {
    const answer = outputs(t)[1];
    assert.ok(isGrounded(t, answer.id, 'MAX_UPLOAD_MB = 25'));
    assert.ok(isGrounded(t, answer.id, '"ap-south-1"'));
    assert.equal(isGrounded(t, answer.id, '48 hours'), false);
    assert.equal(rawOf(raw, answer, '"ap-south-1"'), '\\"ap-south-1\\"');
    const file = segmentWith(t, 'MAX_UPLOAD_MB', 'tool_result');
    assert.equal(rawOf(raw, file, '25;\nexport'), '25;\\nexport');
  });
});
