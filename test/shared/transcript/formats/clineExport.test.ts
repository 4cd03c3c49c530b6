import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isNotTranscript, parseTranscript } from '../../../../shared/transcript/detect';
import { clineExportFormat } from '../../../../shared/transcript/formats/clineExport';
import { isCodingAgentFormat } from '../../../../shared/transcript/codingAgents';
import { linkToolCalls } from '../../../../shared/transcript/toolCalls';
import { assertWholeSegmentsMap, detect, FIXTURES, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const FILE = 'cline-export/cline_task_mar-2-2026_10-00-00-am.md';
const raw = readFixture(FILE);
const t = clineExportFormat.parse({ raw });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Cline task export (Markdown) parser', () => {
  it('is detected as a transcript, not turned away as Markdown with no chat, and takes no other format’s fixture', () => {
    assert.equal(detect(raw), 'cline-export');
    const parsed = parseTranscript({ raw, path: `/tmp/${FILE}` });
    assert.ok(!isNotTranscript(parsed), 'read, not refused');
    assert.equal(parsed.format, 'cline-export');
    assert.ok(isCodingAgentFormat('cline-export'), 'the rules for agents’ turns apply');
    const others = filesUnder(FIXTURES).filter((f) => !f.includes(join('transcripts', 'cline-export')) && !f.endsWith('.eval'));
    assert.ok(others.length > 20, `only ${others.length} other fixtures`);
    for (const file of others) {
      const head = readFixture(relative(FIXTURES, file)).slice(0, 65536);
      assert.equal(clineExportFormat.sniff(head), 0, relative(FIXTURES, file));
    }
  });

  it('reads user blocks as context, tool results and environment details apart, and assistant prose and answers as outputs', () => {
    assert.deepEqual(outline(t), [
      'user user 1',
      'user environment details',
      'reasoning thinking',
      'assistant* assistant 1',
      'tool_call tool call (read_file)',
      'assistant client notice',
      'tool_result tool result (read_file)',
      'user environment details',
      'assistant* assistant 2',
      'assistant* assistant (attempt_completion)',
      'user user 2',
      'tool_call tool call (read_file)',
      'tool_result tool result',
      'assistant* assistant (attempt_completion)',
    ]);
    assert.equal(t.errors.length, 0);
    // The fence the model opened around its call is neither the reply nor the call.
    assert.equal(outputs(t)[0].text, 'I will read the config first.');
    // A `---` inside a tool result is the file's, not the end of the block.
    assert.ok(segmentWith(t, 'workers: 12', 'tool_result').text.endsWith('---\nretries: 3'));
    // Markup the reply quotes as inline code is prose.
    assert.ok(outputs(t)[1].text.endsWith('the footer reads `<small>ops</small>`.'));
  });

  it('ties XML and native tool calls to the result after them', () => {
    const calls = linkToolCalls(t.segments).calls;
    assert.deepEqual(
      calls.map((c) => [c.name, c.succeeded, c.results.map((id) => t.segments[id].text.slice(0, 12))]),
      [
        ['read_file', true, ['[read_file f']],
        ['read_file', true, ['[Tool]\nPORT=']],
      ],
    );
    assert.deepEqual(segmentWith(t, '<path>config/pool.yaml</path>', 'tool_call').tool?.input, { path: 'config/pool.yaml' });
    assert.deepEqual(segmentWith(t, 'workers: 12', 'tool_result').tool, { name: 'read_file', target: 'config/pool.yaml' });
  });

  it('maps a value in an output and in a tool result to its raw characters', () => {
    assertWholeSegmentsMap(raw, t);
    for (const s of t.segments) assert.equal(raw.slice(s.map.toRaw(0), s.map.toRaw(s.text.length)), s.text, `segment ${s.id}`);
    const answer = outputs(t)[1];
    const at = raw.indexOf('The pool runs 12 workers');
    assert.equal(answer.map.toRaw(answer.text.indexOf('café-orders')), raw.indexOf('café-orders', at));
    assert.equal(rawOf(raw, answer, '12'), '12');
    const result = segmentWith(t, 'workers: 12', 'tool_result');
    assert.equal(result.map.toRaw(result.text.indexOf('"café-orders"')), raw.indexOf('"café-orders"'));
  });

  it('grounds a turn on the results and task before it, never on its own thinking, and a new task on nothing before it', () => {
    const [, second, completion, last] = outputs(t);
    assert.ok(isGrounded(t, second.id, 'workers: 12'));
    assert.ok(isGrounded(t, completion.id, 'retries: 3'));
    assert.ok(isGrounded(t, second.id, 'ACT MODE'), 'environment details were sent to the model');
    assert.equal(isGrounded(t, second.id, 'probably 16'), false);
    assert.ok(isGrounded(t, last.id, 'PORT=8080'));
    assert.equal(isGrounded(t, last.id, 'workers: 12'), false, 'the second task did not see the first');
  });

  it('reads a reply of 50,000 calls in time linear in its length', () => {
    const reply = '[Tool Use: attempt_completion]\nCommand: ls\n'.repeat(50_000);
    const started = performance.now();
    const parsed = clineExportFormat.parse({ raw: `**User:**\n\nGo.\n\n---\n\n**Assistant:**\n\n${reply}` });
    const elapsed = performance.now() - started;
    assert.equal(parsed.segments.length, 50_001);
    assert.ok(elapsed < 3000, `${elapsed.toFixed(0)} ms`);
  });
});
