/**
 * Claude Code session logs (`~/.claude/projects/<dir>/<session>.jsonl`).
 *
 * Lines form a tree through `uuid`/`parentUuid` (rewinds and edits start new
 * branches), one API response may be split over several lines sharing
 * `message.id`, and `isSidechain` lines are a sub-agent's own conversation.
 * The system prompt is never logged; the environment part of it that the
 * lines do record (working directory, branch, date) is kept as grounding.
 * Replies on branches the user rewound away from are labelled as such.
 */
import type { FormatParser, ParseError, ParseInput, Transcript } from '../model';
import { readJsonLines, type JsonLine } from '../json/jsonLines';
import { emitAnthropicBlock, emitAnthropicContent, type AnthropicContext } from './shapes/anthropicBlocks';
import { ContextGaps } from './shapes/contextGaps';
import { lineSource } from './shapes/jsonSources';
import { resilientStringMap } from './shapes/resilientMaps';
import { labelRewoundOutputs } from './shapes/rewoundBranches';
import { arr, obj, str, type JsonObject } from './shapes/jsonValues';
import { cleanClaudeToolResult } from './shapes/toolOutputText';
import { TranscriptBuilder } from './shapes/transcriptBuilder';

/** The lines of one API response, split one block per line. */
interface ResponseGroup {
  parentUuid: unknown;
  tail: number;
  seen: Set<string>;
  /** Where the results of this response's tool calls reached so far. */
  resultTail?: number;
}

export const claudeCodeFormat: FormatParser = {
  id: 'claude-code',
  label: 'Claude Code session',
  containers: ['json'],
  sniff(head: string): number {
    if (!head.includes('"parentUuid"')) return 0;
    return head.includes('"sessionId"') && head.includes('"uuid"') ? 0.95 : 0.6;
  },
  parse(input: ParseInput): Transcript {
    const errors: ParseError[] = [];
    const b = new TranscriptBuilder();
    b.addFileGap(ContextGaps.claudeSystemPrompt);
    const tailOf = new Map<string, number>();
    const groups = new Map<string, ResponseGroup>();
    /** Assistant line uuid → the response it is part of. */
    const groupOfLine = new Map<string, ResponseGroup>();
    const toolNames = new Map<string, string>();
    let rootTail = -1;
    let environmentDone = false;
    /** Compaction boundary uuid → where the conversation stood before it. */
    const beforeCompaction = new Map<string, number>();
    const jumps = new Map<number, number>();
    let mainLeaf = -1;

    for (const line of readJsonLines(input.raw, errors)) {
      const v = obj(line.value);
      if (!v) continue;
      const uuid = str(v.uuid);
      const parentUuid = v.parentUuid;
      const type = str(v.type);
      const message = obj(v.message);
      // A resumed session may log a line again under the same uuid.
      if (uuid && tailOf.has(uuid)) continue;
      if (!environmentDone && (type === 'user' || type === 'assistant') && message) {
        rootTail = emitEnvironment(b, line, v);
        environmentDone = true;
      }
      if (type === 'system' && uuid && typeof v.logicalParentUuid === 'string') {
        const before = tailOf.get(v.logicalParentUuid);
        if (before !== undefined) beforeCompaction.set(uuid, before);
      }
      let parent = typeof parentUuid === 'string' ? (tailOf.get(parentUuid) ?? rootTail) : rootTail;
      let tail = parent;
      const firstNew = b.segments.length;
      if ((type === 'user' || type === 'assistant') && message) {
        const ctx: AnthropicContext = {
          b,
          src: lineSource(line),
          toolNames,
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
          const response = typeof parentUuid === 'string' && hasToolResult(message) ? groupOfLine.get(parentUuid) : undefined;
          if (response) parent = response.resultTail ?? response.tail;
          tail = emitAnthropicContent(ctx, message.content, ['message', 'content'], 'user', parent);
          if (response) response.resultTail = tail;
          if (v.isCompactSummary === true && tail !== parent) b.carryGap(tail, ContextGaps.compactedHistory);
        } else {
          const id = str(message.id);
          const group = id ? groups.get(id) : undefined;
          // Sibling lines of one response chain after each other, not from the same parent.
          if (group && group.parentUuid === parentUuid) parent = group.tail;
          tail = emitResponseBlocks(ctx, message, parent, group);
          const current = group ?? (id ? { parentUuid, tail, seen: blockKeys(message) } : undefined);
          if (id && !group) groups.set(id, current!);
          else if (group) group.tail = tail;
          if (uuid && current) groupOfLine.set(uuid, current);
        }
      }
      if (uuid) tailOf.set(uuid, tail);
      if (message && v.isSidechain !== true) mainLeaf = tail;
      const before = typeof parentUuid === 'string' ? beforeCompaction.get(parentUuid) : undefined;
      if (before !== undefined && b.segments.length > firstNew) jumps.set(firstNew, before);
    }
    labelRewoundOutputs(b.segments, mainLeaf, jumps, (s) => s.label?.startsWith('sub-agent') === true);
    if ([...toolNames.values()].includes('Skill') || input.raw.includes('"Base directory for this skill:')) b.addFileGap(ContextGaps.claudeSkills);
    return b.build('claude-code', errors);
  },
};

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
 * root segments every branch hangs under: working directory, git branch and
 * today's date (the date part of the first timestamp).
 */
function emitEnvironment(b: TranscriptBuilder, line: JsonLine, v: JsonObject): number {
  const src = lineSource(line);
  let tail = -1;
  const cwd = str(v.cwd);
  if (cwd !== undefined) tail = b.addString(src, ['cwd'], cwd, { role: 'system', parent: tail, label: 'system prompt: working directory' });
  const branch = str(v.gitBranch);
  if (branch !== undefined) tail = b.addString(src, ['gitBranch'], branch, { role: 'system', parent: tail, label: 'system prompt: git branch' });
  const timestamp = str(v.timestamp);
  if (timestamp !== undefined && isIsoDate(timestamp)) {
    // A prefix of the string, so the string's own map serves it.
    tail = b.add(timestamp.slice(0, 10), resilientStringMap(src.region, ['timestamp'], timestamp), line.line, { role: 'system', parent: tail, label: 'system prompt: date' }, src.orderOf(['timestamp']));
  }
  return tail;
}

function isIsoDate(s: string): boolean {
  if (s.length < 10 || s[4] !== '-' || s[7] !== '-') return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}
