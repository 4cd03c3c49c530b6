import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Hover } from 'vscode-languageserver-protocol/node';
import { EVERY_RULE_FLAGGING } from '../shared/code/claudeSession';
import { ServerHarness } from './harness';

/** A Claude Code session: the agent reads a file, then cites lines of it, one never shown and one beside the wrong name. */
const lines = [
  { type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'Where are the initials made?' } },
  {
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    sessionId: 's',
    message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/w/src/AppSidebar.tsx' } }] },
  },
  {
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a1',
    sessionId: 's',
    message: {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 't1',
          content: `${['import { useMemo } from "react";', '', 'export function getInitials(name: string) {', '  return name[0];', '}', '', 'export function Sidebar() {', '  const x = 1;', '  return x;', '}'].map((l, i) => `${String(i + 1).padStart(6)}\u2192${l}`).join('\n')}\n`,
        },
      ],
    },
  },
  {
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'u2',
    sessionId: 's',
    message: {
      id: 'm2',
      role: 'assistant',
      content: [{ type: 'text', text: '`getInitials` is defined at `AppSidebar.tsx:9`, and the bug is at `AppSidebar.tsx:240`.' }],
    },
  },
];
const SESSION = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
const doc = TextDocument.create('x', 'x', 1, SESSION);

describe('server: file and line references in a coding session', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    // What each rule shows in an agent's turn is tested here, so every rule flags (the defaults: rules.test.ts).
    h = await ServerHarness.start({ profile: 'refined', rules: EVERY_RULE_FLAGGING });
    uri = h.uriOf('code-session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  const diagnosticAt = (text: string) =>
    h.diagnostics.get(uri)!.diagnostics.find((d) => SESSION.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end)) === text)!;

  it('says what was checked for a line never shown, in the diagnostic and the hover', async () => {
    const d = diagnosticAt('`AppSidebar.tsx:240`');
    assert.equal(d.message, "identifier '`AppSidebar.tsx:240`': AppSidebar.tsx has 10 lines; line 240 was past its end");
    const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: d.range.start })) as Hover;
    assert.match((hover.contents as { value: string }).value, /Checked: AppSidebar\.tsx has 10 lines; line 240 was past its end/);
  });

  it('contradicts a line the named identifier is not near, and offers the right line as the fix', async () => {
    const d = diagnosticAt('`AppSidebar.tsx:9`');
    assert.equal(d.code, 'contradicted');
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const replace = actions.find((a) => a.title.startsWith('Replace'))!;
    const edit = replace.edit!.changes![uri][0];
    assert.equal(edit.newText, '`AppSidebar.tsx:3`');
  });
});
