/**
 * Claude Code's `/export` text (saved as `.txt` or `.md`): the terminal as
 * it looked, after a banner (`╭─── Claude Code v2.1.68 ───╮` box or the
 * compact `▐▛███▜▌ Claude Code v2.1.72` logo). Each block opens at column 0:
 * `❯ ` (older versions `> `) a user prompt, `⏺ ` (some terminals `● `) the
 * agent's text or a tool call (`Bash(git status)`, `Update(src/a.ts)`,
 * `github - get_issue (MCP)(owner: …)`), `! ` a command the user ran, `✻ `
 * a status line; `  ⎿  ` under a block opens what came back, its lines
 * indented by five spaces. Text is hard-wrapped at the terminal's width, so
 * each line's indent is dropped and lines are joined piece by piece, every
 * character still mapping to its own in the file. The terminal folds long
 * output (`… +23 lines (ctrl+o to expand)`) and shows reads and searches as
 * one line (`Read 2 files (ctrl+o to expand)`): the agent saw what the
 * export left out, so every later output carries that gap.
 */
import type { ContextGap } from '../../classifier/types';
import type { FormatParser, OffsetMap, ParseInput, Transcript } from '../model';
import { ContextGaps } from './contextGaps';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { isBlank, joinPieces, lineText, rawLines, type RawLine, tooLongMessage } from './markdown/rawLines';

type Kind = 'user' | 'agent' | 'shell' | 'status';

/** A block: its opening line and the lines up to its first result, then each result's lines. */
interface Block {
  kind: Kind;
  /** The opening line and its continuation lines. */
  head: RawLine[];
  /** Each `⎿` result: its first line and its continuation lines. */
  results: RawLine[][];
}

/** Tools whose argument, as the export prints it, is the one input field a coding log records. */
const FIELD_OF_TOOL: Readonly<Record<string, string>> = {
  Bash: 'command',
  Read: 'file_path',
  Write: 'file_path',
  Update: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
  Grep: 'pattern',
  Glob: 'pattern',
  Search: 'pattern',
  WebFetch: 'url',
  Fetch: 'url',
};

/** `Bash(`, `Skill(superpowers:brainstorming)`, `github - get_issue (MCP)(`: a tool's name, then its arguments in parentheses. */
const CALL_OPENING = /^([A-Za-z][\w.:-]*(?: - [\w.:-]+ \(MCP\))?)\(/;
/** A tool the export shows with no arguments (`CronList`), known only by the result under it. */
const BARE_TOOL = /^[A-Z][A-Za-z]+$/;
/** The model a sub-agent's call names after its arguments: `) Haiku 4.5`, `) Sonnet 4.6`. */
const MODEL_SUFFIX = /(?<=\)) (?:Haiku|Sonnet|Opus)(?: \d+(?:\.\d+)*)?$/;
/** The terminal's fold marker on a summary line or a result (`(ctrl+o to expand)`, `(ctrl+o to see all)`, older `ctrl+r`). */
const FOLD_HINT = /\(ctrl\+[a-z] to (?:expand|see all)\)$/;

export const claudeCodeExportFormat: FormatParser = {
  id: 'claude-code-export',
  label: 'Claude Code /export transcript',
  containers: ['text'],
  sniff(head) {
    const first = firstLines(head, 3);
    if (first.includes('Claude Code v') && (first.trimStart().startsWith('╭') || first.includes('▐▛███▜▌'))) return 0.95;
    // A copy without its banner: the block markers alone, agent lines with a result under one.
    return /^[⏺●] /m.test(head) && /^ {2}⎿ /m.test(head) && /^(?:❯|>) \S/m.test(head) ? 0.6 : 0;
  },
  parse(input: ParseInput): Transcript {
    const raw = input.raw;
    const b = new InOrderTranscriptBuilder('claude-code-export', raw);
    b.addFileGap(ContextGaps.claudeSystemPrompt);
    const lines = rawLines(raw, (line, length) => b.error(tooLongMessage(line, length), line.start, line.start + 1));
    const reader = new ExportReader(b, raw);
    for (const block of blocksOf(raw, lines)) reader.read(block);
    return b.finish();
  },
};

/** The first `n` non-blank lines of the head, joined. */
function firstLines(head: string, n: number): string {
  const out: string[] = [];
  for (const line of head.slice(0, 4096).split('\n')) {
    if (line.trim() === '') continue;
    out.push(line);
    if (out.length === n) break;
  }
  return out.join('\n');
}

function kindOf(text: string): Kind | undefined {
  const c = text.charAt(0);
  const next = text.charAt(1);
  if (next !== ' ' && text.length > 1) return undefined;
  if (c === '❯' || c === '>') return 'user';
  if (c === '⏺' || c === '●') return 'agent';
  if (c === '!') return 'shell';
  if (c === '✻') return 'status';
  return undefined;
}

/** A result's first line: `  ⎿  ` (the second space is often a no-break space). */
function opensResult(text: string): boolean {
  return text.startsWith('  ⎿');
}

/**
 * The file's blocks in order. Lines before the first block are the banner;
 * a result line before any block (files the session reloaded after a
 * compaction) gets a block of its own with no head.
 */
function blocksOf(raw: string, lines: readonly RawLine[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  for (const line of lines) {
    const text = lineText(raw, line);
    const kind = kindOf(text);
    if (kind) {
      current = { kind, head: [line], results: [] };
      blocks.push(current);
    } else if (opensResult(text)) {
      if (!current) {
        current = { kind: 'status', head: [], results: [] };
        blocks.push(current);
      }
      current.results.push([line]);
    } else if (current) {
      const last = current.results[current.results.length - 1];
      (last ?? current.head).push(line);
    }
  }
  return blocks;
}

/** Where a line's text starts once up to `max` leading spaces (or no-break spaces, or tabs) after `from` are skipped. */
function contentStart(raw: string, line: RawLine, from: number, max: number): number {
  let at = Math.min(line.start + from, line.end);
  const limit = Math.min(at + max, line.end);
  while (at < limit) {
    const c = raw.charCodeAt(at);
    if (c !== 32 && c !== 0xa0 && c !== 9) break;
    at++;
  }
  return at;
}

/**
 * The text of a run of lines with each line's indent dropped: the first
 * after its marker (`first` characters), the rest up to `indent` spaces.
 * Blank lines at either end are dropped; inside they stay, as paragraph breaks.
 */
function piecesOf(raw: string, lines: readonly RawLine[], first: number, indent: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = lines.map((line, i) => {
    const start = i === 0 ? contentStart(raw, line, first, 2) : contentStart(raw, line, 0, indent);
    return [start, line.end];
  });
  let a = 0;
  let z = pieces.length;
  while (a < z && isBlankPiece(raw, pieces[a])) a++;
  while (z > a && isBlankPiece(raw, pieces[z - 1])) z--;
  return pieces.slice(a, z);
}

function isBlankPiece(raw: string, [from, to]: [number, number]): boolean {
  return isBlank(raw, { index: 0, start: from, end: to });
}

function textOf(raw: string, pieces: Array<[number, number]>): { text: string; map: OffsetMap } | undefined {
  return pieces.length === 0 ? undefined : joinPieces(raw, pieces);
}

/** Reads blocks in file order into segments on one branch, with the gaps met so far. */
class ExportReader {
  private tip = -1;
  /** What the export has left out so far: every later output lacks it. */
  private readonly gaps: ContextGap[] = [];
  private readonly counts = { user: 0, agent: 0, call: 0 };

  constructor(
    private readonly b: InOrderTranscriptBuilder,
    private readonly raw: string,
  ) {}

  read(block: Block): void {
    if (block.kind === 'user') this.readUser(block);
    else if (block.kind === 'agent') this.readAgent(block);
    else if (block.kind === 'shell') this.readShell(block);
    else this.readStatus(block);
  }

  private readUser(block: Block): void {
    const s = textOf(this.raw, piecesOf(this.raw, block.head, 2, 2));
    if (s) this.tip = this.b.add({ role: 'user', ...s, parent: this.tip, label: `user ${++this.counts.user}` });
    // What the prompt attached (`Read docs/a.md (1603 lines)` for an @-mention) or what the command printed.
    this.addResults(block, undefined, 'attachment');
  }

  private readShell(block: Block): void {
    const s = textOf(this.raw, piecesOf(this.raw, block.head, 2, 2));
    if (s) this.tip = this.b.add({ role: 'user', ...s, parent: this.tip, label: 'user command' });
    this.addResults(block, undefined, 'command output');
  }

  private readStatus(block: Block): void {
    const head = block.head[0];
    if (head && lineText(this.raw, head).includes('Conversation compacted')) this.gap(ContextGaps.compactedHistory);
    this.addResults(block, undefined, 'attachment');
  }

  private readAgent(block: Block): void {
    const raw = this.raw;
    const firstText = lineText(raw, block.head[0]);
    const body = firstText.slice(2).trimStart();
    const opening = CALL_OPENING.exec(body);
    const call = opening ? this.callArguments(block.head, opening[0].length) : undefined;
    if (opening && call) {
      this.addCall(block, opening[1], call);
      return;
    }
    const pieces = piecesOf(raw, block.head, 2, 2);
    const s = textOf(raw, pieces);
    if (!s) return;
    if (block.results.length > 0 && BARE_TOOL.test(s.text)) {
      this.addCall(block, s.text, s);
      return;
    }
    if (FOLD_HINT.test(s.text.trimEnd())) {
      // `Read 2 files (ctrl+o to expand)`: the reads happened, their text is not here.
      this.gap(ContextGaps.collapsedToolOutput);
      this.tip = this.b.add({ role: 'tool_call', ...s, parent: this.tip, label: 'tool use (collapsed)' });
      this.addResults(block, undefined, 'tool result');
      return;
    }
    this.tip = this.b.add({ role: 'assistant', ...s, parent: this.tip, isOutput: true, label: `assistant ${++this.counts.agent}`, gaps: this.gaps });
    // `User answered Claude's questions:` and the like: what came back to the agent.
    this.addResults(block, undefined, 'tool result');
  }

  /**
   * A call's arguments, `(` after the name to the `)` that ends its last
   * line, wrapped lines joined without their hanging indent; undefined when
   * the block does not end on `)` (prose that merely starts like a call).
   */
  private callArguments(head: readonly RawLine[], openingLength: number): { text: string; map: OffsetMap } | undefined {
    const raw = this.raw;
    const pieces: Array<[number, number]> = head.map((line, i) => {
      const start = i === 0 ? contentStart(raw, line, 2, 2) + openingLength : contentStart(raw, line, 0, Number.MAX_SAFE_INTEGER);
      return [start, i === head.length - 1 ? trimmedEnd(raw, line) : line.end];
    });
    // Blank lines after the call belong to no one; the `)` ends the last line with text.
    while (pieces.length > 1 && isBlankPiece(raw, pieces[pieces.length - 1])) pieces.pop();
    const last = pieces[pieces.length - 1];
    last[1] = trimmedEnd(raw, { index: 0, start: last[0], end: last[1] });
    // A sub-agent's call (`Explore(…) Haiku 4.5`) ends on the model it ran on.
    const model = MODEL_SUFFIX.exec(raw.slice(last[0], last[1]));
    if (model) last[1] -= model[0].length;
    if (last[1] <= last[0] || raw.charCodeAt(last[1] - 1) !== 41 /* ) */) return undefined;
    last[1]--;
    return joinPieces(raw, pieces);
  }

  private addCall(block: Block, name: string, args: { text: string; map: OffsetMap }): void {
    const field = FIELD_OF_TOOL[name] ?? 'arguments';
    const callId = `${block.head[0].start}`;
    const input = { [field]: args.text };
    this.counts.call++;
    if (args.text.length > 0) {
      this.tip = this.b.add({ role: 'tool_call', ...args, parent: this.tip, label: `tool call (${name})`, tool: { name, callId, input, field } });
    } else {
      // A call with no arguments still anchors its results: the call is its name.
      const start = contentStart(this.raw, block.head[0], 2, 2);
      this.tip = this.b.add({
        role: 'tool_call',
        text: name,
        map: joinPieces(this.raw, [[start, start + name.length]]).map,
        parent: this.tip,
        label: `tool call (${name})`,
        tool: { name, callId, input, field: 'name' },
      });
    }
    this.addResults(block, { name, callId }, `tool result (${name})`);
  }

  /** Each `⎿` result of the block, fold markers left out (and noted as a gap). */
  private addResults(block: Block, tool: { name: string; callId: string } | undefined, label: string): void {
    const raw = this.raw;
    for (const lines of block.results) {
      let pieces = piecesOf(raw, lines, 3, 5);
      const kept = pieces.filter((p) => !isFoldLine(raw.slice(p[0], p[1])));
      if (kept.length < pieces.length) {
        this.gap(ContextGaps.collapsedToolOutput);
        pieces = kept;
      }
      const s = textOf(raw, pieces);
      if (!s) continue;
      if (collapsesContent(s.text)) this.gap(ContextGaps.collapsedToolOutput);
      const failed = /^(?:Error|Cancelled|Interrupted)\b/.test(s.text);
      this.tip = this.b.add({
        role: 'tool_result',
        ...s,
        parent: this.tip,
        label,
        tool: tool ? { ...tool, ...(failed ? { failed: true } : {}) } : undefined,
      });
    }
  }

  private gap(gap: ContextGap): void {
    if (!this.gaps.some((g) => g.code === gap.code)) this.gaps.push(gap);
  }
}

/** `… +23 lines (ctrl+o to expand)`: the terminal folded the output here. */
function isFoldLine(text: string): boolean {
  const t = text.trim();
  return t.startsWith('… +') && FOLD_HINT.test(t);
}

/**
 * A result that stands for content the export does not hold: a file an
 * @-mention or a reload attached (`Read AGENTS.md (35 lines)`), a
 * sub-agent's report (`Done (12 tool uses · 40.1k tokens · 1m 3s)`), or a
 * summary line the terminal folded.
 */
function collapsesContent(text: string): boolean {
  const t = text.trimEnd();
  if (t.includes('\n')) return FOLD_HINT.test(t);
  return (t.startsWith('Read ') && / \(\d+ lines?\)$/.test(t)) || (t.startsWith('Done (') && t.includes(' tool use')) || FOLD_HINT.test(t);
}

function trimmedEnd(raw: string, line: RawLine): number {
  let e = line.end;
  while (e > line.start && (raw.charCodeAt(e - 1) === 32 || raw.charCodeAt(e - 1) === 9)) e--;
  return e;
}
