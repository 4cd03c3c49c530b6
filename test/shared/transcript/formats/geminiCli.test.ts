import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { geminiCliFormat } from '../../../../shared/transcript/formats/geminiCli';
import { linkToolCalls } from '../../../../shared/transcript/toolCalls';
import type { Transcript } from '../../../../shared/transcript/model';
import { assertWholeSegmentsMap, detect, FIXTURES, groundingOf, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const LINES = 'gemini-cli/session-2026-01-05T09-12-3f9a1c2e.jsonl';
const DOCUMENT = 'gemini-cli/session-2026-01-06T10-00-7c1d2e3f.json';
const raw = readFixture(LINES);
const t = geminiCliFormat.parse({ raw });
const docRaw = readFixture(DOCUMENT);
const doc = geminiCliFormat.parse({ raw: docRaw });

/** Every segment's raw range, read as the inside of a JSON string, is its text: escapes and all. */
function assertRawDecodesToText(file: string, parsed: Transcript): void {
  for (const s of parsed.segments) {
    const slice = file.slice(s.map.toRaw(0), s.map.toRaw(s.text.length));
    assert.equal(JSON.parse(`"${slice}"`), s.text, `segment ${s.id} (${s.label})`);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Gemini CLI session parser', () => {
  it('is detected in both layouts, and no other format’s fixture is taken for it', () => {
    assert.equal(detect(raw), 'gemini-cli');
    assert.equal(detect(docRaw), 'gemini-cli');
    const others = filesUnder(FIXTURES).filter((f) => !f.includes(`${join('transcripts', 'gemini-cli')}`) && !f.endsWith('.eval'));
    assert.ok(others.length > 20, `only ${others.length} other fixtures`);
    for (const file of others) {
      const head = readFixture(relative(FIXTURES, file)).slice(0, 65536);
      assert.equal(geminiCliFormat.sniff(head), 0, relative(FIXTURES, file));
    }
  });

  it('reads user turns, thoughts, answers, tool calls and their results; CLI notices, metadata and $set lines give nothing', () => {
    assert.deepEqual(outline(t), [
      'user user',
      'reasoning thinking',
      'reasoning thinking',
      'tool_call tool call (read_file) file_path',
      'tool_result tool result (read_file)',
      'assistant* assistant',
      'user user',
      'assistant* assistant',
      'tool_call tool call (run_shell_command) command',
      'tool_call tool call (run_shell_command) description',
      'tool_result tool result (run_shell_command)',
      'user user',
      'assistant* assistant (rewound branch)',
      'user user',
      'assistant* assistant',
    ]);
    for (const absent of ['8931', 'lastUpdated', '9c4e1f0a7b3d', '2026-01-05']) {
      assert.equal(
        t.segments.some((s) => s.text.includes(absent)),
        false,
        absent,
      );
    }
  });

  it('reads only the last version of a message written again under its id', () => {
    assert.equal(
      t.segments.some((s) => s.text === 'Running tests now.'),
      false,
    );
    const answer = segmentWith(t, 'Running the suite', 'assistant');
    assert.equal(answer.line, 11);
    // The first version of g1 held the same thought: it is read once, from the later line.
    const thoughts = t.segments.filter((s) => s.text === 'Guessing the pool size');
    assert.equal(thoughts.length, 1);
    assert.equal(thoughts[0].line, 6);
  });

  it('ties each call’s input fields to its result by call id, and marks a refused call failed', () => {
    const calls = linkToolCalls(t.segments).calls;
    assert.deepEqual(
      calls.map((c) => [c.name, c.succeeded, c.segments.length, c.results.length]),
      [
        ['read_file', true, 1, 1],
        ['run_shell_command', false, 2, 1],
      ],
    );
    const path = segmentWith(t, 'config/pool.yaml', 'tool_call');
    assert.deepEqual(path.tool, { name: 'read_file', callId: 'rf01', input: { file_path: 'config/pool.yaml' }, field: 'file_path' });
    const refused = segmentWith(t, 'User denied execution', 'tool_result');
    assert.equal(refused.tool?.failed, true);
    assert.equal(refused.tool?.callId, 'sh01');
  });

  it('maps every segment back to its raw characters, escapes included', () => {
    assertWholeSegmentsMap(raw, t);
    assertRawDecodesToText(raw, t);
    const result = segmentWith(t, 'workers: 12', 'tool_result');
    assert.equal(rawOf(raw, result, '"café-orders"\n'), '\\"caf\\u00e9-orders\\"\\n');
    const question = segmentWith(t, 'How many workers', 'user');
    assert.equal(rawOf(raw, question, '?\nAnd'), '?\\nAnd');
  });

  it('grounds an answer on the tool result before it, never on the reasoning or on a rewound branch', () => {
    const [first, , rewound, last] = outputs(t);
    assert.ok(isGrounded(t, first.id, '12'));
    assert.ok(isGrounded(t, first.id, 'café-orders'));
    assert.equal(isGrounded(t, first.id, '16'), false, 'thoughts are model-written');
    assert.ok(isGrounded(t, rewound.id, '40'), 'the rewound answer keeps the context it had');
    assert.ok(isGrounded(t, last.id, 'workers: 12'));
    assert.equal(isGrounded(t, last.id, '40'), false, 'the rewound turn is off the current branch');
    assert.ok(groundingOf(t, last.id).includes('Sum up what you found.'));
  });

  it('reports the cut line where it is and reads every line after it', () => {
    assert.deepEqual(
      t.errors.map((e) => [e.line, e.message.slice(0, 26)]),
      [[8, 'Line 9 is not valid JSON: ']],
    );
    const [start, end] = t.errors[0].rawRange;
    assert.ok(raw.slice(start, end).startsWith('{"id":"u-broken"'));
    assert.ok(t.segments.some((s) => s.text === 'Run the tests, please.'));
  });

  it('reads a session whose first line is broken line by line', () => {
    const lines = raw.split('\n');
    const parsed = geminiCliFormat.parse({ raw: [lines[0].slice(0, 40), ...lines.slice(1)].join('\n') });
    assert.deepEqual(
      parsed.errors.map((e) => e.line),
      [0, 8],
    );
    assert.equal(outputs(parsed).length, 4);
  });

  it('takes a rewritten message list ($set.messages) as the conversation from there on', () => {
    const rewritten = [
      '{"sessionId":"s","projectHash":"h","startTime":"t","lastUpdated":"t","kind":"main"}',
      '{"id":"m1","timestamp":"t","type":"user","content":[{"text":"The port is 5432."}]}',
      '{"id":"m2","timestamp":"t","type":"gemini","content":"Noted: 5432."}',
      '{"id":"m3","timestamp":"t","type":"user","content":[{"text":"The host is db.internal."}]}',
      '{"$set":{"messages":[{"id":"m3","timestamp":"t","type":"user","content":[{"text":"The host is db.internal."}]}],"lastUpdated":"t"}}',
      '{"id":"m4","timestamp":"t","type":"gemini","content":"Connecting to db.internal on 5432."}',
    ].join('\n');
    const parsed = geminiCliFormat.parse({ raw: rewritten });
    assert.deepEqual(
      outputs(parsed).map((s) => s.text),
      ['Noted: 5432.', 'Connecting to db.internal on 5432.'],
    );
    const last = outputs(parsed).at(-1)!;
    assert.ok(isGrounded(parsed, last.id, 'db.internal'));
    assert.equal(isGrounded(parsed, last.id, '5432'), false, 'm1 was left out of the rewritten list');
    const copy = parsed.segments[last.parent];
    assert.equal(copy.line, 4, 'the message hangs from the copy in $set');
    assert.equal(rawOf(rewritten, copy, 'db.internal'), 'db.internal');
    assertRawDecodesToText(rewritten, parsed);
  });

  it('reads the one-document layout with the same roles, offsets and actions', () => {
    assert.deepEqual(outline(doc), [
      'user user',
      'assistant* assistant',
      'reasoning thinking',
      'reasoning thinking',
      'tool_call tool call (write_file) file_path',
      'tool_call tool call (write_file) content',
      'tool_result tool result (write_file)',
      'assistant* assistant',
    ]);
    assertWholeSegmentsMap(docRaw, doc);
    assertRawDecodesToText(docRaw, doc);
    const content = segmentWith(doc, '# Todo', 'tool_call');
    assert.equal(rawOf(docRaw, content, 'ship\t(Friday)\n'), 'ship\\t(Friday)\\n');
    assert.equal(content.action, true, 'a successful write grounds what it wrote');
    const last = outputs(doc).at(-1)!;
    let onBranch = false;
    for (let p = last.parent; p >= 0; p = doc.segments[p].parent) onBranch ||= p === content.id;
    assert.ok(onBranch, 'the answer comes after the write');
    assert.equal(doc.errors.length, 0);
  });

  it('says the system prompt, tool schemas and GEMINI.md are not in the log', () => {
    assert.deepEqual(
      t.gaps.map((g) => g.code),
      ['system-prompt-not-logged'],
    );
    assert.ok(t.gaps[0].message.includes('GEMINI.md'));
    assert.deepEqual(
      outputs(doc)[0].gaps?.map((g) => g.code),
      ['system-prompt-not-logged'],
    );
  });
});
