/**
 * The output guardrail inside the OpenAI Agents SDK's own runner: an agent
 * with a real function tool and a scripted model (the SDK's Model
 * interface, answering from a list), run with `run`. The final output is
 * checked against the tool's result; a block trips the wire and stops the
 * run with the findings, a flag lets it finish with them.
 */
import { strict as assert } from 'node:assert';
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  OutputGuardrailTripwireTriggered,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from '@openai/agents';
import { z } from 'zod';
import { type GroundcheckGuardrailInfo, groundcheckGuardrail } from '../../lib/openai-agents';

/** A model that calls the finance tool once, then answers `answer`. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly answer: string) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    if (this.requests.length === 1) {
      return {
        usage: new Usage(),
        output: [{ type: 'function_call', id: 'fc_1', callId: 'call_1', name: 'finance', arguments: '{"quarter":"Q3"}', status: 'completed' }],
      };
    }
    return {
      usage: new Usage(),
      output: [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: this.answer }] }],
    };
  }

  // biome-ignore lint/correctness/useYield: the runner streams only when asked; these runs do not
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not streamed in these tests');
  }
}

const finance = tool({
  name: 'finance',
  description: 'Quarterly figures',
  parameters: z.object({ quarter: z.string() }),
  execute: async () => 'Q3 revenue was $4.3M from 47 customers.',
});

function agent(answer: string, guardrail: ReturnType<typeof groundcheckGuardrail>): Agent {
  return new Agent({
    name: 'analyst',
    instructions: 'Answer from the finance tool.',
    model: new ScriptedModel(answer),
    tools: [finance],
    outputGuardrails: [guardrail],
  });
}

describe('OpenAI Agents SDK output guardrail', () => {
  before(() => setTracingDisabled(true));

  it('trips the wire on a value the tool result contradicts, with the finding and its evidence', async () => {
    const guardrail = groundcheckGuardrail({ block: { verdicts: ['contradicted'] } });
    await assert.rejects(run(agent('Q3 revenue was $4.2M.', guardrail), 'How was Q3?'), (err: unknown) => {
      assert.ok(err instanceof OutputGuardrailTripwireTriggered);
      const info = err.result.output.outputInfo as GroundcheckGuardrailInfo;
      assert.equal(info.verdict, 'block');
      assert.deepEqual(
        info.blocking.map((f) => [f.value, f.verdict, f.contextSays, f.evidence.map((e) => [e.id, e.text])]),
        [['$4.2M', 'contradicted', '$4.3M', [['finance result call_1', '$4.3M']]]],
      );
      return true;
    });
  });

  it('lets a grounded answer through, and a flagged one finish with its findings', async () => {
    const guardrail = groundcheckGuardrail({ block: { verdicts: ['contradicted'] } });
    const grounded = await run(agent('Q3 revenue was $4.3M from 47 customers.', guardrail), 'How was Q3?');
    assert.equal(grounded.finalOutput, 'Q3 revenue was $4.3M from 47 customers.');
    assert.equal((grounded.outputGuardrailResults[0].output.outputInfo as GroundcheckGuardrailInfo).verdict, 'pass');
    const flagged = await run(agent('Q3 revenue was $4.3M; churn fell to 2%.', groundcheckGuardrail()), 'How was Q3?');
    const info = flagged.outputGuardrailResults[0].output.outputInfo as GroundcheckGuardrailInfo;
    assert.equal(flagged.outputGuardrailResults[0].guardrail.name, 'groundcheck');
    assert.deepEqual([info.verdict, info.findings.map((f) => f.value)], ['flag', ['2%']]);
  });

  it('takes the context the SDK does not hand a guardrail (the run input) from passages', async () => {
    const guardrail = groundcheckGuardrail({ passages: ({ context }) => (context.context as { documents: string[] }).documents });
    const result = await run(agent('Q3 revenue was $4.3M; churn fell to 2%.', guardrail), 'How was Q3?', {
      context: { documents: ['Churn fell to 2% in Q3.'] },
    });
    assert.equal((result.outputGuardrailResults[0].output.outputInfo as GroundcheckGuardrailInfo).verdict, 'pass');
  });

  it('refuses a policy it cannot follow when it is made', () => {
    assert.throws(() => groundcheckGuardrail({ block: { verdicts: ['wrong' as never] } }), /unknown verdict 'wrong'/);
  });
});
