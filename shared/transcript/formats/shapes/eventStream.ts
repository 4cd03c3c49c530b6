/**
 * Reads a streamed-response dump as a list of JSON events, whether saved as
 * Server-Sent Events (`event:` / `data: {…}` lines, `data: [DONE]`) or as
 * one event object per line. Each event keeps a region over its own JSON, so
 * strings inside it map to raw offsets like any JSON Lines value.
 */
import type { ParseError } from '../../model';
import { JsonRegion } from '../../json/jsonRegion';
import { type JsonLine, TOO_DEEP } from '../../json/jsonLines';
import { nestingExceededAt } from '../../json/jsonDepth';

const DATA = 'data:';

export function readEvents(raw: string, errors: ParseError[]): JsonLine[] {
  const events: JsonLine[] = [];
  let line = 0;
  let start = 0;
  while (start < raw.length) {
    let end = raw.indexOf('\n', start);
    const last = end === -1;
    if (last) end = raw.length;
    const lineEnd = end > start && raw.charCodeAt(end - 1) === 13 ? end - 1 : end;
    let jsonStart = start;
    if (raw.startsWith(DATA, start)) {
      jsonStart = start + DATA.length;
      if (raw.charCodeAt(jsonStart) === 32) jsonStart++;
    }
    const deep = raw.charCodeAt(jsonStart) === 123 ? nestingExceededAt(raw, jsonStart, lineEnd) : -1;
    if (deep !== -1) {
      errors.push({ message: `Line ${line + 1} ${TOO_DEEP}`, rawRange: [deep, deep + 1], line });
    } else if (raw.charCodeAt(jsonStart) === 123 /* { */) {
      const text = raw.slice(jsonStart, lineEnd);
      try {
        events.push({ line, start: jsonStart, end: lineEnd, value: JSON.parse(text), region: new JsonRegion(raw, jsonStart, lineEnd) });
      } catch {
        errors.push({
          message: last ? 'Incomplete last event: the stream may have been cut off.' : `Line ${line + 1} is not a valid JSON event.`,
          rawRange: [jsonStart, lineEnd],
          line,
        });
      }
    }
    if (last) break;
    start = end + 1;
    line++;
  }
  return events;
}
