import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isNotTranscript, parseTranscript } from '../../../../shared/transcript/detect';
import { codexExportFormat } from '../../../../shared/transcript/formats/codexExport';
import { isCodingAgentFormat } from '../../../../shared/transcript/codingAgents';
import { linkToolCalls } from '../../../../shared/transcript/toolCalls';
import { assertWholeSegmentsMap, detect, FIXTURES, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const FILE = 'codex-export/2026-03-04-pool-size-019e0a11.md';
const raw = readFixture(FILE);
const t = codexExportFormat.parse({ raw });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Codex conversation export (Markdown) parser', () => {
  it('is detected as a transcript, not turned away as Markdown with no chat, and takes no other format’s fixture', () => {
    assert.equal(detect(raw), 'codex-export');
    const parsed = parseTranscript({ raw, path: `/tmp/${FILE}` });
    assert.ok(!isNotTranscript(parsed), 'read, not refused');
    assert.equal(parsed.format, 'codex-export');
    assert.ok(isCodingAgentFormat('codex-export'), 'the rules for agents’ turns apply');
    const others = filesUnder(FIXTURES).filter((f) => !f.includes(join('transcripts', 'codex-export')) && !f.endsWith('.eval'));
    assert.ok(others.length > 20, `only ${others.length} other fixtures`);
    for (const file of others) {
      const head = readFixture(relative(FIXTURES, file)).slice(0, 65536);
      assert.equal(codexExportFormat.sniff(head), 0, relative(FIXTURES, file));
    }
  });

  it('reads prompts, the agent’s messages, tool calls and outputs each in its role; metadata and turn headings in none', () => {
    assert.deepEqual(outline(t), [
      'user user 1',
      'assistant* assistant 1',
      'tool_call tool call (exec_command)',
      'tool_result tool result (exec_command)',
      'tool_call tool call (exec_command)',
      'tool_result tool result (exec_command)',
      'tool_call tool call (update_plan)',
      'tool_result tool result (update_plan)',
      'assistant* assistant 2',
      'user user 2',
      'tool_call tool call (apply_patch)',
      'tool_call tool call (apply_patch)',
      'tool_result tool result (apply_patch)',
      'assistant* assistant 3',
    ]);
    assert.equal(t.errors.length, 0);
    assert.equal(t.segments[0].text, 'How many workers does the order pool run? Check config/pool.yaml.');
    assert.ok(!t.segments.some((s) => s.text.includes('Thread ID') || s.text.includes('- Time:') || s.text.includes('### Turn')));
  });

  it('keeps a heading and a fence inside an output in the output, and a fence the agent left open from swallowing the next turn', () => {
    const output = segmentWith(t, 'workers: 12', 'tool_result');
    assert.ok(output.text.startsWith('## pool settings for café-orders\n'));
    assert.ok(output.text.endsWith('# a fence inside the file stays in the output\n```'));
    assert.ok(outputs(t)[1].text.endsWith('expect(pool.workers).toBe(16);'));
    assert.equal(segmentWith(t, 'raise it to 16', 'user').label, 'user 2');
  });

  it('ties each call to its output: the command, JSON arguments field by field, a non-zero exit as failure', () => {
    const calls = linkToolCalls(t.segments).calls;
    assert.deepEqual(
      calls.map((c) => [c.name, c.succeeded]),
      [
        ['exec_command', true],
        ['exec_command', false],
        ['update_plan', true],
        ['apply_patch', true],
      ],
    );
    assert.deepEqual(calls[0].input, { cmd: 'cat config/pool.yaml' });
    const note = segmentWith(t, 'café', 'tool_call');
    assert.equal(note.tool?.field, 'note');
    assert.equal(rawOf(raw, note, 'é'), '\\u00e9');
    const patch = segmentWith(t, '+workers: 16', 'tool_call');
    assert.equal(rawOf(raw, patch, '+workers: 16'), '+workers: 16');
  });

  it('maps outputs and results to their characters and grounds the agent on what its tools returned', () => {
    assertWholeSegmentsMap(raw, t);
    for (const s of t.segments.filter((x) => x.tool?.field !== 'input' && x.tool?.field !== 'note')) {
      assert.equal(raw.slice(s.map.toRaw(0), s.map.toRaw(s.text.length)), s.text, `${s.label}`);
    }
    const [first, second, last] = outputs(t);
    assert.equal(rawOf(raw, second, '12 workers'), '12 workers');
    assert.ok(isGrounded(t, second.id, 'workers: 12'));
    assert.ok(isGrounded(t, second.id, 'expected 12 to equal 16'));
    assert.equal(isGrounded(t, first.id, 'workers: 12'), false, 'nothing was read yet');
    assert.ok(isGrounded(t, last.id, 'M config/pool.yaml'));
    assert.equal(isGrounded(t, last.id, 'The pool runs'), false, 'its own words ground nothing');
  });
});
