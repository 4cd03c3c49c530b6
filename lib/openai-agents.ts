/**
 * groundcheck as an OpenAI Agents SDK output guardrail: the agent's final
 * output is checked against what the run showed it (the agent's
 * instructions, tool results, messages in the run's items, and any passages
 * the caller adds), and the gate policy's `block` trips the guardrail's
 * wire. The findings are the guardrail's `outputInfo` either way.
 *
 * The SDK hands an output guardrail the items the run generated, not the
 * input it started with: a run whose answer rests on its input (a question
 * with retrieved documents in it) passes that input with `passages`. The SDK
 * is the user's own (a peer dependency); only its types are used here.
 */
import type { OutputGuardrail, OutputGuardrailFunctionArgs, TextOutput } from '@openai/agents';
import { contextChecker } from './checkOutput';
import { gatePolicy } from './gate';
import type { ContextInput, GateOptions, GateResult, Passage } from './types';

type GuardrailArgs = OutputGuardrailFunctionArgs<unknown, TextOutput>;

export interface GroundcheckGuardrailOptions extends GateOptions {
  /** The guardrail's name in the run's results and traces. Default `groundcheck`. */
  name?: string;
  /** More context the output may rest on: the run's input, retrieved documents (from `args.context.context`, say). */
  passages?: (args: GuardrailArgs) => ContextInput | Promise<ContextInput>;
}

/** The guardrail's `outputInfo`: the gate's answer. */
export type GroundcheckGuardrailInfo = GateResult;

export function groundcheckGuardrail(options: GroundcheckGuardrailOptions = {}): OutputGuardrail<TextOutput> {
  const { name = 'groundcheck', passages: more, block, ...check } = options;
  const judge = gatePolicy({ block });
  // Bad options fail when the guardrail is made, not at the first run.
  contextChecker('', check)('');
  return {
    name,
    execute: async (args) => {
      const extra = more ? await more(args) : [];
      const context = [...runPassages(args), ...(typeof extra === 'string' ? [{ id: 'passages', text: extra }] : extra)];
      const output = typeof args.agentOutput === 'string' ? args.agentOutput : JSON.stringify(args.agentOutput);
      const result = contextChecker(context, check)(output);
      const info: GroundcheckGuardrailInfo = {
        ...judge(result.findings),
        findings: result.findings,
        level: result.level,
        score: result.score,
        explanation: result.explanation,
      };
      return { tripwireTriggered: info.verdict === 'block', outputInfo: info };
    },
  };
}

type RunItem = NonNullable<NonNullable<GuardrailArgs['details']>['output']>[number];

/**
 * What the run showed the agent: its instructions when they are text, and
 * from the run's items, the tool results and the user's and system's
 * messages. The agent's own messages and tool-call arguments are not
 * context: a value it invented once is still invented when it repeats it.
 */
function runPassages(args: GuardrailArgs): Passage[] {
  const passages: Passage[] = [];
  const instructions = args.agent?.instructions;
  if (typeof instructions === 'string' && instructions !== '') passages.push({ id: 'instructions', text: instructions });
  for (const item of args.details?.output ?? []) {
    const text = itemText(item);
    if (text !== undefined) passages.push(text);
  }
  return passages;
}

function itemText(item: RunItem): Passage | undefined {
  if (item.type === 'function_call_result') {
    const text = resultText(item.output);
    return text === undefined ? undefined : { id: `${item.name} result ${item.callId}`, text };
  }
  if (item.type === 'message' && (item.role === 'user' || item.role === 'system')) {
    const content = item.content;
    const text = typeof content === 'string' ? content : content.flatMap((part) => (part.type === 'input_text' ? [part.text] : [])).join('\n');
    return text === '' ? undefined : { id: item.role, text };
  }
  return undefined;
}

type ResultOutput = Extract<RunItem, { type: 'function_call_result' }>['output'];

function resultText(output: ResultOutput): string | undefined {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const texts = output.flatMap((part) => (part.type === 'input_text' ? [part.text] : []));
    return texts.length === 0 ? undefined : texts.join('\n');
  }
  return output.type === 'text' ? output.text : undefined;
}
