import { strict as assert } from 'node:assert';
import { codexRolloutFormat } from '../../../../shared/transcript/formats/codexRollout';
import { assertWholeSegmentsMap, detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const raw = readFixture('codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl');
const t = codexRolloutFormat.parse({ raw });

describe('Codex rollout parser', () => {
  it('is detected by its session_meta envelope', () => {
    assert.equal(detect(raw), 'codex');
  });

  it('reads response items in order and ignores the event_msg duplicates', () => {
    assert.deepEqual(outline(t), [
      'user environment context',
      'user user',
      'reasoning reasoning',
      'tool_call tool call (shell) command',
      'tool_call tool call (shell) command',
      'tool_call tool call (shell) command',
      'tool_call tool call (shell) workdir',
      'tool_result tool result (shell)',
      'tool_call tool call (apply_patch)',
      'tool_result tool result (apply_patch)',
      'assistant* assistant',
    ]);
    assert.equal(
      t.segments.some((s) => s.text.includes('9090')),
      false,
    );
    assertWholeSegmentsMap(raw, t);
  });

  it('unwraps the JSON-in-a-string tool output and maps through both escape levels', () => {
    const result = segmentWith(t, 'PORT=8080', 'tool_result');
    assert.equal(result.text, '3:PORT=8080\n4:DB_POOL=12\n5:NAME="café"\n');
    assert.equal(rawOf(raw, result, 'PORT=8080\n'), 'PORT=8080\\\\n');
    assert.equal(rawOf(raw, result, '"café"'), '\\\\\\"caf\\\\u00e9\\\\\\"');
    assert.equal(rawOf(raw, result, '12'), '12');
  });

  it('maps tool-call arguments parsed out of their JSON string', () => {
    const grep = segmentWith(t, 'grep', 'tool_call');
    assert.equal(grep.text, 'grep -n "PORT\\|POOL" .env');
    assert.equal(rawOf(raw, grep, '"PORT\\|POOL"'), '\\\\\\"PORT\\\\\\\\|POOL\\\\\\"');
  });

  it('checks the assistant answer against the user turns and tool outputs before it', () => {
    const [answer] = outputs(t);
    assert.equal(rawOf(raw, answer, '"café"'), '\\"caf\\u00e9\\"');
    assert.ok(isGrounded(t, answer.id, '8080'));
    assert.ok(isGrounded(t, answer.id, 'DB_POOL=12'));
    assert.equal(isGrounded(t, answer.id, '20'), false, 'the patch is model-written');
    assert.equal(isGrounded(t, answer.id, '2025-02-14'), false);
    assert.equal(isGrounded(t, answer.id, '3000'), false, 'reasoning never grounds');
  });

  it('reports the broken line and the missing instructions and tool schemas', () => {
    assert.deepEqual(
      t.errors.map((e) => e.line),
      [11],
    );
    assert.deepEqual(
      t.gaps.map((g) => g.code),
      ['instructions-not-logged', 'tool-schemas-not-logged'],
    );
    assert.deepEqual(
      outputs(t)[0].gaps?.map((g) => g.code),
      ['instructions-not-logged', 'tool-schemas-not-logged'],
    );
  });

  it('grounds recorded instructions and drops that gap', () => {
    const withInstructions =
      '{"timestamp":"t","type":"session_meta","payload":{"id":"x","base_instructions":{"text":"You are Codex, based on GPT-5."}}}\n' +
      '{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"I am Codex."}]}}\n';
    const parsed = codexRolloutFormat.parse({ raw: withInstructions });
    assert.deepEqual(outline(parsed), ['system system prompt (base instructions)', 'assistant* assistant']);
    assert.deepEqual(
      parsed.gaps.map((g) => g.code),
      ['tool-schemas-not-logged'],
    );
  });

  it('reads older rollouts without the envelope', () => {
    const old =
      '{"id":"s1","timestamp":"2025-05-01T10:00:00Z","instructions":"Answer in French."}\n' +
      '{"record_type":"state"}\n' +
      '{"type":"message","role":"user","content":[{"type":"input_text","text":"Capital of Peru?"}]}\n' +
      '{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Lima."}]}\n';
    assert.equal(detect(old), 'codex');
    const parsed = codexRolloutFormat.parse({ raw: old });
    assert.deepEqual(outline(parsed), ['system user instructions', 'user user', 'assistant* assistant']);
    assert.deepEqual(
      parsed.segments.map((s) => s.parent),
      [-1, 0, 1],
    );
    assert.deepEqual(
      parsed.gaps.map((g) => g.code),
      ['instructions-not-logged', 'tool-schemas-not-logged'],
    );
  });

  it('reads the TypeScript CLI session document', () => {
    const doc = JSON.stringify(
      {
        session: { id: 's0', timestamp: '2025-04-20T09:00:00Z', instructions: 'Prefer pnpm.' },
        items: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Which package manager?' }] },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'pnpm 9.1.' }] },
        ],
      },
      null,
      2,
    );
    assert.equal(detect(doc), 'codex');
    const parsed = codexRolloutFormat.parse({ raw: doc });
    assert.deepEqual(outline(parsed), ['system user instructions', 'user user', 'assistant* assistant']);
    assert.deepEqual(
      parsed.segments.map((s) => s.line),
      [4, 13, 23],
    );
    assert.deepEqual(
      parsed.gaps.map((g) => g.code),
      ['instructions-not-logged', 'tool-schemas-not-logged'],
    );
  });

  it('replaces history with the compaction summary, as an echo with a gap', () => {
    const raw =
      '{"timestamp":"t","type":"session_meta","payload":{"id":"x"}}\n' +
      '{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Port is 8080."}]}}\n' +
      '{"timestamp":"t","type":"compacted","payload":{"message":"The user said the port is 8080.","replacement_history":[]}}\n' +
      '{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Using 8080."}]}}\n';
    const parsed = codexRolloutFormat.parse({ raw });
    assert.deepEqual(outline(parsed), ['user user', 'assistant compaction summary', 'assistant* assistant']);
    assert.deepEqual(
      outputs(parsed)[0].gaps?.map((g) => g.code),
      ['instructions-not-logged', 'tool-schemas-not-logged', 'compacted-history'],
    );
  });

  it('takes a prompt logged only as an event, but never an answer', () => {
    const raw =
      '{"timestamp":"t","type":"session_meta","payload":{"id":"x"}}\n' +
      '{"timestamp":"t","type":"event_msg","payload":{"type":"user_message","message":"Spawn a researcher for ticket 4471."}}\n' +
      '{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Which port?"}]}}\n' +
      '{"timestamp":"t","type":"event_msg","payload":{"type":"user_message","message":"Which port?"}}\n' +
      '{"timestamp":"t","type":"event_msg","payload":{"type":"agent_message","message":"Port 8080."}}\n';
    const parsed = codexRolloutFormat.parse({ raw });
    assert.deepEqual(outline(parsed), ['user user (from event)', 'user user']);
    assert.equal(rawOf(raw, parsed.segments[0], '4471'), '4471');
  });
});
