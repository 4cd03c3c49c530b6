/**
 * `codex exec --json` event streams: `thread.started`, `item.completed`
 * events carrying agent messages, reasoning, commands and their output,
 * `turn.completed`. The prompt is not part of the stream, so every output's
 * context is known to be incomplete.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { readJsonLines } from '../json/jsonLines';
import { ContextGaps } from './contextGaps';
import { lineSource } from './shapes/jsonSources';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { emitStringLeaves } from './shapes/stringLeaves';
import { FileOrderTranscriptBuilder, type JsonSource } from './shapes/fileOrderTranscriptBuilder';

export const codexExecFormat: FormatParser = {
  id: 'codex-exec',
  label: 'codex exec --json stream',
  containers: ['json'],
  sniff(head: string): number {
    if (head.includes('"type":"thread.started"')) return 0.95;
    if (head.includes('"type":"item.completed"') && head.includes('"item"')) return 0.85;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new FileOrderTranscriptBuilder();
    b.addFileGap(ContextGaps.codexExecPrompt);
    let tail = -1;
    const lines = readJsonLines(input.raw, errors);
    input.onJsonLines?.(lines, 'codex-exec', errors);
    for (const line of lines) {
      const v = obj(line.value);
      // Started/updated events repeat what the completed event holds in full.
      if (!v || v.type !== 'item.completed') continue;
      const item = obj(v.item);
      if (item) tail = emitItem(b, lineSource(line), item, tail);
    }
    return b.build('codex-exec', errors);
  },
};

function emitItem(b: FileOrderTranscriptBuilder, src: JsonSource, item: JsonObject, tail: number): number {
  // Early releases named the field `item_type` and the answer `assistant_message`.
  const typeKey = typeof item.type === 'string' ? 'type' : 'item_type';
  const at = (key: string) => ['item', key];
  switch (str(item[typeKey])) {
    case 'agent_message':
    case 'assistant_message':
      return typeof item.text === 'string'
        ? b.addString(src, at('text'), item.text, { role: 'assistant', parent: tail, isOutput: true, label: 'agent message' })
        : tail;
    case 'reasoning':
      return typeof item.text === 'string' ? b.addString(src, at('text'), item.text, { role: 'reasoning', parent: tail, label: 'reasoning' }) : tail;
    case 'command_execution': {
      let next = tail;
      const callId = str(item.id);
      const tool = { name: 'command', ...(callId ? { callId } : {}) };
      if (typeof item.command === 'string') {
        next = b.addString(src, at('command'), item.command, {
          role: 'tool_call',
          parent: next,
          label: 'tool call (command)',
          tool: { ...tool, field: 'command', input: { command: item.command } },
        });
      }
      if (typeof item.aggregated_output === 'string') {
        const failed = typeof item.exit_code === 'number' && item.exit_code !== 0;
        const label = `tool result (command)${failed ? ' error' : ''}`;
        next = b.addString(src, at('aggregated_output'), item.aggregated_output, {
          role: 'tool_result',
          parent: next,
          label,
          tool: failed ? { ...tool, failed } : tool,
        });
      }
      return next;
    }
    case 'file_change':
      // A completed file change is the record of an applied edit: no separate result follows.
      return emitStringLeaves(b, src, item.changes, at('changes'), {
        role: 'tool_call',
        parent: tail,
        label: 'file change',
        tool: { name: 'file_change', input: item.changes },
      });
    case 'mcp_tool_call':
      return emitMcpCall(b, src, item, tail);
    case 'web_search': {
      const next =
        typeof item.query === 'string' ? b.addString(src, at('query'), item.query, { role: 'tool_call', parent: tail, label: 'web search query' }) : tail;
      return b.addGapMarker(src, ['item'], ContextGaps.searchResultsNotIncluded, {
        role: 'tool_result',
        parent: next,
        label: 'web search results (not included)',
      });
    }
    case 'todo_list':
      return emitStringLeaves(b, src, item.items, at('items'), { role: 'tool_call', parent: tail, label: 'plan' });
    default:
      return tail;
  }
}

function emitMcpCall(b: FileOrderTranscriptBuilder, src: JsonSource, item: JsonObject, tail: number): number {
  const name = `${str(item.server) ?? 'mcp'}.${str(item.tool) ?? 'tool'}`;
  let next = emitStringLeaves(b, src, item.arguments, ['item', 'arguments'], { role: 'tool_call', parent: tail, label: `tool call (${name})` });
  const content = arr(obj(item.result)?.content);
  for (let i = 0; i < content.length; i++) {
    const text = str(obj(content[i])?.text);
    if (text !== undefined)
      next = b.addString(src, ['item', 'result', 'content', i, 'text'], text, { role: 'tool_result', parent: next, label: `tool result (${name})` });
  }
  return next;
}
