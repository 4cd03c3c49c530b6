/**
 * What the HTML conversation report is drawn from, as plain data with no
 * tie to the CLI or the editor: a file's segments in file order with their
 * decoded text, the checked outputs among them with their verdicts, and the
 * marks to lay over an output's text. Offsets here are into a segment's
 * decoded `text` (UTF-16 units), not into the raw file.
 */
import type { EntityStatus, EntityType, Level } from '../classifier/types';
import type { Role } from '../transcript/model';
import type { UsageSummary } from '../usageView/summary';

export interface ReportSegment {
  role: Role;
  /** The transcript model's label ("tool result (Bash)", "sub-agent assistant"). */
  label?: string;
  /** Tool name, for tool calls and results. */
  tool?: string;
  /** Tool calls: which call this input field belongs to, so a call's fields read as one block. */
  callId?: string;
  /** Tool calls: the input field this text is (`command`, `file_path`). */
  field?: string;
  /** Tool results: the tool reported failure. */
  failed?: boolean;
  /** 1-based line where the segment starts in its file. */
  line: number;
  /** The file the text came from, when not the checked one. */
  source?: string;
  text: string;
  /** Where the segment lies in the raw file (views that jump there). */
  raw?: [number, number];
}

/** One entity occurrence to mark in an output's text. */
export interface Mark {
  start: number;
  end: number;
  type: EntityType;
  status: EntityStatus;
  /** The verdict in words: what the text report says of it, and where the context has it. */
  note: string;
  /** Segment index where the context has it (or the value that contradicts it, or what comes closest). */
  target?: number;
  /** Where this occurrence lies in the raw file (views that jump there). */
  raw?: [number, number];
}

export interface OutputVerdict {
  /** Index of the output's segment in `FileView.segments`. */
  segment: number;
  level: Level;
  score: number;
  explanation: string;
  /** What this output's context is known to lack, beyond what `FileView.gaps` says for the whole file. */
  gaps: string[];
  marks: Mark[];
}

export interface FileView {
  file: string;
  /** Parser id; absent when the file was not read as a transcript. */
  format?: string;
  /** `file:line:col: error …` lines: why it was not checked, parse errors. */
  problems: string[];
  /** What every output's context is known to lack (the log omits the system prompt, …). */
  gaps: string[];
  segments: ReportSegment[];
  outputs: OutputVerdict[];
  /** The tokens the file's log records as spent; absent when the file is no transcript. */
  usage?: UsageSummary;
  /** Turns that took the session past a token or cost budget, in file order; absent when none did. */
  budget?: BudgetMark[];
}

/** A budget crossed, as the text report states it, and the turn that crossed it. */
export interface BudgetMark {
  /** 1-based line of the turn's usage record. */
  line: number;
  rule: string;
  severity: 'warning' | 'information';
  /** What the text report says of it: the running total, the limit, the model and the agent. */
  message: string;
  /** Index in `FileView.segments` of the turn's last segment on that record; absent when it has none shown. */
  segment?: number;
}

export interface StatusCounts {
  entities: number;
  grounded: number;
  unverified: number;
  contradicted: number;
  misattributed: number;
  indeterminate: number;
}

export interface ReportSummary {
  files: number;
  checkedFiles: number;
  outputs: number;
  levels: Record<Level, number>;
  types: Record<EntityType, StatusCounts>;
  /** (PARTIAL + UNGROUNDED) / outputs. */
  hallucinationRate: number;
}
