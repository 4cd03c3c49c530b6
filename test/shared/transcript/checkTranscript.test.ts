import { strict as assert } from 'node:assert';
import type { ContextGap, Entity } from '../../../shared/classifier/types';
import { checkOutput, checkTranscript, type OutputCheck } from '../../../shared/check/checkTranscript';
import { entityRawRanges, matchRawRange, occurrenceRawRanges } from '../../../shared/check/rawRanges';
import { TranscriptIndex } from '../../../shared/check/transcriptIndex';
import { classify } from '../../../shared/pipeline/classify';
import { contextOf } from '../../../shared/transcript/causalContext';
import { isNotTranscript, parseTranscript } from '../../../shared/transcript/detect';
import { generateClaudeSession } from '../../../bench/generators/claudeSession';
import type { Transcript } from '../../../shared/transcript/model';
import { lines, transcriptFromLines } from './handBuilt';

/** The raw file a hand-built transcript was read from. */
function raw(t: Transcript): string {
  const text = rawFiles.get(t);
  assert.ok(text !== undefined);
  return text;
}
const rawFiles = new WeakMap<Transcript, string>();

function build(file: string, fileGaps?: ContextGap[]): Transcript {
  const t = transcriptFromLines(file, fileGaps);
  rawFiles.set(t, file);
  return t;
}

function entity(check: OutputCheck, text: string): Entity {
  const found = check.result.entities.find((e) => e.text === text);
  assert.ok(found, `no entity '${text}' in ${check.result.entities.map((e) => e.text).join(' | ')}`);
  return found;
}

/** text → status, for compact assertions. */
function statuses(check: OutputCheck): Record<string, string> {
  return Object.fromEntries(check.result.entities.map((e) => [e.text, e.status]));
}

describe('checking a whole transcript', () => {
  const chat = build(
    lines(
      { role: 'system', text: 'Answer from tool output only.' }, // 0
      { role: 'user', text: 'Which port does checkout-api use?' }, // 1
      { role: 'tool_call', text: 'grep PORT deploy/checkout-api.env' }, // 2
      { role: 'tool_result', text: 'PORT=8080\nREGION=eu-west-1' }, // 3
      { role: 'assistant', text: 'It listens on port 8080 and runs in https://eu-west-1.example.com.', output: true }, // 4
      { role: 'user', text: 'When was it deployed?' }, // 5
      { role: 'tool_result', text: 'deployed 2024-03-17 by Katarina Holm' }, // 6
      { role: 'assistant', text: 'On 2024-03-17 Katarina Holm deployed it on port 8080.', output: true }, // 7
    ),
  );

  it('checks each output against only what came before it on its branch', () => {
    const check = checkTranscript(chat);
    assert.deepEqual(
      check.outputs.map((o) => o.segment),
      [4, 7],
    );
    const [first, second] = check.outputs;
    // The date and name are in a later tool result: not context for the first output.
    assert.equal(entity(first, '8080').status, 'grounded');
    assert.equal(entity(first, 'https://eu-west-1.example.com').status, 'unverified');
    assert.equal(first.result.level, 'PARTIAL');
    assert.equal(second.result.level, 'GROUNDED');
    assert.deepEqual(first.contextIds, [0, 1, 3]);
    assert.deepEqual(second.contextIds, [0, 1, 3, 5, 6]);
  });

  it('names the segment a match is in, so its raw range can be found', () => {
    const check = checkTranscript(chat);
    const port = entity(check.outputs[1], '8080');
    assert.deepEqual(port.matches, [{ part: 3, start: 5, end: 9 }]);
    const [s, e] = matchRawRange(chat, port.matches[0]);
    assert.equal(raw(chat).slice(s, e), '8080');
    const date = entity(check.outputs[1], '2024-03-17');
    assert.deepEqual(
      date.matches.map((m) => m.part),
      [6],
    );
  });

  it('keeps a rewound branch from grounding the branch that replaced it', () => {
    const tree = build(
      lines(
        { role: 'user', text: 'Which port does the app use?' }, // 0
        { role: 'tool_result', text: 'PORT=8080' }, // 1
        { role: 'assistant', text: 'It uses port 8080.', output: true }, // 2
        { role: 'user', text: 'Look in config.yaml instead.', parent: 0 }, // 3
        { role: 'tool_result', text: 'port: 9090' }, // 4
        { role: 'assistant', text: 'It uses port 8080, not 9090.', output: true }, // 5
      ),
    );
    const [kept, replaced] = checkTranscript(tree).outputs;
    assert.deepEqual(statuses(kept), { '8080': 'grounded' });
    assert.deepEqual(statuses(replaced), { '8080': 'unverified', '9090': 'grounded' });
    assert.equal(replaced.result.level, 'PARTIAL');
  });

  it('lets earlier assistant text ground an output only when echoes count', () => {
    const echo = build(
      lines(
        { role: 'user', text: 'Summarise the incident.' }, // 0
        { role: 'assistant', text: 'The outage began at 14:32 UTC on 2024-11-02.', output: true }, // 1
        { role: 'user', text: 'Repeat the date.' }, // 2
        { role: 'assistant', text: 'It was 2024-11-02.', output: true }, // 3
      ),
    );
    const strictCheck = checkTranscript(echo).outputs[1];
    assert.equal(entity(strictCheck, '2024-11-02').status, 'unverified');
    assert.deepEqual(strictCheck.contextIds, [0, 2]);
    const echoCheck = checkTranscript(echo, { echo: true }).outputs[1];
    assert.equal(entity(echoCheck, '2024-11-02').status, 'grounded');
    assert.deepEqual(
      entity(echoCheck, '2024-11-02').matches.map((m) => m.part),
      [1],
    );
    assert.deepEqual(echoCheck.contextIds, [0, 1, 2]);
  });

  it('never grounds an output in a grader-only field, even with echoes on', () => {
    const rag = build(
      lines(
        { role: 'user', text: 'How long is the warranty?', parent: -1 }, // 0
        { role: 'grader', text: 'The warranty lasts 24 months.', parent: 0 }, // 1
        { role: 'document', text: 'Warranty terms: https://shop.example.com/terms', parent: 1 }, // 2
        { role: 'assistant', text: 'The warranty lasts 24 months, see https://shop.example.com/terms.', output: true, parent: 2 }, // 3
      ),
    );
    const [row] = checkTranscript(rag, { echo: true }).outputs;
    assert.deepEqual(statuses(row), { '24 months': 'unverified', 'https://shop.example.com/terms': 'grounded' });
    assert.deepEqual(row.contextIds, [0, 2]);
  });

  it('turns unfound entities into indeterminate ones, with the reason visible, when context is missing', () => {
    const fileGap: ContextGap = { code: 'system-prompt-missing', message: 'The system prompt was not logged.', affects: 'all' };
    const turnGap: ContextGap = { code: 'attachment-missing', message: 'An attached PDF was not recorded.', affects: ['number'] };
    const gappy = build(
      lines(
        { role: 'user', text: 'What does the contract say?' },
        { role: 'assistant', text: 'It was signed on 2023-05-09.', output: true, gaps: [fileGap, turnGap] },
      ),
      [fileGap],
    );
    const [only] = checkTranscript(gappy).outputs;
    assert.equal(only.result.level, 'INDETERMINATE');
    assert.equal(entity(only, '2023-05-09').status, 'indeterminate');
    assert.equal(entity(only, '2023-05-09').found, false);
    assert.equal(only.result.explanation, 'Context is incomplete: The system prompt was not logged. 1 unfound entity could not be checked.');
  });

  it('reports raw ranges of entities and matches that sit behind JSON escapes', () => {
    // Written by hand so the file holds \u escapes, not just the ones JSON.stringify emits.
    const file =
      '{"role":"tool_result","text":"path:\\t\\"C:\\\\srv\\\\caf\\u00e9\\"\\nreleased 2024-01-05 as \\"d\\u00e9j\\u00e0 vu\\""}\n' +
      '{"role":"assistant","output":true,"text":"Caf\\u00e9 \\"d\\u00e9j\\u00e0 vu\\" line\\nreleased 2024-01-05; caf\\u00e9 2024-01-05"}\n';
    const escaped = build(file);
    assert.equal(escaped.segments[1].text, 'Café "déjà vu" line\nreleased 2024-01-05; café 2024-01-05');
    const [check] = checkTranscript(escaped).outputs;
    const quote = entity(check, '"déjà vu"');
    const [qs, qe] = entityRawRanges(escaped, 1, quote.span);
    assert.equal(file.slice(qs, qe), '\\"d\\u00e9j\\u00e0 vu\\"');
    const date = entity(check, '2024-01-05');
    assert.deepEqual(
      occurrenceRawRanges(escaped, 1, date).map(([a, b]) => file.slice(a, b)),
      ['2024-01-05', '2024-01-05'],
    );
    // Before the first date: three \u escapes (5 extra units each) and three 2-unit escapes; one more \u before the second.
    const textStart = file.indexOf('\n') + 1 + '{"role":"assistant","output":true,"text":"'.length;
    assert.deepEqual(
      occurrenceRawRanges(escaped, 1, date).map(([a]) => a - textStart),
      [date.occurrences[0][0] + 18, date.occurrences[1][0] + 23],
    );
    assert.equal(quote.status, 'grounded');
    assert.deepEqual(
      // The quote is looked up by its content, so the match is the words inside the escaped quotes.
      quote.matches.map((m) => [m.part, file.slice(...matchRawRange(escaped, m))]),
      [[0, 'd\\u00e9j\\u00e0 vu']],
    );
    assert.deepEqual(
      date.matches.map((m) => [m.part, file.slice(...matchRawRange(escaped, m))]),
      [[0, '2024-01-05']],
    );
  });

  it('re-checks one output against the existing index with the same result', () => {
    const whole = checkTranscript(chat);
    const again = checkOutput(whole.index, 7);
    assert.deepEqual(again.result, whole.outputs[1].result);
    assert.deepEqual(again.contextIds, [0, 1, 3, 5, 6]);
    assert.equal(whole.index, whole.index);
    assert.ok(whole.index instanceof TranscriptIndex);
    assert.throws(() => checkOutput(whole.index, 99), /no segment 99/);
  });

  it('checks an output next to a 5 MB base64 tool result', () => {
    const base64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ'.repeat(120_000);
    const big = build(
      lines(
        { role: 'user', text: 'What is in the screenshot?' },
        { role: 'tool_result', text: `data:image/png;base64,${base64}` },
        { role: 'assistant', text: 'The dialog shows order 55120 for $129.99.', output: true },
      ),
    );
    assert.ok(big.segments[1].text.length > 5_000_000);
    const [only] = checkTranscript(big).outputs;
    assert.equal(only.result.level, 'UNGROUNDED');
    assert.ok(only.result.entities.every((e) => e.status === 'unverified'));
  });

  it('reads and checks a Claude Code session holding a 5 MB base64 screenshot line', () => {
    const envelope = { sessionId: 's1', cwd: '/w', version: '2.0.14', isSidechain: false, timestamp: '2025-09-14T09:00:00Z' };
    const screenshot = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ'.repeat(115_000);
    const file =
      [
        {
          ...envelope,
          type: 'user',
          uuid: 'u1',
          parentUuid: null,
          message: {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: screenshot } },
              { type: 'text', text: 'The banner says order 55120 ships on 2025-10-02. When does it ship?' },
            ],
          },
        },
        {
          ...envelope,
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'Order 55120 ships on 2025-10-03.' }] },
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n') + '\n';
    assert.ok(file.indexOf('\n') > 5_000_000);
    const parsed = parseTranscript({ raw: file, path: '/w/session.jsonl' });
    assert.ok(!isNotTranscript(parsed));
    assert.equal(parsed.format, 'claude-code');
    const check = checkTranscript(parsed);
    assert.equal(check.outputs.length, 1);
    const [answer] = check.outputs;
    // Whether the unfound date is 'unverified' or 'indeterminate' is the parser's gap policy; found is not.
    assert.deepEqual(
      answer.result.entities.map((e) => [e.text, e.found]),
      [
        ['55120 ships', true],
        ['2025-10-03', false],
      ],
    );
    const date = entity(answer, '2025-10-03');
    const [s, e] = entityRawRanges(parsed, answer.segment, date.span);
    assert.equal(file.slice(s, e), '2025-10-03');
    const [ms, me] = matchRawRange(parsed, entity(answer, '55120 ships').matches[0]);
    assert.equal(file.slice(ms, me), '55120 ships');
  });

  it('leaves text below every output out of the index', () => {
    const tree = build(
      lines(
        { role: 'user', text: 'Which port?' }, // 0
        { role: 'tool_result', text: 'PORT=8080' }, // 1: abandoned by a rewind
        { role: 'user', text: 'Use config.yaml.', parent: 0 }, // 2
        { role: 'tool_result', text: 'port: 9090' }, // 3
        { role: 'assistant', text: 'It uses port 9090.', output: true }, // 4
        { role: 'tool_result', text: 'port: 7070' }, // 5: after the last output
      ),
    );
    const index = TranscriptIndex.build(tree);
    assert.deepEqual(
      tree.segments.map((s) => index.partOf(s.id)),
      [0, -1, 1, 2, -1, -1],
    );
    assert.equal(index.lookup.partCount, 3);
    assert.deepEqual(statuses(checkTranscript(tree).outputs[0]), { '9090': 'grounded' });
  });

  it('still finds context that sits later in the file than its output, as unordered trace spans do', () => {
    const spans = build(
      lines(
        { role: 'assistant', text: 'Shipping to Lima takes 4 days until 2025-12-01.', output: true, parent: 3 }, // 0: the model call, logged first
        { role: 'user', text: 'How long does shipping to Lima take?', parent: -1 }, // 1
        { role: 'tool_result', text: 'carrier note: 9 days to Quito', parent: -1 }, // 2: another trace
        { role: 'document', text: 'Lima: 4 days by courier until 2025-12-01.', parent: 1 }, // 3: retrieved before the call
      ),
    );
    const index = TranscriptIndex.build(spans);
    assert.deepEqual(
      spans.segments.map((s) => index.partOf(s.id)),
      [-1, 0, -1, 1],
    );
    assert.equal(index.beforeFor(0), 2);
    const [answer] = checkTranscript(spans).outputs;
    assert.deepEqual(statuses(answer), { '4 days': 'grounded', '2025-12-01': 'grounded' });
    assert.deepEqual(answer.contextIds, [1, 3]);
  });

  it('finds exactly what classifying each output against its concatenated context finds', () => {
    const session = generateClaudeSession({ targetSize: 400_000, outputs: 60, seed: 7 });
    const parsed = parseTranscript({ raw: session.raw });
    assert.ok(!isNotTranscript(parsed));
    for (const echo of [false, true]) {
      const check = checkTranscript(parsed, { echo });
      assert.equal(check.outputs.length, session.outputs);
      for (const o of check.outputs) {
        const context = contextOf(parsed, o.segment, { echo })
          .map((id) => check.index.facts.groundingText(id))
          .join('\n');
        const alone = classify({ output: parsed.segments[o.segment].text, context });
        assert.deepEqual(
          o.result.entities.map((e) => [e.text, e.found, e.matches.length]),
          alone.entities.map((e) => [e.text, e.found, e.matches.length]),
          `output segment ${o.segment}, echo ${echo}`,
        );
      }
    }
  });
});
