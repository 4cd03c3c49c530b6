/**
 * Codex conversation exports in Markdown (`# Codex Conversation Export`):
 * a `## Metadata` list (thread id, working directory, model), then under
 * `## Transcript` one `### Turn N: …` heading per prompt and, inside it,
 * `#### 👤 User Prompt` (its text fenced), `#### 🤖 <model>` (the agent's
 * message as Markdown) and `#### Tool: <name>` entries, each opening with a
 * `- Time:` line. A tool entry holds its arguments (a `sh` fence with the
 * command, a `json` fence, or a list for `update_plan`), then `Output:` and
 * a fence long enough to hold the output verbatim, so a heading inside an
 * output stays the output's. The agent's own Markdown is not fenced by the
 * export, and a fence it leaves open must not swallow the entries after it,
 * so there only entry headings count. Reasoning and the instructions are not
 * exported.
 */
import type { FormatParser, OffsetMap, ParseInput, Transcript } from '../model';
import { ShiftMap } from '../offsets/offsetMaps';
import { ContextGaps } from './contextGaps';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { closesFence, fenceOpening } from './markdown/fences';
import { type ArgumentField, fenceAt, jsonArguments, nextNonBlank } from './markdown/fencedBlocks';
import { isBlank, lineText, rawLines, type RawLine, trimBlankLines, tooLongMessage } from './markdown/rawLines';
import { exitCodeInText } from './shapes/responsesItems';

const TITLE = '# Codex Conversation Export';

type Kind = 'user' | 'assistant' | 'tool' | 'frame';

interface Entry {
  kind: Kind;
  heading: RawLine;
  /** Tool entries: the tool's name. */
  name?: string;
  body: RawLine[];
}

/** The field a tool's `sh` fence is: the command Codex's shell tools take. */
const COMMAND_FIELD: Readonly<Record<string, string>> = { exec_command: 'cmd', shell: 'command', local_shell: 'command' };

export const codexExportFormat: FormatParser = {
  id: 'codex-export',
  label: 'Codex conversation export',
  containers: ['text'],
  sniff(head) {
    return head.trimStart().startsWith(TITLE) ? 0.95 : 0;
  },
  parse(input: ParseInput): Transcript {
    const raw = input.raw;
    const b = new InOrderTranscriptBuilder('codex-export', raw);
    b.addFileGap(ContextGaps.instructionsNotExported('The export omits the base instructions, AGENTS.md and tool schemas'));
    const lines = rawLines(raw, (line, length) => b.error(tooLongMessage(line, length), line.start, line.start + 1));
    let tip = -1;
    const counts = { user: 0, assistant: 0 };
    for (const entry of entriesOf(raw, lines)) {
      if (entry.kind === 'user') tip = addUser(b, raw, entry, tip, ++counts.user);
      else if (entry.kind === 'assistant') tip = addAssistant(b, raw, entry, tip, ++counts.assistant);
      else if (entry.kind === 'tool') tip = addTool(b, raw, entry, tip);
    }
    return b.finish();
  },
};

function kindOf(text: string): Pick<Entry, 'kind' | 'name'> | undefined {
  if (text.startsWith('#### 👤 User Prompt')) return { kind: 'user' };
  if (text.startsWith('#### 🤖 ')) return { kind: 'assistant' };
  if (text.startsWith('#### Tool: ')) {
    const name = text.slice('#### Tool: '.length).trim();
    return name ? { kind: 'tool', name } : undefined;
  }
  // The export's own headings: the session's metadata, the transcript, each turn.
  if (text.startsWith('### Turn ') || text === '## Transcript' || text === '## Metadata' || text === TITLE) return { kind: 'frame' };
  return undefined;
}

/**
 * The file's entries. Fences count only in entries the export fenced
 * itself (prompts, tool arguments and output): in the agent's Markdown an
 * unclosed fence is the agent's, and the next heading still opens an entry.
 */
function entriesOf(raw: string, lines: readonly RawLine[]): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | undefined;
  let fence: ReturnType<typeof fenceOpening>;
  for (const line of lines) {
    const text = lineText(raw, line);
    const heading = fence ? undefined : kindOf(text.trimEnd());
    if (heading) {
      current = { ...heading, heading: line, body: [] };
      entries.push(current);
      continue;
    }
    if (!current) continue;
    current.body.push(line);
    if (current.kind === 'assistant' || current.kind === 'frame') continue;
    if (fence) {
      if (closesFence(text, fence)) fence = undefined;
    } else fence = fenceOpening(text);
  }
  return entries;
}

/** The body after its `- Time:` line. */
function afterTime(raw: string, body: readonly RawLine[]): RawLine[] {
  const at = nextNonBlank(raw, body, 0);
  if (at === undefined) return [];
  return lineText(raw, body[at]).startsWith('- Time:') ? body.slice(at + 1) : body.slice(at);
}

function slice(raw: string, lines: readonly RawLine[]): { text: string; map: OffsetMap } | undefined {
  const kept = trimBlankLines(raw, [...lines]);
  if (kept.length === 0) return undefined;
  const from = kept[0].start;
  return { text: raw.slice(from, kept[kept.length - 1].end), map: new ShiftMap(from) };
}

function addUser(b: InOrderTranscriptBuilder, raw: string, entry: Entry, tip: number, n: number): number {
  const body = afterTime(raw, entry.body);
  const f = fenceAt(raw, body, 0);
  // The prompt is the fence's content when the fence is all there is.
  const whole = f && nextNonBlank(raw, body, f.after) === undefined;
  const s = whole ? slice(raw, f.content) : slice(raw, body);
  return s ? b.add({ role: 'user', ...s, parent: tip, label: `user ${n}` }) : tip;
}

function addAssistant(b: InOrderTranscriptBuilder, raw: string, entry: Entry, tip: number, n: number): number {
  const s = slice(raw, afterTime(raw, entry.body));
  return s ? b.add({ role: 'assistant', ...s, parent: tip, isOutput: true, label: `assistant ${n}` }) : tip;
}

function addTool(b: InOrderTranscriptBuilder, raw: string, entry: Entry, tip: number): number {
  const name = entry.name!;
  const callId = `${entry.heading.start}`;
  const body = entry.body;
  const outputAt = outputLine(raw, body);
  const argLines = body.slice(0, outputAt ?? body.length);
  let input: Record<string, unknown> = {};
  let fields: ArgumentField[] = [];
  const f = fenceAt(raw, argLines, 0);
  if (f && f.info === 'json') {
    const args = jsonArguments(raw, f.content);
    if (args) ({ input, fields } = args);
  }
  if (fields.length === 0 && Object.keys(input).length === 0) {
    const s = f ? slice(raw, f.content) : slice(raw, argLines);
    if (s) {
      const field = f && f.info !== 'json' ? (COMMAND_FIELD[name] ?? 'input') : 'arguments';
      fields = [{ ...s, field }];
      input = { [field]: s.text };
    }
  }
  if (fields.length === 0) {
    // Arguments that hold no text (`{}`, numbers only) still anchor the result: the call is its name.
    const at = entry.heading.start + '#### Tool: '.length;
    fields = [{ text: name, map: new ShiftMap(at), field: 'name' }];
  }
  for (const field of fields) {
    tip = b.add({
      role: 'tool_call',
      text: field.text,
      map: field.map,
      parent: tip,
      label: `tool call (${name})`,
      tool: { name, callId, input, field: field.field },
    });
  }
  if (outputAt === undefined) return tip;
  const out = fenceAt(raw, body, outputAt + 1);
  const s = out ? slice(raw, out.content) : slice(raw, body.slice(outputAt + 1));
  if (!s) return tip;
  const exit = exitCodeInText(s.text);
  const failed = exit !== undefined && exit !== 0;
  return b.add({ role: 'tool_result', ...s, parent: tip, label: `tool result (${name})`, tool: { name, callId, ...(failed ? { failed: true } : {}) } });
}

/** The `Output:` line that ends a tool's arguments, outside their fence. */
function outputLine(raw: string, body: readonly RawLine[]): number | undefined {
  let fence: ReturnType<typeof fenceOpening>;
  for (let i = 0; i < body.length; i++) {
    const text = lineText(raw, body[i]);
    if (fence) {
      if (closesFence(text, fence)) fence = undefined;
      continue;
    }
    if (text.trimEnd() === 'Output:') return i;
    if (!isBlank(raw, body[i])) fence = fenceOpening(text);
  }
  return undefined;
}
