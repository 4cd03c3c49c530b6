/**
 * `claude -p --output-format stream-json` and Agent SDK message logs: an
 * `init` line (working directory, tool names), then `assistant`/`user` lines
 * carrying the same Anthropic `message` objects as a session log, then a
 * `result` line repeating the final answer. Sub-agent traffic is tagged with
 * `parent_tool_use_id` and kept on its own branch.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { eachJsonLine, type JsonLine } from '../json/jsonLines';
import { emitAnthropicContent, type AnthropicContext } from './shapes/anthropicBlocks';
import { ContextGaps } from './contextGaps';
import { hasPair } from './shapes/headMarkers';
import { lineSource } from './shapes/jsonSources';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { cleanClaudeToolResult } from './shapes/toolOutputText';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';

export const claudeStreamJsonFormat: FormatParser = {
  id: 'claude-stream',
  label: 'Claude stream-json',
  containers: ['json'],
  sniff(head: string): number {
    const firstLine = head.slice(0, head.indexOf('\n') === -1 ? head.length : head.indexOf('\n'));
    if (hasPair(firstLine, 'type', 'system') && hasPair(firstLine, 'subtype', 'init')) return 0.95;
    return head.includes('"parent_tool_use_id"') && head.includes('"session_id"') ? 0.85 : 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new FileOrderTranscriptBuilder();
    b.addFileGap(ContextGaps.claudeSystemPrompt);
    const toolNames = new Map<string, string>();
    /** Branch tails: '' is the main conversation, otherwise the Task call a sub-agent serves. */
    const tails = new Map<string, number>();
    let root = -1;
    let sawPrompt = false;
    let sawAnswer = false;
    // Line by line: each line's parsed value is let go once its segments are read.
    eachJsonLine(input.raw, errors, (line) => {
      const v = obj(line.value);
      if (!v) return;
      const type = str(v.type);
      if (type === 'system' && v.subtype === 'init' && b.segments.length === 0) {
        root = emitInit(b, line, v);
        return;
      }
      const message = obj(v.message);
      const branch = str(v.parent_tool_use_id) ?? '';
      const ctx: AnthropicContext = {
        b,
        src: lineSource(line),
        toolNames,
        cleanToolResult: cleanClaudeToolResult,
        labelPrefix: branch ? 'sub-agent ' : undefined,
      };
      const parent = tails.get(branch) ?? root;
      if ((type === 'user' || type === 'assistant') && message) {
        if (type === 'user' && !branch && !sawAnswer) sawPrompt ||= hasUserWords(message);
        if (type === 'assistant' && !branch) sawAnswer = true;
        tails.set(branch, emitAnthropicContent(ctx, message.content, ['message', 'content'], type, parent));
      } else if (type === 'result' && !sawAnswer && typeof v.result === 'string') {
        // The result repeats the last answer; it is the output only when no answer was logged.
        tails.set('', b.addString(ctx.src, ['result'], v.result, { role: 'assistant', parent, isOutput: true, label: 'result' }));
      }
    });
    if (!sawPrompt) b.addFileGap(ContextGaps.streamPrompt);
    return b.build('claude-stream', errors);
  },
};

/** Working directory and tool names: the parts of the system prompt the init line records. */
function emitInit(b: FileOrderTranscriptBuilder, line: JsonLine, v: JsonObject): number {
  const src = lineSource(line);
  let tail = -1;
  if (typeof v.cwd === 'string') tail = b.addString(src, ['cwd'], v.cwd, { role: 'system', parent: tail, label: 'system prompt: working directory' });
  const tools = arr(v.tools);
  for (let i = 0; i < tools.length; i++) {
    const name = str(tools[i]);
    if (name !== undefined) tail = b.addString(src, ['tools', i], name, { role: 'tool_definition', parent: tail, label: 'tool name' });
  }
  return tail;
}

/** A user message with words of its own, not only tool results. */
function hasUserWords(message: JsonObject): boolean {
  if (typeof message.content === 'string') return message.content.trim() !== '';
  return arr(message.content).some((block) => obj(block)?.type === 'text');
}
