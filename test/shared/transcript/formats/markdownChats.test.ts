import { strict as assert } from 'node:assert';
import { aiderChatFormat } from '../../../../shared/transcript/formats/aider';
import { aiderLlmHistoryFormat } from '../../../../shared/transcript/formats/aiderLlmHistory';
import { specstoryFormat } from '../../../../shared/transcript/formats/specstory';
import { byLabel, detectedId, groundingOf, outputs, parseFixture, rawOf } from './formatTestKit';

const SPECSTORY = 'specstory/2025-05-01_10-00-fix-flaky-test.md';

describe('Markdown chat histories', () => {
  it('detects SpecStory, Aider chat history and Aider LLM history', () => {
    assert.equal(detectedId(SPECSTORY), 'specstory');
    assert.equal(detectedId('aider/.aider.chat.history.md'), 'aider-chat');
    assert.equal(detectedId('aider/.aider.llm.history'), 'aider-llm-history');
  });

  describe('SpecStory', () => {
    const { raw, t } = parseFixture(specstoryFormat, SPECSTORY);

    it('anchors turns on label lines, keeping --- inside user text and code fences', () => {
      assert.deepEqual(
        t.segments.map((s) => [s.role, s.label, s.line]),
        [
          ['user', 'user 1', 6],
          ['tool_result', 'tool use 1', 18],
          ['tool_result', 'tool use 2', 22],
          ['assistant', 'assistant 1', 33],
          ['user', 'user 2', 44],
          ['assistant', 'assistant 2', 50],
        ],
      );
      assert.equal(
        byLabel(t, 'user 1').text,
        'Why does test_login fail on CI? The log says:\n\n---\nTimeoutError after 2000 ms\n---\n\nIt passes locally on macOS 14.',
      );
      assert.ok(byLabel(t, 'assistant 1').text.endsWith('```python\n# ---\nLOGIN_TIMEOUT = 5\n```'));
      assert.equal(rawOf(raw, byLabel(t, 'assistant 2'), '3f9c2ab'), '3f9c2ab');
    });

    it('says the files the model read are missing, on every output', () => {
      assert.deepEqual(
        t.gaps.map((g) => g.code),
        ['markdown-chat', 'file-contents-missing'],
      );
      for (const o of outputs(t))
        assert.deepEqual(
          o.gaps?.map((g) => g.code),
          ['markdown-chat', 'file-contents-missing'],
        );
      assert.deepEqual(groundingOf(t, byLabel(t, 'assistant 1')), ['tool use 2', 'tool use 1', 'user 1']);
    });
  });

  describe('Aider chat history', () => {
    const { raw, t } = parseFixture(aiderChatFormat, 'aider/.aider.chat.history.md');

    it('strips #### and > prefixes and the Markdown line-break spaces, with exact offsets', () => {
      const user = byLabel(t, 'user 1');
      assert.equal(user.text, 'add a /health endpoint that returns\nthe version from VERSION.txt');
      assert.equal(rawOf(raw, user, 'VERSION.txt'), 'VERSION.txt');
      assert.equal(rawOf(raw, user, 'returns\nthe'), 'returns  \n#### the');
      const reply = byLabel(t, 'assistant 1');
      assert.ok(reply.text.includes('> not aider output, just a quoted line in code\n#### not a user line either'));
      assert.equal(rawOf(raw, reply, '2.4.1'), '2.4.1');
    });

    it('starts a new conversation at each session header and reports missing file contents', () => {
      assert.deepEqual(groundingOf(t, byLabel(t, 'assistant 2')), ['aider output 3', 'user 2']);
      assert.deepEqual(
        byLabel(t, 'assistant 1').gaps?.map((g) => g.code),
        ['markdown-chat', 'file-contents-missing'],
      );
    });
  });

  describe("Aider chat history: the model's own #### headings", () => {
    const history = (userEnd: string) =>
      [
        '# aider chat started at 2025-03-01 10:00:00',
        '',
        `#### document the upload endpoint${userEnd}`,
        `#### with its error codes${userEnd}`,
        '',
        'Here is the section:',
        '',
        '#### Request',
        '',
        'POST /upload with a file of at most 10 MB.',
        '',
        '#### 413 Payload Too Large',
        '',
        'Returned above the limit.',
        '',
        `#### thanks${userEnd}`,
        '',
        'Done.',
        '',
      ].join('\n');

    it('keeps a heading without the trailing break spaces in the reply, where user lines carry them', () => {
      const t = aiderChatFormat.parse({ raw: history('  ') });
      assert.deepEqual(
        t.segments.map((s) => [s.role, s.label]),
        [
          ['user', 'user 1'],
          ['assistant', 'assistant 1'],
          ['user', 'user 2'],
          ['assistant', 'assistant 2'],
        ],
      );
      const reply = byLabel(t, 'assistant 1');
      assert.ok(reply.text.startsWith('Here is the section:'));
      assert.ok(reply.text.endsWith('#### 413 Payload Too Large\n\nReturned above the limit.'));
    });

    it("reads every #### line as the user's where the history lost its trailing spaces", () => {
      const t = aiderChatFormat.parse({ raw: history('') });
      assert.deepEqual(
        t.segments.filter((s) => s.role === 'user').map((s) => s.text),
        ['document the upload endpoint\nwith its error codes', 'Request', '413 Payload Too Large', 'thanks'],
      );
    });
  });

  describe('Aider chat history with old Mac (CR) or Windows (CRLF) line ends', () => {
    const { raw } = parseFixture(aiderChatFormat, 'aider/.aider.chat.history.md');
    const lf = aiderChatFormat.parse({ raw });
    for (const [name, lineEnd] of [
      ['CR', '\r'],
      ['CRLF', '\r\n'],
    ] as const) {
      it(`reads the same turns, on the same lines, from ${name} line ends, each at its exact raw range`, () => {
        const converted = raw.replace(/\n/g, lineEnd);
        const t = aiderChatFormat.parse({ raw: converted });
        assert.deepEqual(
          t.segments.map((s) => [s.role, s.label, s.line, s.text.replace(/\r\n?/g, '\n')]),
          lf.segments.map((s) => [s.role, s.label, s.line, s.text]),
        );
        assert.equal(rawOf(converted, byLabel(t, 'user 1'), 'VERSION.txt'), 'VERSION.txt');
        assert.equal(rawOf(converted, byLabel(t, 'assistant 1'), '2.4.1'), '2.4.1');
      });
    }
  });

  describe('Aider LLM history', () => {
    const { raw, t } = parseFixture(aiderLlmHistoryFormat, 'aider/.aider.llm.history');

    it('rebuilds each request message from its role-prefixed lines and checks the reply against them', () => {
      const files = byLabel(t, 'user 2 (call 1)');
      assert.equal(files.text, 'I have *added these files to the chat*:\n\napp/server.py\n```\nPORT = 8080\nVERSION_FILE = "VERSION.txt"\n```');
      assert.equal(rawOf(raw, files, 'PORT = 8080'), 'PORT = 8080');
      const reply = byLabel(t, 'reply (call 1)');
      assert.equal(reply.isOutput, true);
      assert.equal(rawOf(raw, reply, 'VERSION.txt;\nit returns'), 'VERSION.txt;\nASSISTANT it returns');
      assert.deepEqual(groundingOf(t, reply), ['user 4 (call 1)', 'user 2 (call 1)', 'system 1 (call 1)']);
      assert.deepEqual(t.gaps, []);
      assert.equal(reply.gaps, undefined);
    });
  });
});
