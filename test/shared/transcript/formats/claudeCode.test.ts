import { strict as assert } from 'node:assert';
import { claudeCodeFormat } from '../../../../shared/transcript/formats/claudeCode';
import { parseTranscript, isNotTranscript } from '../../../../shared/transcript/detect';
import { appendLines } from '../../../../shared/transcript/parseAppendedLines';
import { SessionFacts } from '../../../../shared/code/facts/sessionFacts';
import { detect, isGrounded, outline, outputs, rawOf, readFixture, segmentWith, assertWholeSegmentsMap } from './fixtureHelpers';

const raw = readFixture('claude-code/session.jsonl');
const t = claudeCodeFormat.parse({ raw });

describe('Claude Code session parser', () => {
  it('is detected from content despite leading bookkeeping lines', () => {
    assert.equal(detect(raw), 'claude-code');
    assert.equal(claudeCodeFormat.sniff('{"type":"thread.started","thread_id":"x"}'), 0);
  });

  it('lists segments in file order with roles and labels', () => {
    assert.deepEqual(outline(t), [
      'system system prompt: working directory',
      'system system prompt: git branch',
      'user injected text',
      'system system prompt: date',
      'user user',
      'reasoning thinking',
      'tool_call tool call (Bash) command',
      'tool_call tool call (Bash) description',
      'tool_call tool call (Read) file_path',
      'tool_result tool result (Bash)',
      'tool_result tool result (Read)',
      'assistant* assistant',
      'user user',
      'tool_call tool call (Read) file_path',
      'tool_result tool result (Read) error',
      'assistant* assistant (rewound branch)',
      'user user',
      'tool_call tool call (Read) file_path',
      'tool_result tool result (Read)',
      'assistant* assistant',
      'user sub-agent user',
      'user sub-agent image',
      'assistant* sub-agent assistant',
      'assistant compaction summary',
      'user user',
      'assistant* assistant',
    ]);
    assertWholeSegmentsMap(raw, t);
  });

  it('reports the malformed line and the partial last line, and parses the rest', () => {
    assert.deepEqual(
      t.errors.map((e) => [e.line, raw.slice(e.rawRange[0], e.rawRange[0] + 22)]),
      [
        [24, '{"type":"user","uuid":'],
        [26, '{"parentUuid":"c3","ty'],
      ],
    );
  });

  it('maps entities behind \\u escapes, surrogate pairs and \\" back to their raw characters', () => {
    const answer = outputs(t)[0];
    assert.equal(rawOf(raw, answer, 'Zoë 😀'), 'Zo\\u00eb \\ud83d\\ude00');
    assert.equal(rawOf(raw, answer, '"eu-west-1"'), '\\"eu-west-1\\"');
    assert.equal(rawOf(raw, answer, '250 ms'), '250 ms');
    const question = segmentWith(t, 'Sign it', 'user');
    assert.equal(rawOf(raw, question, '"Zoë 😀"'), '\\"Zo\\u00eb \\ud83d\\ude00\\"');
    const read = segmentWith(t, 'timeout_s', 'tool_result');
    assert.equal(rawOf(raw, read, 'timeout_s: 30\n'), 'timeout_s: 30\\n');
  });

  it('keeps Read line numbers in the text but grounds without them, and blanks ANSI colours, without moving offsets', () => {
    const read = segmentWith(t, 'timeout_s', 'tool_result');
    assert.equal(read.text, '     1\u2192retries: 7\n     2\u2192timeout_s: 30\n     3\u2192region: "eu-west-1"\n');
    assert.equal(SessionFacts.build(t).groundingText(read.id), '       retries: 7\n       timeout_s: 30\n       region: "eu-west-1"\n');
    assert.equal(rawOf(raw, read, 'retries: 7'), 'retries: 7');
    const bash = segmentWith(t, 'data/invoices.csv', 'tool_result');
    assert.equal(bash.text, '     1043     data/invoices.csv');
    assert.equal(rawOf(raw, bash, '1043'), '1043');
    assert.equal(rawOf(raw, bash, 'data/invoices.csv'), 'data/invoices.csv');
  });

  it('keeps each output to its own branch: rewinds, sub-agents and compaction', () => {
    const [first, secrets, staging, subAgent, afterCompaction] = outputs(t).map((s) => s.id);
    // The answer after the split response sees both tool results and the user turn.
    assert.ok(isGrounded(t, first, '1043'));
    assert.ok(isGrounded(t, first, 'retries: 7'));
    assert.ok(isGrounded(t, first, 'Zoë'));
    assert.equal(isGrounded(t, first, '250'), false);
    assert.equal(isGrounded(t, first, '5000'), false, 'reasoning never grounds');
    // The secrets branch saw "14 similar files"; the rewound staging branch did not.
    assert.ok(isGrounded(t, secrets, '14 similar files'));
    assert.equal(isGrounded(t, staging, '14'), false);
    assert.ok(isGrounded(t, staging, 'retries: 3'));
    assert.equal(isGrounded(t, staging, 'secrets.env'), false);
    // The sub-agent sees its own prompt and the environment, not the main thread.
    assert.ok(isGrounded(t, subAgent, 'March 2024'));
    assert.ok(isGrounded(t, subAgent, '/home/dev/invoice-service'));
    assert.equal(isGrounded(t, subAgent, 'retries'), false);
    // After compaction only the (model-written) summary remembers the retry limit.
    assert.equal(isGrounded(t, afterCompaction, 'retries to 7'), false);
    assert.ok(isGrounded(t, afterCompaction, 'production retry limit'));
    assert.equal(
      t.segments[t.segments[afterCompaction].parent].parent,
      t.segments.findIndex((s) => s.label === 'compaction summary'),
    );
  });

  it('labels replies on the branch the user rewound away from, across compaction', () => {
    assert.deepEqual(
      outputs(t).map((s) => s.label),
      ['assistant', 'assistant (rewound branch)', 'assistant', 'sub-agent assistant', 'assistant'],
    );
    // Before the sub-agent and compaction were logged, the newest leaf was the staging answer.
    const cut = raw.split('\n').slice(0, 19).join('\n') + '\n';
    assert.deepEqual(
      outputs(claudeCodeFormat.parse({ raw: cut })).map((s) => s.label),
      ['assistant', 'assistant (rewound branch)', 'assistant'],
    );
  });

  it('chains split lines of one response (shared message.id) even when logged as siblings', () => {
    const readCall = segmentWith(t, 'config.yaml', 'tool_call');
    assert.equal(t.segments[readCall.parent].label, 'tool call (Bash) description');
  });

  it('says what the log leaves out: system prompt for every output, images and compaction per branch', () => {
    assert.deepEqual(
      t.gaps.map((g) => [g.code, g.affects]),
      [['system-prompt-not-logged', ['identifier', 'url', 'proper_noun']]],
    );
    assert.deepEqual(
      outputs(t).map((s) => (s.gaps ?? []).map((g) => g.code)),
      [
        ['system-prompt-not-logged'],
        ['system-prompt-not-logged'],
        ['system-prompt-not-logged'],
        ['system-prompt-not-logged', 'image-content'],
        ['system-prompt-not-logged', 'compacted-history'],
      ],
    );
  });

  it('grounds the session date from the first timestamp, pointing at its raw characters', () => {
    const date = segmentWith(t, '2025-06-03', 'system');
    assert.equal(date.text, '2025-06-03');
    assert.equal(raw.slice(date.map.toRaw(0), date.map.toRaw(10)), '2025-06-03');
    assert.equal(date.line, 2);
  });

  it('reads an attachment line (a skill listing, an edited file) as context the next turn saw, at its raw characters', () => {
    const lines = [
      { type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2026-01-02T10:00:00Z', message: { role: 'user', content: 'Where do local settings go?' } },
      {
        type: 'attachment',
        uuid: 'a1',
        parentUuid: 'u1',
        attachment: { type: 'skill_listing', content: '- update-config: edits settings.json/settings.local.json files "with quotes"', skillCount: 1 },
      },
      {
        type: 'assistant',
        uuid: 'r1',
        parentUuid: 'a1',
        message: { id: 'm1', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'Use `.claude/settings.local.json`.' }] },
      },
    ];
    const attached = lines.map((l) => JSON.stringify(l)).join('\n');
    const parsed = claudeCodeFormat.parse({ raw: attached });
    const a = segmentWith(parsed, 'settings.local.json', 'system');
    assert.equal(a.label, 'attachment (skill_listing)');
    const at = a.text.indexOf('"with quotes"');
    assert.equal(attached.slice(a.map.toRaw(at), a.map.toRaw(at + 13)), '\\"with quotes\\"');
    const answer = outputs(parsed).at(-1)!;
    assert.ok(parsed.segments[answer.parent].label?.startsWith('attachment'), 'the answer follows the attachment on its branch');
  });

  it('goes on after the latest line of its chain where a parent is missing from the log, not from the root', () => {
    // Sub-agent logs leave out some of their own lines: a tool result names a call line the file never holds.
    const side = { isSidechain: true, sessionId: 's' };
    const lines = [
      { ...side, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Read the pool config.' } },
      {
        ...side,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: {
          id: 'm1',
          role: 'assistant',
          model: 'claude-x',
          content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/w/pool.yaml' } }],
        },
      },
      {
        ...side,
        type: 'user',
        uuid: 'r1',
        parentUuid: 'gone',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'workers: 12' }] },
      },
      {
        ...side,
        type: 'assistant',
        uuid: 'a2',
        parentUuid: 'r1',
        message: { id: 'm2', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'The pool has 12 workers.' }] },
      },
    ];
    const parsed = claudeCodeFormat.parse({ raw: lines.map((l) => JSON.stringify(l)).join('\n') });
    const answer = outputs(parsed).at(-1)!;
    const seen: string[] = [];
    for (let at = answer.parent; at >= 0; at = parsed.segments[at].parent) seen.push(parsed.segments[at].text);
    assert.ok(seen.includes('Read the pool config.'), 'the user message before the missing line stays in the context');
    assert.ok(seen.includes('/w/pool.yaml'), 'so does the call the result answers');
  });

  it('skips a line logged twice under the same uuid', () => {
    const lines = raw.split('\n');
    const doubled = [...lines.slice(0, 10), lines[9], ...lines.slice(10)].join('\n');
    assert.equal(claudeCodeFormat.parse({ raw: doubled }).segments.length, t.segments.length);
  });

  it('keeps notices Claude Code wrote itself out of the outputs', () => {
    const raw =
      '{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"hi"}}\n' +
      '{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","isApiErrorMessage":true,"message":{"id":"m1","model":"<synthetic>","role":"assistant","content":[{"type":"text","text":"API Error: 529 overloaded"}]}}\n';
    const parsed = claudeCodeFormat.parse({ raw });
    assert.deepEqual(outline(parsed), ['user user', 'assistant client notice']);
  });

  it('says a log of file snapshots only is a Claude Code session with no messages, at its first line', () => {
    const snapshots = [
      '{"type":"file-history-snapshot","messageId":"4f0c","snapshot":{"messageId":"4f0c","trackedFileBackups":{},"timestamp":"2025-10-01T09:00:00.000Z"},"isSnapshotUpdate":false}',
      '{"type":"file-history-snapshot","messageId":"9a1d","snapshot":{"messageId":"9a1d","trackedFileBackups":{"src/a.ts":{"backupFileName":null,"version":1}},"timestamp":"2025-10-01T09:01:00.000Z"},"isSnapshotUpdate":true}',
      '',
    ].join('\n');
    const parsed = parseTranscript({ raw: snapshots });
    assert.ok(!isNotTranscript(parsed), 'not turned away as JSON of no known format');
    assert.equal(parsed.format, 'claude-code');
    assert.equal(parsed.segments.length, 0);
    assert.deepEqual(
      parsed.errors.map((e) => [e.line, e.rawRange]),
      [[0, [0, snapshots.indexOf('\n')]]],
    );
    assert.match(parsed.errors[0].message, /Claude Code session log with no messages: its 2 lines are bookkeeping \(file-history-snapshot\)/);
    // Once messages come in, the whole file is read again, and that error goes.
    assert.ok('fallback' in appendLines(parsed, `${raw.split('\n')[3]}\n`));
    assert.equal(detect('{"type":"file-history-snapshot","note":"snapshot"}'), undefined, 'the word alone, not as a key, claims nothing');
  });
});
