/**
 * Cline's "export task" Markdown (`cline_task_<date>.md`, Roo Code's
 * `roo_task_…`): the task history written out as `**User:**` and
 * `**Assistant:**` blocks, joined by `---` lines (files pasted one after
 * another may lack them). It holds what the JSON history holds: a user block
 * is the user's task or feedback, or a tool result (`[read_file for 'a.py']
 * Result:` then the result, or `[Tool]` for native tool use), followed by
 * the `<environment_details>` Cline sends each turn; all of it was shown to
 * the model and grounds. An assistant block is the reply: its prose and
 * final answers are checked, its XML tool calls and thinking are not
 * (markdown/clineExportAssistant.ts). A `<task>` block starts a new task,
 * which saw nothing of the one before.
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { ShiftMap } from '../offsets/offsetMaps';
import { clineUserText } from './cline';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { splitClineExportAssistant } from './markdown/clineExportAssistant';
import { isBlank, lineText, rawLines, type RawLine, tooLongMessage, trimBlankLines } from './markdown/rawLines';
import type { UserTextClassifier } from './shapes/anthropicBlocks';

const USER_LABEL = '**User:**';
const ASSISTANT_LABEL = '**Assistant:**';
const ENV_OPEN = '<environment_details>';
const ENV_CLOSE = '</environment_details>';

type Speaker = 'user' | 'assistant';

export const clineExportFormat: FormatParser = {
  id: 'cline-export',
  label: 'Cline task export',
  containers: ['text'],
  sniff(head) {
    if (firstLine(head) !== USER_LABEL) return 0;
    return hasLabelLine(head, ASSISTANT_LABEL) || head.includes('\n<task>') ? 0.9 : 0;
  },
  parse(input: ParseInput): Transcript {
    const raw = input.raw;
    const b = new InOrderTranscriptBuilder('cline-export', raw);
    const lines = rawLines(raw, (line, length) => b.error(tooLongMessage(line, length), line.start, line.start + 1));
    const reader = new TurnReader(b, raw);
    let turn: { speaker: Speaker; lines: RawLine[] } | undefined;
    for (let i = 0; i < lines.length; i++) {
      const speaker = labelAt(raw, lines, i);
      if (speaker) {
        if (turn) reader.add(turn.speaker, turn.lines);
        turn = { speaker, lines: [] };
      } else turn?.lines.push(lines[i]);
    }
    if (turn) reader.add(turn.speaker, turn.lines);
    return b.finish();
  },
};

function firstLine(head: string): string {
  const start = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  const nl = head.indexOf('\n', start);
  return head.slice(start, nl === -1 ? head.length : nl).trim();
}

function hasLabelLine(head: string, label: string): boolean {
  return head.includes(`\n${label}\n`) || head.includes(`\n${label}\r\n`);
}

/**
 * The speaker a label line opens a block for. Cline writes the label alone,
 * a blank line after it; asking for that blank line keeps a label quoted
 * inside a result (an export the agent read) from cutting the block there
 * in most files.
 */
function labelAt(raw: string, lines: RawLine[], i: number): Speaker | undefined {
  const text = lineText(raw, lines[i]).trim();
  const speaker = text === USER_LABEL ? 'user' : text === ASSISTANT_LABEL ? 'assistant' : undefined;
  if (!speaker) return undefined;
  return i + 1 >= lines.length || isBlank(raw, lines[i + 1]) ? speaker : undefined;
}

class TurnReader {
  private tip = -1;
  private classify: UserTextClassifier = clineUserText();
  private readonly counts = { user: 0, assistant: 0 };

  constructor(
    private readonly b: InOrderTranscriptBuilder,
    private readonly raw: string,
  ) {}

  add(speaker: Speaker, lines: RawLine[]): void {
    const kept = withoutSeparator(this.raw, lines);
    if (kept.length === 0) return;
    if (speaker === 'user') this.addUser(kept);
    else this.addAssistant(kept);
  }

  private addUser(lines: RawLine[]): void {
    const env = environmentDetailsAt(this.raw, lines);
    const before = lines.slice(0, env);
    const text = span(this.raw, before);
    if (text && text.text.startsWith('<task>')) {
      // A new task: the model saw nothing of the one before it.
      this.tip = -1;
      this.classify = clineUserText();
    }
    if (text) {
      const as = this.classify(text.text) ?? nativeResult(text.text) ?? { role: 'user' as const, label: `user ${++this.counts.user}` };
      this.tip = this.b.add({ ...as, ...text, parent: this.tip });
    }
    const details = span(this.raw, lines.slice(env));
    if (details) this.tip = this.b.add({ role: 'user', label: 'environment details', ...details, parent: this.tip });
  }

  private addAssistant(lines: RawLine[]): void {
    const block = span(this.raw, lines);
    if (!block) return;
    const from = block.map.toRaw(0);
    for (const piece of splitClineExportAssistant(block.text)) {
      const label = piece.label === 'assistant' ? `assistant ${++this.counts.assistant}` : piece.label;
      this.tip = this.b.add({
        role: piece.role,
        text: block.text.slice(piece.start, piece.end),
        map: new ShiftMap(from + piece.start),
        parent: this.tip,
        isOutput: piece.isOutput,
        label,
        ...(piece.tool ? { tool: piece.tool } : {}),
      });
    }
  }
}

/** The block's lines without the `---` that closes it and the blank lines around it. */
function withoutSeparator(raw: string, lines: RawLine[]): RawLine[] {
  let end = lines.length;
  while (end > 0 && isBlank(raw, lines[end - 1])) end--;
  if (end > 0 && lineText(raw, lines[end - 1]).trim() === '---') end--;
  return trimBlankLines(raw, lines.slice(0, end));
}

/**
 * Where the environment details start: Cline sends them as the message's
 * last block, so only an `<environment_details>` line whose closing line
 * ends the block counts (one inside a file the agent read does not).
 */
function environmentDetailsAt(raw: string, lines: RawLine[]): number {
  if (lines.length === 0 || lineText(raw, lines[lines.length - 1]).trim() !== ENV_CLOSE) return lines.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lineText(raw, lines[i]).trim() === ENV_OPEN) return i;
  }
  return lines.length;
}

/** Native tool use exports a result as `[Tool]` (or `[Tool (Error)]`) and its content. */
function nativeResult(text: string): ReturnType<UserTextClassifier> {
  const failed = text.startsWith('[Tool (Error)]');
  if (!failed && !text.startsWith('[Tool]')) return undefined;
  return { role: 'tool_result', label: 'tool result', tool: { name: 'tool', ...(failed ? { failed: true } : {}) } };
}

/** Lines as one verbatim text, blank lines at the ends left out. */
function span(raw: string, lines: RawLine[]): { text: string; map: ShiftMap } | undefined {
  const kept = trimBlankLines(raw, lines);
  if (kept.length === 0) return undefined;
  const from = kept[0].start;
  return { text: raw.slice(from, kept[kept.length - 1].end), map: new ShiftMap(from) };
}
