import { strict as assert } from 'node:assert';
import { splitClineAssistantText } from '../../../../shared/transcript/formats/shapes/clineAssistantText';

function pieces(text: string): string[] {
  return splitClineAssistantText(text).map((p) => `${p.role}${p.isOutput ? '*' : ''} ${p.label}: ${text.slice(p.start, p.end)}`);
}

describe('Cline assistant text splitting', () => {
  it('separates prose, thinking, tool calls and the completion result', () => {
    assert.deepEqual(pieces('Checking.\n<thinking>Maybe 3.</thinking>\n<execute_command>\n<command>ls</command>\n</execute_command>\nDone.'), [
      'assistant* assistant: Checking.',
      'reasoning thinking: Maybe 3.',
      'tool_call tool call (execute_command): <command>ls</command>',
      'assistant* assistant: Done.',
    ]);
    assert.deepEqual(pieces('<attempt_completion>\n<result>\nIt is 42.\n</result>\n<command>open index.html</command>\n</attempt_completion>'), [
      'assistant* assistant (attempt_completion): It is 42.',
      'tool_call tool call (attempt_completion): <command>open index.html</command>',
    ]);
    assert.deepEqual(pieces('<ask_followup_question><question>Which branch, main or dev?</question></ask_followup_question>'), [
      'assistant* assistant (ask_followup_question): Which branch, main or dev?',
    ]);
  });

  it('keeps comparisons, unknown markup and unclosed tags as prose', () => {
    assert.deepEqual(pieces('a < b and x<y> z'), ['assistant* assistant: a < b and x<y> z']);
    assert.deepEqual(pieces('Start <read_file><path>a.ts</path> never closed'), ['assistant* assistant: Start <read_file><path>a.ts</path> never closed']);
    assert.deepEqual(pieces('The footer is `<small>Made by Ann</small>`; I will edit it.'), [
      'assistant* assistant: The footer is `<small>Made by Ann</small>`; I will edit it.',
    ]);
  });

  it('reads a tool call cut off before its closing tag, on a line of its own, as the call up to the interruption notice', () => {
    const text =
      'Creating the page.\n<write_to_file>\n<path>src/page.tsx</path>\n<content>\nconst [n, setN] = useState(0);\n\n[Response interrupted by user feedback]';
    assert.deepEqual(pieces(text), [
      'assistant* assistant: Creating the page.',
      'tool_call tool call (write_to_file): <path>src/page.tsx</path>\n<content>\nconst [n, setN] = useState(0);',
      'assistant client notice: [Response interrupted by user feedback]',
    ]);
    assert.equal((splitClineAssistantText(text)[1].tool?.input as Record<string, string> | undefined)?.path, 'src/page.tsx');
    // Cut off at the end of the reply, with no notice.
    assert.deepEqual(pieces('Running it.\n<execute_command>\n<command>npm test'), [
      'assistant* assistant: Running it.',
      'tool_call tool call (execute_command): <command>npm test',
    ]);
    // Not a tool's name, or not at a line's start: prose, as before.
    assert.deepEqual(pieces('Done.\n<summary>\nnever closed'), ['assistant* assistant: Done.\n<summary>\nnever closed']);
  });

  it('stays linear on long runs of opening brackets and unclosed tags', () => {
    const opens = '<'.repeat(200_000);
    assert.deepEqual(splitClineAssistantText(opens), [{ start: 0, end: 200_000, role: 'assistant', label: 'assistant', isOutput: true }]);
    const unclosed = '<a>'.repeat(100_000);
    assert.equal(splitClineAssistantText(unclosed).length, 1);
    const longName = `<${'a'.repeat(100_000)}>`;
    assert.equal(splitClineAssistantText(longName).length, 1);
  });
});
