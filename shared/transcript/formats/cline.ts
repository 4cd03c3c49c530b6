/**
 * Cline / Roo Code task histories (`tasks/<id>/api_conversation_history.json`):
 * an array of Anthropic messages where tool results come back as user text,
 * a `[tool for 'x'] Result:` block followed by the result, next to an
 * `<environment_details>` block. Labels say which is which; all of it was
 * shown to the model, so all of it grounds. Assistant text carries tool calls
 * as XML, or as native `tool_use` blocks; only its prose and final answers
 * (the answer parameter of `attempt_completion` and its kin, in either form)
 * are checked.
 */
import type { FormatParser, ParseInput, ToolRef, Transcript } from '../model';
import { parseAnthropicFile } from './anthropicMessages';
import type { UserTextClassifier } from './shapes/anthropicBlocks';
import { CLINE_ANSWER_PARAMETERS, splitClineAssistantText } from './shapes/clineAssistantText';

export const clineFormat: FormatParser = {
  id: 'cline',
  label: 'Cline task history',
  containers: ['json'],
  sniff(head: string): number {
    if (!head.trimStart().startsWith('[')) return 0;
    return head.includes('<environment_details>') || head.includes('"text":"<task>') ? 0.85 : 0;
  },
  parse(input: ParseInput): Transcript {
    return parseAnthropicFile(input.raw, 'cline', {
      newClassifier: clineUserText,
      splitAssistantText: splitClineAssistantText,
      answerFields: CLINE_ANSWER_PARAMETERS,
    });
  },
};

const RESULT_MARK = '] Result:';
/** Headers are short; looking further would scan file contents for nothing. */
const HEADER_WINDOW = 400;

/** A fresh classifier per conversation: a header names the tool of the block after it. */
export function clineUserText(): UserTextClassifier {
  let pendingTool: ToolRef | undefined;
  return (text) => {
    const header = toolResultHeader(text);
    if (header !== undefined) {
      const rest = text.slice(text.indexOf(RESULT_MARK) + RESULT_MARK.length).trim();
      const tool: ToolRef = {
        name: header.tool,
        ...(header.target !== undefined ? { target: header.target } : {}),
        ...(failedResult(rest) ? { failed: true } : {}),
      };
      pendingTool = rest === '' ? tool : undefined;
      return { role: 'tool_result', label: `tool result (${header.tool})`, tool };
    }
    if (pendingTool !== undefined) {
      const tool = failedResult(text) ? { ...pendingTool, failed: true } : pendingTool;
      pendingTool = undefined;
      return { role: 'tool_result', label: `tool result (${tool.name})`, tool };
    }
    if (text.startsWith('<environment_details>')) return { role: 'user', label: 'environment details' };
    return undefined;
  };
}

/** `[read_file for 'src/a.ts'] Result:` → tool `read_file`, target `src/a.ts`. */
function toolResultHeader(text: string): { tool: string; target?: string } | undefined {
  if (!text.startsWith('[')) return undefined;
  const mark = text.indexOf(RESULT_MARK);
  if (mark === -1 || mark > HEADER_WINDOW) return undefined;
  const inside = text.slice(1, mark);
  const space = inside.indexOf(' for ');
  if (space === -1) return { tool: inside };
  const target = inside.slice(space + 5);
  const quoted = target.length >= 2 && target.startsWith("'") && target.endsWith("'");
  return { tool: inside.slice(0, space), target: quoted ? target.slice(1, -1) : target };
}

/** Cline reports a failed tool with this opening (or an `<error>` element). */
function failedResult(text: string): boolean {
  const head = text.trimStart().slice(0, 120);
  return head.startsWith('The tool execution failed') || head.startsWith('<error>') || head.startsWith('Error');
}
