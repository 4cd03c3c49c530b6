/**
 * Recognises streamed responses (SSE `data:` lines, chunk objects, delta
 * events). One message is spread over many deltas there, so it has no single
 * raw range; until fragments are mapped one by one, such files are named and
 * refused rather than misread as a conversation.
 */
import type { ParseError } from '../../model';
import { hasAnyPair, hasPair } from './headMarkers';

const EVENT_TYPES = ['content_block_delta', 'message_start', 'response.output_text.delta', 'response.created'];

export function looksLikeStreamingDump(head: string): boolean {
  if (head.startsWith('data: ') || head.startsWith('event: ')) return true;
  return hasPair(head, 'object', 'chat.completion.chunk') || hasAnyPair(head, 'type', EVENT_TYPES);
}

export function streamingDumpError(raw: string): ParseError {
  const end = raw.indexOf('\n');
  return {
    message: 'This looks like a streamed response (SSE or delta chunks); streaming dumps are not supported yet.',
    rawRange: [0, end === -1 ? raw.length : end],
    line: 0,
  };
}
