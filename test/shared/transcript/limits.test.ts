import { strict as assert } from 'node:assert';
import { isNotTranscript, parseTranscript } from '../../../shared/transcript/detect';
import { MAX_JSON_DEPTH, nestingExceededAt } from '../../../shared/transcript/json/jsonDepth';
import { MAX_YAML_ALIASES } from '../../../shared/transcript/formats/promptfoo/configTests';
import type { Transcript } from '../../../shared/transcript/model';

function parsed(raw: string, path?: string): Transcript {
  const t = parseTranscript({ raw, path });
  assert.ok(!isNotTranscript(t), isNotTranscript(t) ? t.reason : '');
  return t;
}

const user = (uuid: string, parent: string | null, text: string) =>
  JSON.stringify({ parentUuid: parent, sessionId: 's', uuid, type: 'user', message: { role: 'user', content: text } });
const reply = (uuid: string, parent: string, text: string, extra = '') =>
  `{"parentUuid":"${parent}","sessionId":"s","uuid":"${uuid}","type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"${text}"}]}${extra}}`;

describe('limits on hostile input', () => {
  it('refuses a JSON Lines record nested past the limit at the bracket that crosses it, and reads the other lines', () => {
    const n = 20_000;
    const deep = reply('u2', 'u1', 'Port 3001.', `,"x":${'['.repeat(n)}"x"${']'.repeat(n)}`);
    const raw = [user('u1', null, 'The port is 3000.'), deep, reply('u3', 'u1', 'Port 3002.'), ''].join('\n');
    const t = parsed(raw);
    assert.equal(t.format, 'claude-code');
    assert.equal(t.errors.length, 1);
    const [e] = t.errors;
    assert.equal(e.message, `Line 2 nests JSON more than ${MAX_JSON_DEPTH} levels deep (the nesting limit): not read.`);
    assert.equal(e.line, 1);
    assert.equal(raw[e.rawRange[0]], '[');
    assert.equal(raw.slice(raw.indexOf('"x":') + 4, e.rawRange[0]).length, MAX_JSON_DEPTH - 1, 'the record is level 1; this bracket opens level 1001');
    assert.deepEqual(
      t.segments.filter((s) => s.isOutput).map((s) => s.text),
      ['Port 3002.'],
    );
  });

  it('refuses a whole JSON document nested past the limit with one located error', () => {
    const raw = `{"messages":[{"role":"user","content":"hi"}],"meta":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const t = parsed(raw);
    assert.equal(t.errors.length, 1);
    assert.match(t.errors[0].message, /^The file nests JSON more than 1000 levels deep \(the nesting limit\): not read\.$/);
    assert.equal(raw[t.errors[0].rawRange[0]], '{');
  });

  it('counts nesting outside strings only, escaped quotes included', () => {
    const inString = `{"a":"${'['.repeat(3000)}\\"${'{'.repeat(3000)}\\\\"}`;
    assert.equal(nestingExceededAt(inString, 0, inString.length), -1);
    const shallow = '[' + '[1],'.repeat(5000) + '[]]';
    assert.equal(nestingExceededAt(shallow, 0, shallow.length), -1);
    const deep = '['.repeat(1001) + ']'.repeat(1001);
    assert.equal(nestingExceededAt(deep, 0, deep.length), 1000);
    assert.equal(nestingExceededAt(deep, 0, deep.length, 1001), -1);
  });

  it('expands YAML aliases up to the limit and names it at the first alias past it (a billion laughs)', () => {
    const lines = ['prompts: ["Answer: {{question}}"]', 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `l${i}: &l${i} [${Array(9)
          .fill(`*l${i - 1}`)
          .join(',')}]`,
      );
    lines.push('tests:', '  - vars:', '      question: *l9', '');
    const raw = lines.join('\n');
    const started = performance.now();
    const t = parsed(raw, '/w/promptfooconfig.yaml');
    assert.ok(performance.now() - started < 2000);
    assert.equal(t.errors.length, 1);
    assert.equal(t.errors[0].message, `YAML: more than ${MAX_YAML_ALIASES} aliases (the alias limit): this one and the rest are not expanded.`);
    assert.equal(raw[t.errors[0].rawRange[0]], '*');
    assert.ok(t.segments.length < MAX_YAML_ALIASES * 9 + 10, `${t.segments.length} segments`);
  });

  it('reads a variable given by an alias, with offsets at the anchored text', () => {
    // biome-ignore format: a list of words or values reads best packed
    const raw = ['prompts: ["Answer: {{question}}"]', 'shared: &ctx "Paris is the capital."', 'tests:', '  - vars:', '      question: Where?', '      context: *ctx', ''].join('\n');
    const t = parsed(raw, '/w/promptfooconfig.yaml');
    assert.deepEqual(t.errors, []);
    const ctx = t.segments.find((s) => s.label === 'var context (test 1)')!;
    assert.equal(ctx.text, 'Paris is the capital.');
    assert.equal(raw.slice(ctx.map.toRaw(0), ctx.map.toRaw(ctx.text.length)), 'Paris is the capital.');
  });
});

describe('limits on the size of what a file holds', () => {
  it('keeps the first maxSegments segments in file order and says where checking stopped', () => {
    const messages = Array.from({ length: 40 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i + 1}` }));
    const raw = JSON.stringify({ messages }, null, 1);
    const t = parseTranscript({ raw, maxSegments: 10 });
    assert.ok(!isNotTranscript(t));
    assert.equal(t.segments.length, 10);
    assert.equal(t.errors.length, 1);
    const [e] = t.errors;
    assert.equal(e.message, 'More than 10 segments (maxSegments): the rest of the file, from here on, is not checked.');
    assert.equal(raw.slice(e.rawRange[0], e.rawRange[0] + 'message 11'.length), 'message 11');
    assert.equal(e.line, raw.slice(0, e.rawRange[0]).split('\n').length - 1);
    assert.ok(t.segments.every((s) => s.parent < 10));
    const all = parseTranscript({ raw });
    assert.ok(!isNotTranscript(all));
    assert.equal(all.segments.length, 40);
  });

  it('reads a Markdown chat line past the line-length limit as blank, names it, and finds the labels after it', () => {
    const long = 'word 42 '.repeat(130_000);
    const raw = `# aider chat started at 2024-01-01 10:00:00\n\n#### What port?\n\nThe port is 3000.\n${long}\n\n#### And the host?\n\nThe host is example.org.\n`;
    const started = performance.now();
    const t = parsed(raw);
    assert.ok(performance.now() - started < 2000);
    assert.equal(t.format, 'aider-chat');
    assert.deepEqual(
      t.errors.map((e) => [e.message, e.line]),
      [[`Line 6 is ${long.length} characters long, over the 1000000 line-length limit: not read.`, 5]],
    );
    assert.equal(raw.slice(t.errors[0].rawRange[0], t.errors[0].rawRange[0] + 4), 'word');
    assert.deepEqual(
      t.segments.map((s) => s.text),
      ['What port?', 'The port is 3000.', 'And the host?', 'The host is example.org.'],
    );
  });
});

describe('JSON with repeated keys', () => {
  it('locates strings in the value JSON.parse keeps, the last of the repeated keys', () => {
    const raw =
      '{"messages": [{"role": "user", "content": "The port is 3000."}], ' +
      '"messages": [{"role": "user", "content": "The port is 3000!"}, {"role": "assistant", "content": "It uses port 3001."}]}';
    const t = parsed(raw, '/w/chat.json');
    assert.deepEqual(t.errors, []);
    for (const s of t.segments) assert.equal(raw.slice(s.map.toRaw(0), s.map.toRaw(s.text.length)), s.text);
    assert.equal(t.segments[0].map.toRaw(0), raw.indexOf('The port is 3000!'));
  });

  it('does not fail on a key that only a later repetition of its object holds', () => {
    const span = (attrs: string) => `"attributes": {${attrs}}`;
    const raw = `{"name": "ChatCompletion", "context": {"trace_id": "t", "span_id": "s"}, ${span('"trace_id": "t"')}, ${span(
      '"openinference.span.kind": "LLM", "llm.input_messages.0.message.role": "user", "llm.input_messages.0.message.content": "Weather in Oslo?", "llm.output_messages.0.message.role": "assistant", "llm.output_messages.0.message.content": "It is 12 degrees in Oslo."',
    )}}`;
    const t = parsed(raw, '/w/span.json');
    for (const s of t.segments) assert.equal(raw.slice(s.map.toRaw(0), s.map.toRaw(s.text.length)), s.text);
    assert.ok(t.segments.some((s) => s.text === 'It is 12 degrees in Oslo.'));
  });
});
