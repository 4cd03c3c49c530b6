import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isNotTranscript, parseTranscript } from '../../../../shared/transcript/detect';
import { geminiCheckpointFormat } from '../../../../shared/transcript/formats/geminiCheckpoint';
import { openaiChatFormat } from '../../../../shared/transcript/formats/openaiChat';
import { isCodingAgentFormat } from '../../../../shared/transcript/codingAgents';
import { linkToolCalls } from '../../../../shared/transcript/toolCalls';
import { assertWholeSegmentsMap, detect, FIXTURES, groundingOf, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const FILE = 'gemini-checkpoint/checkpoint-release.json';
const raw = readFixture(FILE);
const t = geminiCheckpointFormat.parse({ raw });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Gemini CLI checkpoint parser', () => {
  it('is detected, not taken for an empty OpenAI chat, and takes no other format’s fixture', () => {
    assert.equal(detect(raw), 'gemini-checkpoint');
    assert.equal(openaiChatFormat.sniff(raw), 0);
    assert.ok(isCodingAgentFormat('gemini-checkpoint'), 'the rules for agents’ turns apply');
    const others = filesUnder(FIXTURES).filter((f) => !f.includes(join('transcripts', 'gemini-checkpoint')) && !f.endsWith('.eval'));
    assert.ok(others.length > 20, `only ${others.length} other fixtures`);
    for (const file of others) {
      const head = readFixture(relative(FIXTURES, file)).slice(0, 65536);
      assert.equal(geminiCheckpointFormat.sniff(head), 0, relative(FIXTURES, file));
    }
  });

  it('reads user text as context, model text as outputs, thought parts as reasoning, calls and their results', () => {
    assert.deepEqual(outline(t), [
      'user user',
      'assistant* assistant',
      'user user',
      'reasoning thinking',
      'tool_call tool call (read_file) absolute_path',
      'tool_call tool call (read_file) absolute_path',
      'tool_result tool result (read_file)',
      'tool_result tool result (read_file)',
      'assistant* assistant',
    ]);
    assert.equal(t.errors.length, 0);
  });

  it('pairs each functionResponse with its functionCall by name, in order, and marks an error response failed', () => {
    const calls = linkToolCalls(t.segments).calls;
    assert.deepEqual(
      calls.map((c) => [c.name, c.succeeded, c.segments.length, c.results.length]),
      [
        ['read_file', true, 1, 1],
        ['read_file', false, 1, 1],
      ],
    );
    const worker = calls[0];
    assert.ok(t.segments[worker.segments[0]].text.endsWith('worker.toml'));
    assert.ok(t.segments[worker.results[0]].text.includes('retry_limit = 7'));
    assert.equal(segmentWith(t, 'File not found', 'tool_result').tool?.failed, true);
  });

  it('maps a value in an output and in a tool result to its raw characters', () => {
    assertWholeSegmentsMap(raw, t);
    const answer = outputs(t).at(-1)!;
    assert.equal(rawOf(raw, answer, '"café-team"'), '\\"café-team\\"');
    assert.equal(rawOf(raw, answer, '7'), '7');
    const result = segmentWith(t, 'retry_limit', 'tool_result');
    assert.equal(rawOf(raw, result, '"café-team"\n'), '\\"caf\\u00e9-team\\"\\n');
    assert.equal(rawOf(raw, result, '7'), '7');
  });

  it('grounds the answer on the result and the CLI’s opening message, never on the reasoning; the system prompt is a gap', () => {
    const answer = outputs(t).at(-1)!;
    assert.ok(isGrounded(t, answer.id, 'retry_limit = 7'));
    assert.ok(isGrounded(t, answer.id, 'File not found'));
    assert.ok(isGrounded(t, answer.id, '/home/dev/billing'));
    assert.equal(isGrounded(t, answer.id, 'probably in the worker config'), false);
    assert.ok(groundingOf(t, outputs(t)[0].id).some((s) => s.startsWith('This is the Gemini CLI.')));
    assert.deepEqual(
      answer.gaps?.map((g) => g.code),
      ['system-prompt-not-logged'],
    );
  });

  it('says so, at line 1, when a JSON array read as a chat holds no message', () => {
    const noTurns = '[\n  {"role": "user", "text": "no content key"},\n  {"role": "user", "text": "nor here"}\n]\n';
    const parsed = parseTranscript({ raw: noTurns });
    assert.ok(!isNotTranscript(parsed));
    assert.equal(parsed.segments.length, 0);
    assert.deepEqual(
      parsed.errors.map((e) => [e.line, e.rawRange]),
      [[0, [0, 1]]],
    );
    assert.match(parsed.errors[0].message, /^Read as OpenAI Chat Completions, but no message in it was found/);
  });
});
