/**
 * What checking one file produces, in plain data: worker threads send it to
 * the main thread by structured clone, and every reporter (text, JSON Lines,
 * SARIF) and the summary read only this. All ranges are raw-file offsets in
 * UTF-16 units; lines and columns are 1-based.
 */
import type { UsageSummary } from '../../shared/usageView/summary';
import type { FileKind } from '../../shared/transcript/headShape';
import type { ContextGap, EntityStatus, EntityType, Level, Range } from '../../shared/classifier/types';
import type { SeveritySetting } from '../../shared/protocol/settings';
import type { ReportSegment } from '../../shared/report/reportModel';

/** A place in some file: the checked one, or the file a segment came from. */
export interface FileLocation {
  file: string;
  /**
   * Set when the place is inside an entry of the archive `file` is (an
   * Inspect `.eval` zip): range, line and column are then in that entry's
   * inflated text. Shown as `log.eval!samples/3_epoch_1.json:12:40`.
   */
  entry?: string;
  range: Range;
  /** 1-based line and UTF-16 column of `range[0]`. */
  line: number;
  column: number;
  /** 1-based line and UTF-16 column of `range[1]`. */
  endLine: number;
  endColumn: number;
}

/** The raw line an entity sits on, cut to a window around it when long. */
export interface CodeFrame {
  /** The shown part of the line (tabs kept). */
  text: string;
  /** Whether text was cut on the left / right. */
  cutLeft: boolean;
  cutRight: boolean;
  /** Where the underline starts in `text` and how long it is (at least 1). */
  underlineStart: number;
  underlineLength: number;
}

/** A place in the context; positions are absent when its file could not be read. */
export type ContextLocation = Pick<FileLocation, 'file' | 'entry' | 'range'> &
  Partial<Pick<FileLocation, 'line' | 'column' | 'endLine' | 'endColumn'>> & {
    /** Conversation reports: the index of the segment it lies in (see `FileReport.conversation`). */
    segment?: number;
  };

export interface Occurrence extends FileLocation {
  /** Only for findings (unverified, contradicted, misattributed), the entities shown with a frame. */
  frame?: CodeFrame;
  /** Stable key of this occurrence (type, value and neighbouring words), as ignore rules use. */
  key?: string;
  /** True when the workspace's ignore file hides this occurrence. */
  ignored?: boolean;
  /** Conversation reports: the occurrence in the output segment's decoded text. */
  textRange?: Range;
}

export interface ClosestMatch extends ContextLocation {
  text: string;
}

export interface EntityRecord {
  text: string;
  type: EntityType;
  found: boolean;
  status: EntityStatus;
  /** The rule that decided the verdict (`groundcheck rules` lists them). */
  rule?: string;
  severity: SeveritySetting;
  /**
   * True when every occurrence is hidden by an ignore rule or the type's
   * severity is 'off'; such entities do not count toward the output's level.
   */
  suppressed: boolean;
  occurrences: Occurrence[];
  /** Where the context has it (grounded entities). */
  /**
   * Where the context has it: the nearest place before the output only,
   * unless every place was asked for (`--all-locations`); `matchCount` is
   * how many places there are (of those the lookup collected).
   */
  matches: ContextLocation[];
  matchCount: number;
  /** For unverified entities: the context text that comes closest, when any. */
  closest?: ClosestMatch;
  /** For contradicted entities: the value the context gives for the same slot, and where. */
  contradiction?: ContradictionRecord;
  /** What was checked beyond a search ("a.ts was read with lines 1–97; line 240 was never shown"). */
  detail?: string;
}

export type ContradictionRecord = ContextLocation & {
  /** Written as the output writes it, so it can replace the entity. */
  value: string;
  /** Names the slot when the value alone would not (`Tuesday 17:0-20:0`). */
  slot?: string;
};

export interface OutputRecord {
  file: string;
  /** The archive entry the output lies in (see `FileLocation.entry`); `line` and `range` are then in it. */
  entry?: string;
  /** Conversation reports: the index of the output's segment in `FileReport.conversation`. */
  segment?: number;
  /** 1-based line where the output starts. */
  line: number;
  /** Raw range of the whole output. */
  range: Range;
  format: string;
  label?: string;
  level: Level;
  score: number;
  explanation: string;
  entities: EntityRecord[];
  gaps: ContextGap[];
}

export interface FileProblem {
  message: string;
  line: number;
  column: number;
}

export interface FileReport {
  /** As given or found, relative to the working directory when inside it. */
  file: string;
  /** Parser id; absent when the file was not parsed. */
  format?: string;
  outputs: OutputRecord[];
  /** Located parse errors (the rest of the file was still checked). */
  parseErrors: FileProblem[];
  /** Set when the file is no transcript groundcheck knows. */
  notTranscript?: string;
  /** What the file is instead (Markdown, source code, JSON…), for the count of skipped files. */
  notTranscriptKind?: FileKind;
  /** Set when the file was not checked: unreadable, or over the size limit. */
  error?: string;
  /** Set when the file was skipped on purpose (too large). */
  skipped?: string;
  /** Conversation reports (HTML): every segment of the file, in file order, with its decoded text. */
  conversation?: ReportSegment[];
  /** Turns that took the session past a token or cost budget (see shared/usage/budget.ts), in file order. */
  budget?: BudgetFinding[];
  /** Conversation reports: the tokens the file's log records as spent. */
  usage?: UsageSummary;
}

/** A budget crossed: located at the usage record of the turn that crossed it (the whole line). */
export interface BudgetFinding extends FileLocation {
  rule: string;
  severity: 'warning' | 'information';
  message: string;
  model: string;
  /** `main`, or the sub-agent the turn belongs to. */
  agent: string;
  limit?: number;
  reached?: number;
}
