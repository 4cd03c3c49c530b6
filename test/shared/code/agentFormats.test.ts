import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import type { Entity } from '../../../shared/classifier/types';
import { parseTranscript } from '../../../shared/transcript/detect';

// What each format shows is read through file-lines, which does not flag in an agent's turn unless turned on.
function lastEntities(raw: string): Map<string, Entity> {
  const t = parseTranscript({ raw });
  if (!('segments' in t)) throw new Error('not a transcript');
  const check = checkTranscript(t, { profile: 'refined', rules: { 'file-lines': 'on' } });
  return new Map(check.outputs[check.outputs.length - 1].result.entities.map((e) => [e.text, e]));
}

// biome-ignore format: a list of words or values reads best packed
const lines = ['import os', '', 'def load(path):', '    with open(path) as f:', '        return f.read()', '', 'def save(path, data):', '    raise NotImplementedError'];

describe('line references in Codex and Cline sessions', () => {
  it('Codex: nl -ba through a bash -lc wrapper lists lines; a patch applied grounds what it wrote', () => {
    const nl = lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n');
    const item = (payload: object) => JSON.stringify({ timestamp: 't', type: 'response_item', payload });
    const raw = [
      JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w', instructions: 'You are Codex.' } }),
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Where is save?' }] }),
      item({
        type: 'function_call',
        name: 'shell',
        call_id: 'c1',
        arguments: JSON.stringify({ command: ['bash', '-lc', "nl -ba app/io.py | sed -n '1,40p'"] }),
      }),
      item({ type: 'function_call_output', call_id: 'c1', output: JSON.stringify({ output: nl, metadata: { exit_code: 0 } }) }),
      item({
        type: 'custom_tool_call',
        name: 'apply_patch',
        call_id: 'p1',
        input: '*** Begin Patch\n*** Update File: app/io.py\n-    raise NotImplementedError\n+    open(path, "w").write(data[:4096])\n*** End Patch\n',
      }),
      item({ type: 'custom_tool_call_output', call_id: 'p1', output: 'Success. Updated the following files:\nM app/io.py\n' }),
      item({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: '`save` was at `app/io.py:7` and now caps it at 4096; `app/io.py:30` does not exist.' }],
      }),
    ].join('\n');
    const v = lastEntities(raw);
    assert.equal(v.get('`app/io.py:7`')?.status, 'grounded');
    assert.equal(v.get('4096')?.status, 'grounded');
    assert.equal(v.get('`app/io.py:30`')?.status, 'unverified');
  });

  it('Codex: a command that printed nothing still came back, so the file its heredoc wrote is known', () => {
    const item = (payload: object) => JSON.stringify({ timestamp: 't', type: 'response_item', payload });
    const write = "cat > notes/plan.md <<'EOF'\n# Plan\nship the io fix\nEOF";
    const rollout = (output: string) =>
      [
        JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w', instructions: 'You are Codex.' } }),
        item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Write the plan down.' }] }),
        item({ type: 'function_call', name: 'shell', call_id: 'w1', arguments: JSON.stringify({ command: ['bash', '-lc', write] }) }),
        item({ type: 'function_call_output', call_id: 'w1', output }),
        item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'The plan is in `notes/plan.md:5`.' }] }),
      ].join('\n');
    const silent = rollout(JSON.stringify({ output: '', metadata: { exit_code: 0 } }));
    const t = parseTranscript({ raw: silent });
    if (!('segments' in t)) throw new Error('not a transcript');
    const result = t.segments.find((s) => s.role === 'tool_result');
    assert.ok(result, 'the empty output is a result of the call');
    assert.equal(result.text, '');
    // Its place is the inner output's empty string, in the raw line (escaped, as the output is a JSON string).
    const at = result.map.toRaw(0);
    assert.equal(silent.slice(at - 11, at + 4), '\\"output\\":\\"\\"');
    assert.equal(lastEntities(silent).get('`notes/plan.md:5`')?.status, 'unverified');
  });

  it('Cline: the working directory its environment details give names that folder, spaces, drive and brackets around it', () => {
    const named = (cwd: string, said: string) =>
      lastEntities(
        JSON.stringify([
          {
            role: 'user',
            content: [
              { type: 'text', text: '<task>\nSummarise the app.\n</task>' },
              { type: 'text', text: `<environment_details>\n# Current Working Directory (${cwd}) Files\nREADME.md\n</environment_details>` },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'text', text: `<attempt_completion>\n<result>\nI read the README in \`${said}\`.\n</result>\n</attempt_completion>` }],
          },
        ]),
      ).get(`\`${said}\``)?.status;
    assert.equal(named('d:/Work/Harbor Tools - Copy/harbor-app', 'd:/Work/Harbor Tools - Copy/harbor-app'), 'grounded');
    assert.equal(named('/srv/harbor-app', '/srv/harbor-app'), 'grounded');
    assert.equal(named('d:\\Work\\Harbor Tools\\harbor-app', 'd:/Work/Harbor Tools/harbor-app'), 'grounded');
    // A folder of a path the context wrote is named by it.
    assert.equal(named('/srv/harbor/app', '/srv/harbor'), 'grounded');
  });

  it('Cline: a read_file result is the whole file, so its lines and its end are known', () => {
    const raw = JSON.stringify([
      {
        role: 'user',
        content: [
          { type: 'text', text: '<task>\nWhere is save?\n</task>' },
          { type: 'text', text: '<environment_details>\n# Current Working Directory (/w)\n</environment_details>' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: '<read_file>\n<path>app/io.py</path>\n</read_file>' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: `[read_file for 'app/io.py'] Result:` },
          { type: 'text', text: lines.join('\n') },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: '<attempt_completion>\n<result>\n`save` is at `app/io.py:7`; `app/io.py:12` is past the end.\n</result>\n</attempt_completion>',
          },
        ],
      },
    ]);
    const v = lastEntities(raw);
    assert.equal(v.get('`app/io.py:7`')?.status, 'grounded');
    assert.equal(v.get('`app/io.py:12`')?.status, 'unverified');
    assert.equal(v.get('`app/io.py:12`')?.detail, 'app/io.py has 8 lines; line 12 was past its end');
  });
});

describe('Cline results that carry their header', () => {
  it('counts the file from the line after the header', () => {
    const raw = JSON.stringify([
      { role: 'user', content: [{ type: 'text', text: '<task>\nWhere is load?\n</task>' }] },
      { role: 'assistant', content: [{ type: 'text', text: '<read_file>\n<path>app/io.py</path>\n</read_file>' }] },
      { role: 'user', content: [{ type: 'text', text: `[read_file for 'app/io.py'] Result:\n${lines.join('\n')}` }] },
      { role: 'assistant', content: [{ type: 'text', text: '<attempt_completion>\n<result>\n`load` is at `app/io.py:3`.\n</result>\n</attempt_completion>' }] },
    ]);
    assert.equal(lastEntities(raw).get('`app/io.py:3`')?.status, 'grounded');
  });
});

describe('Gemini CLI sessions are agents’ turns', () => {
  it('runs the code rules on a Gemini answer even when the session logs no tool call', () => {
    const raw = [
      JSON.stringify({ sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', kind: 'main' }),
      JSON.stringify({ id: 'u1', timestamp: 't', type: 'user', content: [{ text: 'Fix the row parser.' }] }),
      JSON.stringify({ id: 'g1', timestamp: 't', type: 'gemini', content: 'I fixed `parseRow` in src/rows.ts.' }),
    ].join('\n');
    const v = lastEntities(raw);
    assert.match(v.get('`parseRow`')?.detail ?? '', /agent's turn/);
    assert.match(v.get('src/rows.ts')?.detail ?? '', /never read, listed or named before this turn/);
  });
});
