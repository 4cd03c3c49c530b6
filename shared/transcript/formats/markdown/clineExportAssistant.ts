/**
 * One assistant block of a Cline "export task" Markdown file, cut into
 * pieces the way the task history's assistant message is: prose (checked),
 * `<thinking>` (reasoning), tool calls written as XML (model-written input,
 * never claims) and the answer parameter of `attempt_completion` and its kin
 * (checked). A call made through native tool use is exported as a
 * `[Tool Use: name]` line and `Key: value` lines, read as that call. The
 * fence Cline's models often open around a call (```` ```tool ````), and
 * the notice Cline appends when it cuts a reply at its first call
 * (`[Response interrupted by a tool use result…]`), are neither the reply
 * nor the call.
 */
import { CLINE_ANSWER_PARAMETERS, CLINE_INTERRUPTION, splitClineAssistantText, type TextPiece } from '../shapes/clineAssistantText';

const NATIVE_CALL = '[Tool Use: ';

/** Pieces of `text` (offsets into it), in order. */
export function splitClineExportAssistant(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const call of nativeCalls(text)) {
    addShifted(pieces, splitClineAssistantText(text.slice(at, call.start)), at);
    addShifted(pieces, nativeCallPieces(text, call.start, call.end), 0);
    at = call.end;
  }
  addShifted(pieces, splitClineAssistantText(text.slice(at)), at);
  return tidy(text, pieces);
}

/** One at a time: a reply of many calls gives more pieces than a spread may pass as arguments. */
function addShifted(into: TextPiece[], pieces: readonly TextPiece[], by: number): void {
  for (const p of pieces) into.push(by === 0 ? p : { ...p, start: p.start + by, end: p.end + by });
}

/** `[Tool Use: name]` lines: each call runs to the next one or to the end of the block. */
function nativeCalls(text: string): { start: number; end: number }[] {
  const starts: number[] = [];
  for (let i = text.indexOf(NATIVE_CALL); i !== -1; i = text.indexOf(NATIVE_CALL, i + NATIVE_CALL.length)) {
    if (i === 0 || text.charCodeAt(i - 1) === 10) starts.push(i);
  }
  return starts.map((start, k) => ({ start, end: k + 1 < starts.length ? starts[k + 1] : text.length }));
}

/** `[Tool Use: name]` then `Key: value` lines; an answer tool's answer parameter is the reply. */
function nativeCallPieces(text: string, start: number, end: number): TextPiece[] {
  const lineEnd = text.indexOf('\n', start);
  const header = text.slice(start + NATIVE_CALL.length, lineEnd === -1 || lineEnd > end ? end : lineEnd);
  const name = header.endsWith(']') ? header.slice(0, -1) : header;
  const body = lineEnd === -1 || lineEnd > end ? end : lineEnd + 1;
  const label = `tool call (${name})`;
  const answer = CLINE_ANSWER_PARAMETERS[name];
  // The export capitalises each key: `result` → `Result: …`.
  const key = answer ? `${answer.charAt(0).toUpperCase()}${answer.slice(1)}: ` : undefined;
  const keyAt = key ? lineStartOf(text, key, body, end) : -1;
  const tool = { name, field: '', input: text.slice(body, end) };
  if (keyAt === -1) return trimmed(text, [{ start: body, end, role: 'tool_call', label, isOutput: false, tool }]);
  return trimmed(text, [
    { start: body, end: keyAt, role: 'tool_call', label, isOutput: false },
    { start: keyAt + key!.length, end, role: 'assistant', label: `assistant (${name})`, isOutput: true },
  ]);
}

/** Where `needle` starts a line in `[from, to)`, looking only there: a search of the whole text per call would be quadratic. */
function lineStartOf(text: string, needle: string, from: number, to: number): number {
  const within = text.slice(from, to);
  for (let i = within.indexOf(needle); i !== -1; i = within.indexOf(needle, i + 1)) {
    if (i === 0 || within.charCodeAt(i - 1) === 10) return from + i;
  }
  return -1;
}

/**
 * Takes fence lines off the edges of prose that meets a call or an answer
 * (the fence the model opened around it), makes Cline's interruption notice
 * a notice, and drops what is left empty.
 */
function tidy(text: string, pieces: TextPiece[]): TextPiece[] {
  const out: TextPiece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (p.role !== 'assistant' || p.label !== 'assistant') {
      out.push(p);
      continue;
    }
    let { start, end } = p;
    if (i + 1 < pieces.length) end = dropLastFenceLine(text, start, end);
    if (i > 0) start = dropFirstFenceLine(text, start, end);
    const kept = trimmed(text, [{ ...p, start, end }]);
    for (const k of kept) out.push(text.startsWith(CLINE_INTERRUPTION, k.start) ? { ...k, label: 'client notice', isOutput: false } : k);
  }
  return out;
}

function dropLastFenceLine(text: string, start: number, end: number): number {
  // Back to the line's start, not past the piece's: a scan that went on would make many pieces on one line quadratic.
  let lineStart = end;
  while (lineStart > start && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  return isFenceLine(text.slice(lineStart, end)) ? lineStart : end;
}

function dropFirstFenceLine(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  const lineEnd = nl === -1 || nl > end ? end : nl;
  return isFenceLine(text.slice(start, lineEnd)) ? lineEnd : start;
}

function isFenceLine(line: string): boolean {
  const t = line.trim();
  return t.startsWith('```') && !t.slice(3).includes('`');
}

/** Pieces without surrounding whitespace; empty ones dropped. */
function trimmed(text: string, pieces: TextPiece[]): TextPiece[] {
  const out: TextPiece[] = [];
  for (const p of pieces) {
    let { start, end } = p;
    while (start < end && isSpace(text.charCodeAt(start))) start++;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
    if (end > start) out.push({ ...p, start, end });
  }
  return out;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
