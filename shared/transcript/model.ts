/**
 * The transcript model every parser produces and every consumer (server, CLI,
 * eval) reads: a flat list of segments in file order, each with its decoded
 * text, a way back to raw-file offsets, and a parent link that places it on a
 * branch of the conversation.
 *
 * Causal context is derived, not stored: an output's context is the set of
 * its ancestors (following `parent`) whose role grounds claims. A linear chat
 * sets `parent` to the previous segment; a Claude Code session follows its
 * uuid tree; a RAG fixture row hangs its documents and the output under a
 * per-row root. Storing parents instead of per-output id lists keeps a
 * 2,000-turn session linear in memory.
 */
import type { JsonLine } from './json/jsonLines';
import type { ContextGap, Range } from '../classifier/types';
import type { AllowedFolders } from '../io/referenceReads';

export type Role = 'system' | 'developer' | 'tool_definition' | 'user' | 'tool_result' | 'document' | 'assistant' | 'tool_call' | 'reasoning' | 'grader';

/** Roles whose text is evidence: what the model was given. */
export const GROUNDING_ROLES: ReadonlySet<Role> = new Set<Role>(['system', 'developer', 'tool_definition', 'user', 'tool_result', 'document']);

/** Model-written roles: at most an "echo" when the setting allows it. */
export const ECHO_ROLES: ReadonlySet<Role> = new Set<Role>(['assistant', 'tool_call', 'reasoning']);

/** Maps an offset in a segment's decoded text to an offset in the raw file. */
export interface OffsetMap {
  /**
   * Raw offset of decoded unit `i`; `toRaw(text.length)` is the raw offset just
   * past the last unit (e.g. the closing quote of a JSON string), so a decoded
   * range `[s, e)` maps to `[toRaw(s), toRaw(e))`.
   */
  toRaw(i: number): number;
}

export interface Segment {
  /** Index in `Transcript.segments`. */
  id: number;
  role: Role;
  /** Decoded text (JSON escapes resolved, nested JSON unwrapped). */
  text: string;
  map: OffsetMap;
  /**
   * 0-based line where the segment starts in the raw file. (Its raw range is
   * `[map.toRaw(0), map.toRaw(text.length))`; maps may be built lazily, so
   * ask only when needed.)
   */
  line: number;
  /** Previous segment on this segment's branch, or -1 at a root. */
  parent: number;
  /**
   * For the first segment after a compaction whose summary starts a new
   * root (Claude Code's): the segment the conversation had reached before
   * it. Not a parent, since the model saw only the summary of that branch,
   * but the branch stays part of the session that rules searching the
   * whole session read.
   */
  compactedFrom?: number;
  /** True for model output that gets checked. */
  isOutput: boolean;
  /** Short human label: "tool result (Bash)", "document lease.txt". */
  label?: string;
  /** For outputs: what this output's context is known to lack. */
  gaps?: ContextGap[];
  /**
   * For multi-file formats: the file the text is in (promptfoo file:// vars),
   * or the archive entry when `Transcript.entries` has this name (.eval zips).
   */
  source?: string;
  /** For tool calls and tool results: which call this text belongs to (see `ToolRef`). */
  tool?: ToolRef;
  /**
   * A tool call's input field that records a successful action of the agent
   * (the file it wrote, the edit it made, the command it ran): it grounds
   * like a tool result. Set once per parse (see toolCalls.ts).
   */
  action?: true;
}

/**
 * Ties a tool call's text to its result, so a coding session can be read as
 * actions: which file a Read listed, which content an Edit wrote, whether the
 * call succeeded. A call's input is emitted one string field per segment;
 * the segments of one call share `name`, `callId` and `input`, and differ in `field`.
 */
export interface ToolRef {
  /** Tool name as the log gives it (`Read`, `Bash`, `shell`, `apply_patch`, `read_file`). */
  name: string;
  /** Links a call to its result; absent where the format has no ids. */
  callId?: string;
  /** Call segments: the input field this text is (`file_path`, `edits.0.new_string`); '' for a whole-text input. */
  field?: string;
  /** Call segments: the whole parsed input, shared by the call's segments. */
  input?: unknown;
  /** Result segments: the tool reported failure (an error flag or a non-zero exit code). */
  failed?: boolean;
  /** Result segments: the file the result header names (Cline's `[read_file for 'src/a.ts']`). */
  target?: string;
}

export interface ParseError {
  message: string;
  rawRange: Range;
  /** 0-based line. */
  line: number;
}

export interface Transcript {
  /** Parser id, e.g. 'claude-code', 'openai-chat', 'ragas'. */
  format: string;
  segments: Segment[];
  errors: ParseError[];
  /** Gaps that hold for the whole file (also copied onto each output's `gaps`). */
  gaps: ContextGap[];
  /**
   * Archives (`.eval` zips): the inflated text of each entry, by the name
   * segments give as `source`. Such a source is a place inside the checked
   * file, never a path on disk: an entry may be named `../../x.json`.
   */
  entries?: ReadonlyMap<string, string>;
  /**
   * Coding sessions: the project instruction files (CLAUDE.md, AGENTS.md)
   * looked for at the working directory the log records, when the parse
   * was allowed to look (`ParseInput.projectFolders`).
   */
  instructions?: InstructionFiles;
}

/** What was found of a session's instruction files on this machine. */
export interface InstructionFiles {
  /** Which agent's rules found them. */
  agent: 'claude-code' | 'codex';
  /** The working directory the log records. */
  cwd: string;
  /** Absolute paths of the files read, in the order the agent loads them; their segments have them as `source`. */
  read: string[];
  /** Why nothing, or not everything, was read: one sentence each. */
  notes: string[];
}

export interface ParseInput {
  /** The whole file as text (for zips: see `bytes`). */
  raw: string;
  /** Absolute path when known; used to resolve `file://` references. */
  path?: string;
  /** Raw bytes, for binary containers such as Inspect `.eval` zips. */
  bytes?: Uint8Array;
  /**
   * Reads a file referenced by the transcript (promptfoo `file://`): its
   * text, or why it was not read (`{ notRead: 'not a regular file (a FIFO)' }`);
   * undefined when files cannot be read at all.
   */
  readFile?: (absPath: string) => string | { notRead: string } | undefined;
  /**
   * The folders a coding session's project files may be looked for in (its
   * instruction files, at the working directory it records); absent: none
   * are looked for, and the log is read on its own.
   */
  projectFolders?: AllowedFolders;
  /** At most this many segments are kept, in file order; the rest is a located error (default DEFAULT_MAX_SEGMENTS). */
  maxSegments?: number;
  /**
   * Handed the JSON Lines a parser of a JSON Lines log (Claude Code, Codex)
   * read, so a caller reads more from them (token usage) without parsing the
   * file a second time. `format` is the parser's id; `errors` are the lines
   * that could not be read, as reading them gave them.
   */
  onJsonLines?: (lines: readonly JsonLine[], format: string, errors: readonly ParseError[]) => void;
  /**
   * Fixture rows are numbered from this one (0-based): a row read on its own
   * from a stream keeps the number it has in the whole stream. Default 0.
   */
  firstRow?: number;
}

/**
 * Segments kept per file unless a setting says otherwise: checking time grows
 * faster than the segment count, so a generated file of a million tiny
 * messages is cut here rather than left to run for hours.
 */
export const DEFAULT_MAX_SEGMENTS = 50_000;

export interface FormatParser {
  id: string;
  label: string;
  /**
   * Looks at the first ~64 KB of the file (decoded) and answers how sure it is
   * that it can parse it: 0 = no, higher wins. Must be cheap and linear.
   */
  sniff(head: string, path?: string): number;
  /** What the file must be built as (see headShape.ts); absent: any. */
  containers?: readonly HeadContainer[];
  /**
   * Whether the head has the format's structure, not just its words: field
   * names as JSON keys or CSV header cells. A file whose sniff scores but
   * whose structure disagrees is not a transcript; the format is named as
   * the one it resembled. Absent: the container is enough.
   */
  structure?(head: string, container: HeadContainer): boolean;
  parse(input: ParseInput): Transcript;
}

/** A JSON document or JSON Lines; `data:`/`event:` lines; a zip; anything else. */
export type HeadContainer = 'json' | 'events' | 'zip' | 'text';
