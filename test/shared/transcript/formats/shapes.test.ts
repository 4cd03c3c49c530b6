import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { anthropicMessagesFormat } from '../../../../shared/transcript/formats/anthropicMessages';
import { claudeCodeFormat } from '../../../../shared/transcript/formats/claudeCode';
import { openaiChatFormat } from '../../../../shared/transcript/formats/openaiChat';
import { isJsonLines } from '../../../../shared/transcript/formats/shapes/jsonLayout';
import { jsonValueEnd } from '../../../../shared/transcript/formats/shapes/rawJsonText';
import { decodedFromCleaned } from '../../../../shared/transcript/formats/shapes/blankedText';
import { blankAnsiEscapes } from '../../../../shared/transcript/formats/shapes/toolOutputText';
import type { FormatParser } from '../../../../shared/transcript/model';

describe('tool output cleaning', () => {
  it('blanks ANSI colour and cursor sequences, keeping the length', () => {
    const text = '\x1b[1;31mFAIL\x1b[0m 3 tests\x1bM\x1b[2K done';
    const out = blankAnsiEscapes(text);
    assert.equal(out, '       FAIL     3 tests       done');
    assert.equal(out.length, text.length);
  });

  it('rebuilds the decoded text from the blanked one, wherever the escapes sit', () => {
    for (const text of ['\x1b[1;31mFAIL\x1b[0m 3 tests\x1bM\x1b[2K done\x1b[0m', 'plain', '\x1b[0m', `${'ok '.repeat(5000)}\x1b[32m42\x1b[0m`]) {
      const cleaned = blankAnsiEscapes(text);
      const made = decodedFromCleaned(text, cleaned);
      assert.equal(typeof made === 'string' ? made : made(), text);
    }
    // A cleaning that moved text cannot be undone from the cleaned copy: the decoded text is kept as it is.
    assert.equal(decodedFromCleaned('a\x1b[0mb', 'ab'), 'a\x1b[0mb');
  });

  it('handles long pathological runs in one pass', () => {
    const escapes = '\x1b['.repeat(200_000);
    assert.equal(blankAnsiEscapes(escapes), ' '.repeat(escapes.length));
  });
});

describe('JSON layout helpers', () => {
  it('finds the end of a value with brackets and escaped quotes inside strings', () => {
    const text = 'x {"a":"}]\\"{","b":[1,{"c":"\\\\"}]} tail';
    assert.equal(text.slice(2, jsonValueEnd(text, 2, text.length)), '{"a":"}]\\"{","b":[1,{"c":"\\\\"}]}');
    assert.equal(jsonValueEnd('"a\\"b" ', 0, 7), 6);
    assert.equal(jsonValueEnd('12.5, 3', 0, 7), 4);
  });

  it('tells JSON Lines from one JSON document', () => {
    assert.equal(isJsonLines('{"a":1}\n{"a":2}\n'), true);
    assert.equal(isJsonLines('{"a":1}\n'), false);
    assert.equal(isJsonLines('{\n  "a": 1\n}\n'), false);
    assert.equal(isJsonLines('[{"role":"user","content":"x"}]'), false);
  });
});

/** JSON with every non-ASCII unit written as `\uXXXX`, as Python's json.dumps does. */
function asciiJson(value: unknown): string {
  let out = '';
  for (const ch of JSON.stringify(value)) {
    for (let i = 0; i < ch.length; i++) {
      const c = ch.charCodeAt(i);
      out += c > 0x7e ? `\\u${c.toString(16).padStart(4, '0')}` : ch[i];
    }
  }
  return out;
}

/**
 * Decoded [s, e) must come from raw characters that decode to exactly that
 * text; `levels` says how many JSON string levels a segment sits under.
 */
function assertExactMaps(parser: FormatParser, raw: string, levels: (label: string) => number = () => 1): void {
  const t = parser.parse({ raw });
  assert.deepEqual(t.errors, []);
  for (const seg of t.segments) {
    const depth = levels(seg.label ?? '');
    for (let s = 0; s <= seg.text.length; s += Math.max(1, seg.text.length >> 3)) {
      for (const e of [s, Math.min(seg.text.length, s + 1), Math.min(seg.text.length, s + 5), seg.text.length]) {
        let decoded = raw.slice(seg.map.toRaw(s), seg.map.toRaw(e));
        for (let k = 0; k < depth; k++) decoded = JSON.parse(`"${decoded}"`);
        assert.equal(decoded, seg.text.slice(s, e), `segment ${seg.id} [${s}, ${e})`);
      }
    }
  }
}

describe('offsets are exact for any text, however it is escaped', () => {
  const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
  const serialise = fc.constantFrom(JSON.stringify, asciiJson);

  it('Claude Code lines', () => {
    fc.assert(
      fc.property(text, text, serialise, (question, answer, write) => {
        const user = { type: 'user', uuid: 'u', parentUuid: null, sessionId: 's', message: { role: 'user', content: question } };
        const assistant = {
          type: 'assistant',
          uuid: 'a',
          parentUuid: 'u',
          sessionId: 's',
          message: { id: 'm', role: 'assistant', content: [{ type: 'text', text: answer }] },
        };
        assertExactMaps(claudeCodeFormat, `${write(user)}\n${write(assistant)}\n`);
      }),
      { numRuns: 150 },
    );
  });

  it('OpenAI tool calls with arguments as JSON inside a JSON string', () => {
    fc.assert(
      fc.property(text, text, serialise, (arg, result, write) => {
        const messages = [
          { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: write({ q: arg }) } }] },
          { role: 'tool', tool_call_id: 'c', content: write({ r: result }) },
        ];
        const nested = (label: string) => (label.startsWith('tool call') || label.includes('(decoded)') ? 2 : 1);
        assertExactMaps(openaiChatFormat, write({ messages }), nested);
      }),
      { numRuns: 150 },
    );
  });

  it('Anthropic documents and tool results, pretty-printed', () => {
    fc.assert(
      fc.property(text, text, (doc, result) => {
        const request = {
          model: 'claude-x',
          messages: [
            { role: 'user', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: doc }, title: 'd' }] },
            { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: { k: result } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: result }] },
          ],
        };
        assertExactMaps(anthropicMessagesFormat, JSON.stringify(request, null, 2), (label) => (label.includes('(decoded)') ? 2 : 1));
      }),
      { numRuns: 150 },
    );
  });
});
