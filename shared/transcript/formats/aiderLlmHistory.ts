/**
 * Aider's `.aider.llm.history`: every request (`TO LLM <time>`) with its
 * full messages, system prompt, repo map and file contents included, and
 * every reply (`LLM RESPONSE <time>`). Message lines carry their role as a
 * prefix (`SYSTEM `, `USER `, `ASSISTANT `) and messages are separated by
 * `-------`. Each request and its reply form their own branch, since every
 * request resends the whole conversation.
 */
import type { FormatParser, OffsetMap, ParseInput, Role, Transcript } from '../model';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { joinPieces, lineText, rawLines, tooLongMessage } from './markdown/rawLines';

const REQUEST = 'TO LLM ';
const RESPONSE = 'LLM RESPONSE ';
const PREFIX_ROLES: Array<[prefix: string, role: Role]> = [
  ['SYSTEM', 'system'],
  ['USER', 'user'],
  ['ASSISTANT', 'assistant'],
  ['TOOL', 'tool_result'],
];

export const aiderLlmHistoryFormat: FormatParser = {
  id: 'aider-llm-history',
  label: 'Aider LLM history',
  containers: ['text'],
  sniff(head, path) {
    const opens = head.startsWith(REQUEST) || head.includes('\n' + REQUEST);
    if (opens && (head.includes('\nSYSTEM ') || head.includes('\nUSER '))) return 0.9;
    return path?.endsWith('.aider.llm.history') ? 0.6 : 0;
  },
  parse(input: ParseInput): Transcript {
    const raw = input.raw;
    const b = new InOrderTranscriptBuilder('aider-llm-history', raw);
    let section: 'request' | 'response' | undefined;
    let call = 0;
    let tip = -1;
    let messageNo = 0;
    let message: { role: Role; pieces: Array<[number, number]> } | undefined;
    const flush = () => {
      if (message && message.pieces.length > 0) {
        const { text, map } = joinPieces(raw, message.pieces);
        tip = addMessage(b, text, map, message.role, section === 'response', tip, `${++messageNo}`, call);
      }
      message = undefined;
    };
    for (const line of rawLines(raw, (line, length) => b.error(tooLongMessage(line, length), line.start, line.start + 1))) {
      const text = lineText(raw, line);
      if (text.startsWith(REQUEST)) {
        flush();
        section = 'request';
        call++;
        messageNo = 0;
        tip = -1;
        continue;
      }
      if (text.startsWith(RESPONSE)) {
        flush();
        section = 'response';
        continue;
      }
      if (!section) continue;
      if (text === '-------') {
        flush();
        continue;
      }
      const prefixed = PREFIX_ROLES.find(([p]) => text === p || text.startsWith(p + ' '));
      if (!prefixed) {
        if (message && text !== '') message.pieces.push([line.start, line.end]);
        continue;
      }
      const [prefix, role] = prefixed;
      if (message && message.role !== role) flush();
      if (!message) message = { role, pieces: [] };
      message.pieces.push([Math.min(line.start + prefix.length + 1, line.end), line.end]);
    }
    flush();
    return b.finish();
  },
};

function addMessage(
  b: InOrderTranscriptBuilder,
  text: string,
  map: OffsetMap,
  role: Role,
  isReply: boolean,
  tip: number,
  messageNo: string,
  call: number,
): number {
  if (text.trim() === '') return tip;
  const label = isReply ? `reply (call ${call})` : `${role.replace('_', ' ')} ${messageNo} (call ${call})`;
  return b.add({ role, text, map, parent: tip, isOutput: isReply && role === 'assistant', label });
}
