import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isNotTranscript, parseTranscript } from '../../../../shared/transcript/detect';
import { claudeCodeExportFormat } from '../../../../shared/transcript/formats/claudeCodeExport';
import { isCodingAgentFormat } from '../../../../shared/transcript/codingAgents';
import type { Transcript } from '../../../../shared/transcript/model';
import { linkToolCalls } from '../../../../shared/transcript/toolCalls';
import { assertWholeSegmentsMap, detect, FIXTURES, isGrounded, outline, outputs, rawOf, readFixture, segmentWith } from './fixtureHelpers';

const FILE = 'claude-code-export/2026-03-04-pool-size.txt';
const raw = readFixture(FILE);
const t = claudeCodeExportFormat.parse({ raw });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every character of every segment is the raw character it maps to (a joining newline maps to the line break). */
function assertEveryCharacterMaps(source: string, parsed: Transcript): void {
  for (const s of parsed.segments) {
    for (let i = 0; i < s.text.length; i++) {
      const at = s.map.toRaw(i);
      const expected = s.text[i] === '\n' ? ['\n', '\r'] : [s.text[i]];
      assert.ok(expected.includes(source[at]), `${s.label}: character ${i} ${JSON.stringify(s.text[i])} maps to ${JSON.stringify(source[at])}`);
    }
  }
}

/** The older shape: a boxed banner, `> ` prompts, `●` markers, a tool call wrapped under its name. */
const BOXED = [
  '',
  '╭─── Claude Code v2.0.14 ──────────────────────────╮',
  '│                 Welcome back!                    │',
  '│              ~/work/ledger                       │',
  '╰──────────────────────────────────────────────────╯',
  '',
  '> Which milestone is issue 41 in?',
  '',
  '● tracker - get_issue (MCP)(owner: "ledger", repo: "core", issue_number:',
  '                          41)',
  '  ⎿  {',
  '       "number": 41,',
  '       "milestone": "v3.2-beta"',
  '     }',
  '',
  '● Issue 41 is in the v3.2-beta milestone.',
  '',
].join('\n');

describe('Claude Code /export transcript parser', () => {
  it('is detected as a transcript, not turned away as text with no chat, and takes no other format’s fixture', () => {
    assert.equal(detect(raw), 'claude-code-export');
    assert.equal(detect(BOXED), 'claude-code-export');
    const parsed = parseTranscript({ raw, path: `/tmp/${FILE}` });
    assert.ok(!isNotTranscript(parsed), 'read, not refused');
    assert.equal(parsed.format, 'claude-code-export');
    assert.ok(isCodingAgentFormat('claude-code-export'), 'the rules for agents’ turns apply');
    const others = filesUnder(FIXTURES).filter((f) => !f.includes(join('transcripts', 'claude-code-export')) && !f.endsWith('.eval'));
    assert.ok(others.length > 20, `only ${others.length} other fixtures`);
    for (const file of others) {
      const head = readFixture(relative(FIXTURES, file)).slice(0, 65536);
      assert.equal(claudeCodeExportFormat.sniff(head), 0, relative(FIXTURES, file));
    }
  });

  it('reads prompts, the agent’s text, tool calls and what came back, each in its role, the banner and status lines in none', () => {
    assert.deepEqual(outline(t), [
      'user user 1',
      'assistant* assistant 1',
      'tool_call tool call (Bash)',
      'tool_result tool result (Bash)',
      'tool_call tool call (Bash)',
      'tool_result tool result (Bash)',
      'tool_call tool use (collapsed)',
      'assistant* assistant 2',
      'user user command',
      'tool_result command output',
      'user user 2',
      'tool_call tool call (Update)',
      'tool_result tool result (Update)',
      'assistant* assistant 3',
    ]);
    assert.equal(t.errors.length, 0);
    // Each line's indent is the terminal's, not the text's; a paragraph break stays.
    assert.equal(outputs(t)[1].text.split('\n')[1], 'expects 16 workers, so either the test or config/pool.yaml is out of date.');
    assert.ok(outputs(t)[1].text.endsWith('\n\nShall I raise workers to 16?'));
    assert.ok(!t.segments.some((s) => s.text.includes('Brewed') || s.text.includes('Claude Code v')));
  });

  it('ties each call to its result: the command or file as input, a reported error as failure', () => {
    const calls = linkToolCalls(t.segments).calls;
    assert.deepEqual(
      calls.map((c) => [c.name, c.input, c.succeeded]),
      [
        ['Bash', { command: 'cat config/pool.yaml' }, true],
        ['Bash', { command: 'npm test -- --grep "pool size" --reporter dot\n2>&1 | tail -5' }, false],
        ['Update', { file_path: 'config/pool.yaml' }, true],
      ],
    );
    const failed = segmentWith(t, 'Error: Exit code 1', 'tool_result');
    assert.equal(failed.tool?.failed, true);
  });

  it('maps every character of every segment to its own in the file, across wrapped lines and no-break spaces', () => {
    assertWholeSegmentsMap(raw, t);
    assertEveryCharacterMaps(raw, t);
    const answer = outputs(t)[1];
    assert.equal(answer.map.toRaw(answer.text.indexOf('16 workers')), raw.indexOf('16 workers'));
    assert.equal(rawOf(raw, answer, 'config/pool.yaml'), 'config/pool.yaml');
    const result = segmentWith(t, 'workers: 12', 'tool_result');
    assert.equal(result.text, '# pool settings for café-orders\nworkers: 12\nretries: 3');
    assert.equal(result.map.toRaw(result.text.indexOf('café-orders')), raw.indexOf('café-orders'));
  });

  it('grounds the agent’s answer on what the tool printed, never on its own text', () => {
    const [first, second, last] = outputs(t);
    assert.ok(isGrounded(t, second.id, 'workers: 12'), 'the cat result');
    assert.ok(isGrounded(t, second.id, 'retries: 3'));
    assert.ok(isGrounded(t, second.id, 'expected 12 to equal 16'), 'the failing test’s output');
    assert.equal(isGrounded(t, second.id, 'Shall I'), false);
    assert.ok(isGrounded(t, last.id, '+workers: 16'), 'the edit’s diff');
    assert.ok(isGrounded(t, last.id, 'git status'), 'a command the user ran is context');
    assert.equal(isGrounded(t, first.id, 'workers: 12'), false, 'nothing was read before the first reply');
  });

  it('says what the export folded away, on every output after the fold and on none before', () => {
    const [first, second, last] = outputs(t);
    const codes = (id: number) => (t.segments[id].gaps ?? []).map((g) => g.code);
    assert.ok(!codes(first.id).includes('tool-output-collapsed'), 'nothing folded yet');
    assert.ok(codes(second.id).includes('tool-output-collapsed'));
    assert.ok(codes(last.id).includes('tool-output-collapsed'));
    assert.ok(codes(first.id).includes('system-prompt-not-logged'));
    // The fold marker is the terminal's, not the tool's output.
    assert.ok(!t.segments.some((s) => s.text.includes('+6 lines')));
  });

  it('reads the boxed banner, `> ` prompts and `●` markers of older versions, and a call wrapped under its name', () => {
    const boxed = claudeCodeExportFormat.parse({ raw: BOXED });
    assert.deepEqual(outline(boxed), [
      'user user 1',
      'tool_call tool call (tracker - get_issue (MCP))',
      'tool_result tool result (tracker - get_issue (MCP))',
      'assistant* assistant 1',
    ]);
    assertEveryCharacterMaps(BOXED, boxed);
    assert.equal(boxed.segments[1].text, 'owner: "ledger", repo: "core", issue_number:\n41');
    const [answer] = outputs(boxed);
    assert.ok(isGrounded(boxed, answer.id, '"milestone": "v3.2-beta"'));
    assert.equal(rawOf(BOXED, answer, 'v3.2-beta'), 'v3.2-beta');
    assert.ok(!(answer.gaps ?? []).some((g) => g.code === 'tool-output-collapsed'), 'nothing was folded');
  });

  it('reads prose that opens like a call, without the closing parenthesis, as the agent’s text', () => {
    const parsed = claudeCodeExportFormat.parse({ raw: `❯ go\n\n⏺ Fix(1): the pool size was wrong in two places,\n  and the test too.\n` });
    assert.deepEqual(outline(parsed), ['user user 1', 'assistant* assistant 1']);
  });
  it('reads a result of 200,000 fold markers in time linear in its length', () => {
    const folds = '     … +3 lines (ctrl+o to expand)\n'.repeat(200_000);
    const started = performance.now();
    const parsed = claudeCodeExportFormat.parse({ raw: `❯ go\n\n⏺ Bash(ls)\n  ⎿  a.txt\n${folds}\n⏺ Listed a.txt.\n` });
    const elapsed = performance.now() - started;
    assert.deepEqual(outline(parsed), ['user user 1', 'tool_call tool call (Bash)', 'tool_result tool result (Bash)', 'assistant* assistant 1']);
    assert.equal(parsed.segments[2].text, 'a.txt');
    assert.ok(elapsed < 3000, `${elapsed.toFixed(0)} ms`);
  });
  it('reads a sub-agent call followed by the model it ran on as a call, its folded report as a gap', () => {
    const parsed = claudeCodeExportFormat.parse({
      raw: `❯ does the rail have an add button?\n\n⏺ Explore(Find the add-server button) Haiku 4.5\n  ⎿  Done (12 tool uses · 30.1k tokens · 41s)\n  (ctrl+o to expand)\n\n⏺ Yes: ServerRail.tsx renders it, disabled.\n`,
    });
    assert.deepEqual(outline(parsed), ['user user 1', 'tool_call tool call (Explore)', 'tool_result tool result (Explore)', 'assistant* assistant 1']);
    assert.equal(parsed.segments[1].text, 'Find the add-server button');
    assert.ok(
      (outputs(parsed)[0].gaps ?? []).some((g) => g.code === 'tool-output-collapsed'),
      'the report the agent read is not in the file',
    );
  });
});
