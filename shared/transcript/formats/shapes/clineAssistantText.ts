/**
 * Splits a Cline assistant message into what it is made of. Cline's models
 * write tool calls as XML in plain text (`<read_file><path>…</path></read_file>`),
 * think in `<thinking>`, and answer in `<attempt_completion><result>`; only
 * the prose and the answers are claims to check, and tag names are protocol,
 * not identifiers.
 *
 * A hand-written scan, not a regex: each `<` is looked at once, and a
 * missing closing tag ends the scan, so the work stays linear in the text.
 */
import type { Role, ToolRef } from '../../model';

export interface TextPiece {
  start: number;
  end: number;
  role: Role;
  label: string;
  isOutput: boolean;
  /** Tool-call pieces: the tool and its parameters (`{path: 'src/a.ts', content: '…'}`). */
  tool?: ToolRef;
}

/**
 * Parameters of a tool that are answers to the user, not tool arguments:
 * children of the XML element, or fields of a native `tool_use` input.
 */
export const CLINE_ANSWER_PARAMETERS: Readonly<Record<string, string>> = {
  attempt_completion: 'result',
  ask_followup_question: 'question',
  plan_mode_respond: 'response',
};

const MAX_TAG = 64;

/** Cline's and Roo Code's tools that take arguments, whose call may be cut off before its closing tag. */
// biome-ignore format: a list of words or values reads best packed
const CLINE_TOOLS = new Set([
  'execute_command', 'read_file', 'write_to_file', 'replace_in_file', 'search_files', 'list_files',
  'list_code_definition_names', 'browser_action', 'use_mcp_tool', 'access_mcp_resource', 'new_task',
  'load_mcp_documentation', 'apply_diff', 'insert_content', 'search_and_replace', 'codebase_search',
]);

/** The notice Cline writes where it cut a reply off (`[Response interrupted by user feedback]`). */
export const CLINE_INTERRUPTION = '[Response interrupted by';

export function splitClineAssistantText(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let prose = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    // A tag right after a backtick is markup the reply quotes as inline code (`<small>…</small>`), not a call.
    const name = at > 0 && text.charCodeAt(at - 1) === 96 /* ` */ ? undefined : tagNameAt(text, at);
    const close = name ? text.indexOf(`</${name}>`, at + name.length + 2) : -1;
    if (!name) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    if (close === -1) {
      // A tool's call opened on a line of its own and never closed was cut off (the user interrupted it, or the reply
      // ended): what follows is its input, the file it writes or the command it runs, up to Cline's notice if any.
      if ((at === 0 || text.charCodeAt(at - 1) === 10) && CLINE_TOOLS.has(name)) {
        pushPiece(pieces, text, prose, at, { role: 'assistant', label: 'assistant', isOutput: true });
        const notice = text.indexOf(`\n${CLINE_INTERRUPTION}`, at);
        const end = notice === -1 ? text.length : notice + 1;
        const start = at + name.length + 2;
        pushPiece(pieces, text, start, end, {
          role: 'tool_call',
          label: `tool call (${name})`,
          isOutput: false,
          tool: { name, field: '', input: childElements(text, start, end) },
        });
        // The notice is the client's, not the model's: no claim (the export's reader marks it so too).
        pushPiece(pieces, text, end, text.length, { role: 'assistant', label: 'client notice', isOutput: false });
        prose = text.length;
      }
      break;
    }
    pushPiece(pieces, text, prose, at, { role: 'assistant', label: 'assistant', isOutput: true });
    const innerStart = at + name.length + 2;
    pushElement(pieces, text, name, innerStart, close);
    prose = close + name.length + 3;
    at = text.indexOf('<', prose);
  }
  pushPiece(pieces, text, prose, text.length, { role: 'assistant', label: 'assistant', isOutput: true });
  return pieces;
}

function pushElement(pieces: TextPiece[], text: string, name: string, start: number, end: number): void {
  if (name === 'thinking') {
    pushPiece(pieces, text, start, end, { role: 'reasoning', label: 'thinking', isOutput: false });
    return;
  }
  const answer = CLINE_ANSWER_PARAMETERS[name];
  const open = answer ? text.indexOf(`<${answer}>`, start) : -1;
  const close = open !== -1 && open < end ? text.indexOf(`</${answer}>`, open) : -1;
  if (answer && close !== -1 && close < end) {
    const innerStart = open + answer.length + 2;
    pushPiece(pieces, text, start, open, { role: 'tool_call', label: `tool call (${name})`, isOutput: false });
    pushPiece(pieces, text, innerStart, close, { role: 'assistant', label: `assistant (${name})`, isOutput: true });
    pushPiece(pieces, text, close + answer.length + 3, end, { role: 'tool_call', label: `tool call (${name})`, isOutput: false });
    return;
  }
  const tool: ToolRef = { name, field: '', input: childElements(text, start, end) };
  pushPiece(pieces, text, start, end, { role: 'tool_call', label: `tool call (${name})`, isOutput: false, tool });
}

/** Most parameters read from one tool element; Cline's tools take a handful. */
const MAX_PARAMS = 16;

/**
 * The parameters of a tool element, `<path>src/a.ts</path><content>…</content>`,
 * as a record. Each child is found once and its closing tag searched forward
 * from it, so the scan is linear in the element.
 */
function childElements(text: string, start: number, end: number): Record<string, string> {
  const params: Record<string, string> = {};
  let at = text.indexOf('<', start);
  let count = 0;
  while (at !== -1 && at < end && count < MAX_PARAMS) {
    const name = tagNameAt(text, at);
    const close = name ? text.indexOf(`</${name}>`, at + name.length + 2) : -1;
    if (!name || close === -1 || close > end) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    params[name] = text.slice(at + name.length + 2, close).replace(/^\n|\n$/g, '');
    count++;
    at = text.indexOf('<', close + name.length + 3);
  }
  return params;
}

/** Adds `[start, end)` trimmed of surrounding whitespace, if anything is left. */
function pushPiece(pieces: TextPiece[], text: string, start: number, end: number, kind: Omit<TextPiece, 'start' | 'end'>): void {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) pieces.push({ start, end, ...kind });
}

/** `name` when an opening tag `<name>` (lower-case letters, digits, `_`) starts at `at`. */
function tagNameAt(text: string, at: number): string | undefined {
  let i = at + 1;
  const limit = Math.min(text.length, at + 1 + MAX_TAG);
  while (i < limit && isTagChar(text.charCodeAt(i))) i++;
  if (i === at + 1 || text.charCodeAt(i) !== 62 /* > */) return undefined;
  return text.slice(at + 1, i);
}

function isTagChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
