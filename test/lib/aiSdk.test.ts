/**
 * The AI SDK middleware inside the AI SDK itself: `generateText` and
 * `streamText` over `wrapLanguageModel`, with the SDK's own mock model
 * answering. The generated text is checked against the call's messages,
 * tool results and documents; a flag rides on the result's provider
 * metadata, a block stops it, and a stream is checked (and held back)
 * sentence by sentence.
 */
import { strict as assert } from 'node:assert';
import { generateText, type ModelMessage, simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type GeneratedTextCheck, GroundcheckBlockedError, groundcheckMiddleware } from '../../lib/ai-sdk';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};
const STOP = { unified: 'stop' as const, raw: 'stop' };

/** A conversation where the figures come from a tool result and a document, not from the user. */
const MESSAGES: ModelMessage[] = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'How did the third quarter go?' },
      { type: 'file', data: new TextEncoder().encode('Q3 board memo: 47 customers signed.'), mediaType: 'text/plain', filename: 'memo.txt' },
    ],
  },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'finance', input: { quarter: 'Q3' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'finance', output: { type: 'text', value: 'Q3 revenue was $4.3M.' } }] },
];

function generating(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({ doGenerate: { content: [{ type: 'text', text }], finishReason: STOP, usage: USAGE, warnings: [] } });
}

function streaming(deltas: string[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
          { type: 'text-end', id: 't1' },
          { type: 'finish', finishReason: STOP, usage: USAGE },
        ],
      }),
    },
  });
}

interface Summary {
  verdict: string;
  findings: Array<{ value: string; verdict: string; evidence: Array<{ id: string; text: string }> }>;
}

/** What the middleware put in a result's provider metadata. */
function summaryOf(metadata: Record<string, unknown> | undefined): Summary {
  assert.ok(metadata?.groundcheck, 'the result carries groundcheck metadata');
  return metadata.groundcheck as Summary;
}

describe('AI SDK middleware', () => {
  it('generateText: flags what the messages, tool results and documents do not back, in the provider metadata', async () => {
    const checks: GeneratedTextCheck[] = [];
    const model = wrapLanguageModel({
      model: generating('Q3 revenue was $4.2M from 47 customers.'),
      middleware: groundcheckMiddleware({ onCheck: (c) => checks.push(c) }),
    });
    const result = await generateText({ model, messages: MESSAGES });
    assert.equal(result.text, 'Q3 revenue was $4.2M from 47 customers.');
    const summary = summaryOf(result.providerMetadata);
    assert.equal(summary.verdict, 'flag');
    assert.deepEqual(
      summary.findings.map((f) => [f.value, f.verdict, f.evidence.map((e) => [e.id, e.text])]),
      [['$4.2M', 'contradicted', [['finance result call_1', '$4.3M']]]],
    );
    // 47 customers is grounded by the attached document.
    const customers = checks[0].findings.find((f) => f.value.startsWith('47'));
    assert.equal(customers, undefined);
    assert.equal(checks.length, 1);
  });

  it('generateText: passes a grounded answer, and blocks by policy with the findings that did it', async () => {
    const middleware = groundcheckMiddleware({ block: { verdicts: ['contradicted'] } });
    const clean = await generateText({ model: wrapLanguageModel({ model: generating('Q3 revenue was $4.3M.'), middleware }), messages: MESSAGES });
    assert.equal(summaryOf(clean.providerMetadata).verdict, 'pass');
    await assert.rejects(
      generateText({ model: wrapLanguageModel({ model: generating('Q3 revenue was $4.2M.'), middleware }), messages: MESSAGES, maxRetries: 0 }),
      (err: unknown) =>
        err instanceof GroundcheckBlockedError && err.check.blocking[0].value === '$4.2M' && /contradicts the context, which says '\$4\.3M'/.test(err.message),
    );
  });

  it('streamText: checks each sentence as it completes, and lets a flagged one through', async () => {
    const checks: GeneratedTextCheck[] = [];
    const model = wrapLanguageModel({
      model: streaming(['We signed 47 cus', 'tomers. Q3 revenue was $4.', '2M. That is ', 'all.']),
      middleware: groundcheckMiddleware({ onCheck: (c) => checks.push(c) }),
    });
    const result = streamText({ model, messages: MESSAGES });
    assert.equal(await result.text, 'We signed 47 customers. Q3 revenue was $4.2M. That is all.');
    assert.deepEqual(
      checks.map((c) => [c.text.slice(c.judged.start, c.judged.end), c.verdict]),
      [
        ['We signed 47 customers. ', 'pass'],
        ['Q3 revenue was $4.2M. ', 'flag'],
        ['That is all.', 'pass'],
      ],
    );
    assert.equal(summaryOf(await result.providerMetadata).verdict, 'flag');
  });

  it('streamText: far into a long answer, a finding still names its characters in the text', async () => {
    const checks: GeneratedTextCheck[] = [];
    const lead = 'We signed 47 customers in Q3. '.repeat(60);
    const model = wrapLanguageModel({
      model: streaming([lead, 'Q3 revenue was $4.2M. ', 'Done.']),
      middleware: groundcheckMiddleware({ onCheck: (c) => checks.push(c) }),
    });
    const result = streamText({ model, messages: MESSAGES });
    assert.equal(await result.text, `${lead}Q3 revenue was $4.2M. Done.`);
    const flagged = checks.filter((c) => c.verdict === 'flag');
    assert.equal(flagged.length, 1);
    const [finding] = flagged[0].findings;
    assert.equal(finding.span.start, lead.length + 'Q3 revenue was '.length);
    assert.equal(flagged[0].text.slice(finding.span.start, finding.span.end), '$4.2M');
    assert.equal(checks.length, 62);
  });

  it('streamText: a blocked sentence never reaches the caller; the stream ends as content-filtered', async () => {
    const model = wrapLanguageModel({
      model: streaming(['We signed 47 customers. ', 'Q3 revenue was $4.2M. ', 'More to come.']),
      middleware: groundcheckMiddleware({ block: { verdicts: ['contradicted'] } }),
    });
    const errors: unknown[] = [];
    const result = streamText({ model, messages: MESSAGES, onError: ({ error }) => void errors.push(error) });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === 'text-delta') deltas.push(part.text);
    assert.deepEqual(deltas, ['We signed 47 customers. ']);
    assert.equal(await result.finishReason, 'content-filter');
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof GroundcheckBlockedError);
    assert.equal((errors[0] as GroundcheckBlockedError).check.blocking[0].value, '$4.2M');
  });

  it('refuses a policy it cannot follow when it is made', () => {
    assert.throws(() => groundcheckMiddleware({ block: { rules: ['nope'] } }), /unknown rule 'nope'/);
  });
});
