/**
 * Claude Code session logs (`~/.claude/projects/<dir>/<session>.jsonl`).
 *
 * Lines form a tree through `uuid`/`parentUuid` (rewinds and edits start new
 * branches), one API response may be split over several lines sharing
 * `message.id`, and `isSidechain` lines are a sub-agent's own conversation.
 * The system prompt is never logged; the environment part of it that the
 * lines do record (working directory, branch, date) is kept as grounding.
 * Replies on branches the user rewound away from are labelled as such.
 * When the parse may look in the project's folders, the CLAUDE.md files at
 * the recorded working directory are read back from disk (instructionFiles.ts).
 */
import type { AllowedFolders } from '../../io/referenceReads';
import type { FormatParser, InstructionFiles, ParseError, ParseInput, Segment, Transcript } from '../model';
import { findInstructionFiles } from '../instructionFiles';
import { eachJsonLine, readJsonLines, type JsonLine } from '../json/jsonLines';
import { keepReader, ReadPosition, type AppendableReader, type AppendOutcome } from '../parseAppendedLines';
import { emitAnthropicBlock, emitAnthropicContent, type AnthropicContext } from './shapes/anthropicBlocks';
import { ContextGaps } from './contextGaps';
import { emitInstructionFiles, withInstructionNote } from './shapes/instructionSegments';
import { lineSource } from './shapes/jsonSources';
import { resilientStringMap } from './shapes/resilientMaps';
import { currentBranch, labelRewound, labelRewoundOutputs } from './shapes/rewoundBranches';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { cleanClaudeToolResult } from './shapes/toolOutputText';
import { FileOrderTranscriptBuilder } from './shapes/fileOrderTranscriptBuilder';
import { hasKey, hasPair } from './shapes/headMarkers';

/** The lines of one API response, split one block per line. */
interface ResponseGroup {
  parentUuid: unknown;
  tail: number;
  seen: Set<string>;
  /** Where the results of this response's tool calls reached so far. */
  resultTail?: number;
}

/** Tool names by call id, noting whether the session used skills (their instructions are not logged). */
class ToolNames extends Map<string, string> {
  skill = false;
  override set(id: string, name: string): this {
    if (name === 'Skill') this.skill = true;
    return super.set(id, name);
  }
}

const SKILL_MARKER = '"Base directory for this skill:';

export const claudeCodeFormat: FormatParser = {
  id: 'claude-code',
  label: 'Claude Code session',
  containers: ['json'],
  sniff(head: string): number {
    // A session that has only begun may hold nothing but file snapshots: still Claude Code's, and said to have no messages.
    if (!head.includes('"parentUuid"')) return hasPair(head, 'type', 'file-history-snapshot') && hasKey(head, 'snapshot') ? 0.6 : 0;
    return head.includes('"sessionId"') && head.includes('"uuid"') ? 0.95 : 0.6;
  },
  parse(input: ParseInput): Transcript {
    const reader = new ClaudeCodeReader(input.projectFolders);
    const t = reader.read(input.raw, input.onJsonLines);
    keepReader(t, reader);
    return t;
  },
};

/**
 * Reads a session's lines in order, holding what later lines refer back to
 * (uuids, response groups, tool names), so lines appended to the file later
 * are read by the same code, from where the first read stopped.
 */
class ClaudeCodeReader implements AppendableReader {
  private readonly b = new FileOrderTranscriptBuilder();
  private readonly tailOf = new Map<string, number>();
  private readonly groups = new Map<string, ResponseGroup>();
  /** Assistant line uuid → the response it is part of. */
  private readonly groupOfLine = new Map<string, ResponseGroup>();
  private readonly toolNames = new ToolNames();
  private rootTail = -1;
  private environmentDone = false;
  /** Compaction boundary uuid → where the conversation stood before it. */
  private readonly beforeCompaction = new Map<string, number>();
  /** Compactions read so far: appended lines that hold one are read with the whole file again. */
  private compactions = 0;
  private mainLeaf = -1;
  /**
   * The tail of the latest line read, per chain (main, sub-agent): where a
   * line whose parent the log does not hold goes on.
   */
  private readonly latestTail: [main: number | undefined, subAgent: number | undefined] = [undefined, undefined];
  /** Lines skipped because their uuid was logged before (a resumed session). */
  private repeats = 0;
  private skillText = false;
  private readonly position = new ReadPosition();
  private transcript: Transcript | undefined;
  /** What was found of the instruction files, once the working directory is known. */
  private instructions: InstructionFiles | undefined;

  /** `folders`: where the instruction files may be looked for; absent: not at all. */
  constructor(private readonly folders?: AllowedFolders) {}

  /** The whole file, once. */
  read(raw: string, onJsonLines?: ParseInput['onJsonLines']): Transcript {
    const errors: ParseError[] = [];
    this.b.addFileGap(ContextGaps.claudeSystemPrompt);
    const tally = new LineTally();
    if (onJsonLines) {
      const lines = readJsonLines(raw, errors);
      onJsonLines(lines, 'claude-code', errors);
      for (const line of lines) this.feedLine(line, tally);
    } else {
      // Each line's parsed value is let go once its segments are read.
      eachJsonLine(raw, errors, (line) => this.feedLine(line, tally));
    }
    this.position.advance(raw);
    this.skillText = raw.includes(SKILL_MARKER);
    labelRewoundOutputs(this.b.segments, this.mainLeaf, isSubAgent);
    if (this.toolNames.skill || this.skillText) this.b.addFileGap(ContextGaps.claudeSkills);
    if (this.instructions) this.b.rewordFileGap(withInstructionNote(ContextGaps.claudeSystemPrompt, this.instructions));
    if (this.b.segments.length === 0 && tally.count > 0) errors.push(noMessages(raw, tally));
    this.transcript = this.b.build('claude-code', errors);
    if (this.instructions) this.transcript.instructions = this.instructions;
    return this.transcript;
  }

  append(piece: string): AppendOutcome {
    const t = this.transcript;
    if (!t) return { fallback: 'nothing was read yet' };
    if (!this.position.complete) return { fallback: 'the text read before ended inside a line' };
    if (this.b.segments.length === 0) return { fallback: 'the log had no messages before, and said so' };
    const errors: ParseError[] = [];
    const lines = readJsonLines(piece, errors, this.position);
    const from = this.b.segments.length;
    const before = { leaf: this.mainLeaf, compactions: this.compactions, repeats: this.repeats, skill: this.toolNames.skill || this.skillText };
    const looked = this.instructions !== undefined;
    for (const line of lines) this.feedLine(line);
    this.position.advance(piece);
    this.skillText ||= piece.includes(SKILL_MARKER);
    if (!looked && this.instructions) return { fallback: 'the new lines give the working directory, whose instruction files change the whole file' };
    if (this.repeats > before.repeats) return { fallback: 'a new line repeats the uuid of an earlier one' };
    if (this.compactions > before.compactions) return { fallback: 'the new lines continue after a compaction' };
    if (!before.skill && (this.toolNames.skill || this.skillText)) return { fallback: 'the new lines use a skill, which the whole file then lacks' };
    const built = this.b.appendToBuilt(from);
    if ('fallback' in built) return built;
    for (const e of errors) t.errors.push(e);
    const relabelled = this.labelNewOutputs(from, before.leaf);
    if ('fallback' in relabelled) return relabelled;
    return { from, lines: lines.length, actionsAdded: built.actionsAdded, ...(relabelled.length > 0 ? { relabelled } : {}) };
  }

  /**
   * Labels new outputs off the main branch, as `labelRewoundOutputs` would
   * label them reading the whole file. When the main branch no longer runs
   * through the old main leaf (a rewind), the earlier outputs it left are
   * labelled too and returned; it falls back when an output labelled before
   * is back on the main branch (its label would have to be taken off).
   */
  private labelNewOutputs(from: number, oldLeaf: number): number[] | { fallback: string } {
    const segments = this.transcript!.segments;
    // Builder ids are file ids except where the first read renumbered segments in file order.
    const fileId = (id: number) => (id < 0 ? -1 : this.b.segments[id].id);
    const leaf = fileId(this.mainLeaf);
    let node = leaf;
    while (node >= from) node = segments[node].parent;
    if (oldLeaf >= 0 && node !== fileId(oldLeaf)) return this.labelAfterRewind(from, fileId(oldLeaf), leaf);
    if (leaf < 0) return [];
    const current = new Uint8Array(segments.length - from);
    for (node = leaf; node >= from; node = segments[node].parent) current[node - from] = 1;
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      if (s.isOutput && current[id - from] === 0 && !isSubAgent(s)) labelRewound(s);
    }
    return [];
  }

  /** After a rewind: the main branch from `oldLeaf` and from `leaf` compared over the whole file. */
  private labelAfterRewind(from: number, oldLeaf: number, leaf: number): number[] | { fallback: string } {
    const segments = this.transcript!.segments;
    // Built segments carry their compaction links in file ids, as their parents.
    const was = currentBranch(segments, oldLeaf);
    const now = currentBranch(segments, leaf);
    const relabelled: number[] = [];
    for (let id = 0; id < from; id++) {
      const s = segments[id];
      if (!s.isOutput || isSubAgent(s) || was[id] === now[id]) continue;
      if (now[id] === 1) return { fallback: 'the new lines go back to a branch left before (earlier replies would lose their rewound label)' };
      labelRewound(s);
      relabelled.push(id);
    }
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      if (s.isOutput && now[id] === 0 && !isSubAgent(s)) labelRewound(s);
    }
    return relabelled;
  }

  /**
   * The instruction files Claude Code loaded for a session started in the
   * line's working directory, as root segments placed before everything on
   * that line: the chain's tail, or -1 when none were read.
   */
  private instructionFiles(line: JsonLine, v: JsonObject): number {
    const cwd = str(v.cwd);
    if (!this.folders || cwd === undefined) return -1;
    const { files, found } = findInstructionFiles('claude-code', cwd, this.folders);
    this.instructions = found;
    return emitInstructionFiles(this.b, files, -1, [line.line, Number.MIN_SAFE_INTEGER]);
  }

  /**
   * Where a line goes on whose `parentUuid` names a line the log does not
   * hold (sub-agent logs leave out some of their own lines): after the
   * latest line of its chain, which the model saw before it, rather than at
   * the root, which would drop everything it saw. Before any line, the
   * parent is another file's (a resumed session): the root.
   */
  private missingParent(chain: 0 | 1): number {
    return this.latestTail[chain] ?? this.rootTail;
  }

  /** Reads one line; `tally`, when given, counts it (see noMessages). */
  private feedLine(line: JsonLine, tally?: LineTally): void {
    // Only a log that gave no segment yet may end up reported as bookkeeping alone.
    if (tally && this.b.segments.length === 0) tally.note(line);
    const v = obj(line.value);
    if (!v) return;
    const b = this.b;
    const uuid = str(v.uuid);
    const parentUuid = v.parentUuid;
    const type = str(v.type);
    const message = obj(v.message);
    // A resumed session may log a line again under the same uuid.
    if (uuid && this.tailOf.has(uuid)) {
      this.repeats++;
      return;
    }
    // An attachment before the first message starts the conversation too: what the system prompt held comes before it.
    if (!this.environmentDone && (((type === 'user' || type === 'assistant') && message) || (type === 'attachment' && obj(v.attachment)))) {
      this.rootTail = emitEnvironment(b, line, v, this.instructionFiles(line, v));
      this.environmentDone = true;
    }
    if (type === 'system' && uuid && typeof v.logicalParentUuid === 'string') {
      const before = this.tailOf.get(v.logicalParentUuid);
      if (before !== undefined) this.beforeCompaction.set(uuid, before);
    }
    const chain = v.isSidechain === true ? 1 : 0;
    let parent = typeof parentUuid === 'string' ? (this.tailOf.get(parentUuid) ?? this.missingParent(chain)) : this.rootTail;
    let tail = parent;
    const firstNew = b.segments.length;
    if ((type === 'user' || type === 'assistant') && message) {
      const ctx: AnthropicContext = {
        b,
        src: lineSource(line),
        toolNames: this.toolNames,
        cleanToolResult: cleanClaudeToolResult,
        labelPrefix: v.isSidechain === true ? 'sub-agent ' : undefined,
        // API errors and "no response requested" are written by Claude Code, not the model.
        syntheticAssistant: v.isApiErrorMessage === true || message.model === '<synthetic>',
      };
      if (type === 'user') {
        if (v.isCompactSummary === true) ctx.userRole = { role: 'assistant', label: 'compaction summary' };
        else if (v.isMeta === true) ctx.userRole = { role: 'user', label: 'injected text' };
        // A response that made several tool calls logs one line per call, and each result names its own
        // call's line as parent; the model saw all of them before its next turn, so they chain in order.
        const response = typeof parentUuid === 'string' && hasToolResult(message) ? this.groupOfLine.get(parentUuid) : undefined;
        if (response) parent = response.resultTail ?? response.tail;
        tail = emitAnthropicContent(ctx, message.content, ['message', 'content'], 'user', parent);
        if (response) response.resultTail = tail;
        if (v.isCompactSummary === true && tail !== parent) b.carryGap(tail, ContextGaps.compactedHistory);
      } else {
        const id = str(message.id);
        const group = id ? this.groups.get(id) : undefined;
        // Sibling lines of one response chain after each other, not from the same parent.
        if (group && group.parentUuid === parentUuid) parent = group.tail;
        tail = emitResponseBlocks(ctx, message, parent, group);
        const current = group ?? (id ? { parentUuid, tail, seen: blockKeys(message) } : undefined);
        if (id && !group) this.groups.set(id, current!);
        else if (group) group.tail = tail;
        if (uuid && current) this.groupOfLine.set(uuid, current);
      }
    }
    const attachment = type === 'attachment' ? obj(v.attachment) : undefined;
    if (attachment) tail = emitAttachment(b, lineSource(line), attachment, parent, v.isSidechain === true);
    if (uuid) this.tailOf.set(uuid, tail);
    if (b.segments.length > firstNew) this.latestTail[chain] = tail;
    if (message && v.isSidechain !== true) this.mainLeaf = tail;
    const before = typeof parentUuid === 'string' ? this.beforeCompaction.get(parentUuid) : undefined;
    if (before !== undefined && b.segments.length > firstNew) {
      this.compactions++;
      if (before >= 0) b.segments[firstNew].compactedFrom = before;
    }
  }
}

/**
 * An `attachment` line is text Claude Code put in front of the model as a
 * reminder (the skills it lists, a file the user edited, the task list):
 * context the model saw, logged beside the messages rather than in them.
 * Its string fields are its text; `type` only names the kind.
 */
function emitAttachment(b: FileOrderTranscriptBuilder, src: ReturnType<typeof lineSource>, attachment: JsonObject, parent: number, sidechain: boolean): number {
  const kind = str(attachment.type) ?? 'text';
  let tail = parent;
  for (const [key, value] of Object.entries(attachment)) {
    if (key === 'type' || typeof value !== 'string' || value.trim() === '') continue;
    tail = b.addString(src, ['attachment', key], value, { role: 'system', parent: tail, label: `${sidechain ? 'sub-agent ' : ''}attachment (${kind})` });
  }
  return tail;
}

function isSubAgent(s: Segment): boolean {
  return s.label?.startsWith('sub-agent') === true;
}

/** Blocks of an assistant line, skipping any an earlier line of the same response already logged. */
function emitResponseBlocks(ctx: AnthropicContext, message: JsonObject, parent: number, group: ResponseGroup | undefined): number {
  if (typeof message.content === 'string' || !group) {
    return emitAnthropicContent(ctx, message.content, ['message', 'content'], 'assistant', parent);
  }
  let tail = parent;
  const blocks = arr(message.content);
  for (let i = 0; i < blocks.length; i++) {
    const block = obj(blocks[i]);
    if (!block) continue;
    const key = blockKey(block);
    if (group.seen.has(key)) continue;
    group.seen.add(key);
    tail = emitAnthropicBlock(ctx, block, ['message', 'content', i], 'assistant', tail);
  }
  return tail;
}

function hasToolResult(message: JsonObject): boolean {
  return arr(message.content).some((b) => obj(b)?.type === 'tool_result');
}

function blockKeys(message: JsonObject): Set<string> {
  const keys = new Set<string>();
  for (const block of arr(message.content)) {
    const o = obj(block);
    if (o) keys.add(blockKey(o));
  }
  return keys;
}

function blockKey(block: JsonObject): string {
  return `${str(block.type)}\u0000${str(block.id) ?? str(block.text) ?? str(block.thinking) ?? ''}`;
}

/**
 * The environment block of the system prompt that the log does record, as
 * segments every branch hangs under (below `parent`, the instruction files):
 * working directory, git branch and today's date (the date part of the
 * first timestamp).
 */
function emitEnvironment(b: FileOrderTranscriptBuilder, line: JsonLine, v: JsonObject, parent: number): number {
  const src = lineSource(line);
  let tail = parent;
  const cwd = str(v.cwd);
  if (cwd !== undefined) tail = b.addString(src, ['cwd'], cwd, { role: 'system', parent: tail, label: 'system prompt: working directory' });
  const branch = str(v.gitBranch);
  if (branch !== undefined) tail = b.addString(src, ['gitBranch'], branch, { role: 'system', parent: tail, label: 'system prompt: git branch' });
  const timestamp = str(v.timestamp);
  if (timestamp !== undefined && isIsoDate(timestamp)) {
    // A prefix of the string, so the string's own map serves it.
    tail = b.add(
      timestamp.slice(0, 10),
      resilientStringMap(src.region, ['timestamp'], timestamp),
      line.line,
      { role: 'system', parent: tail, label: 'system prompt: date' },
      src.orderOf(['timestamp']),
    );
  }
  return tail;
}

function isIsoDate(s: string): boolean {
  if (s.length < 10 || s[4] !== '-' || s[7] !== '-') return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** The lines read, and their types in the order first seen: what noMessages says of a log without messages. */
class LineTally {
  count = 0;
  readonly types = new Set<string>();

  note(line: JsonLine): void {
    this.count++;
    this.types.add(str(obj(line.value)?.type) ?? 'untyped');
  }
}

/**
 * A log whose lines hold no message (only the file snapshots Claude Code
 * writes as a session starts, or other bookkeeping): located at its first
 * line, so the file is not taken for an empty conversation.
 */
function noMessages(raw: string, tally: LineTally): ParseError {
  const kinds = [...tally.types].slice(0, 4).join(', ');
  const end = raw.indexOf('\n');
  return {
    message: `A Claude Code session log with no messages: its ${tally.count} line${tally.count === 1 ? ' is' : 's are'} bookkeeping (${kinds}), nothing said to or by the model.`,
    rawRange: [0, end === -1 ? raw.length : end],
    line: 0,
  };
}
