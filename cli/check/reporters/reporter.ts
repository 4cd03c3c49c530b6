/** What every output format implements: one call per file, in input order, then one at the end. */
import type { CheckTarget } from '../expandPaths';
import type { FileProblem, FileReport } from '../fileReport';
import type { RunSummary } from '../summary';
import type { ShardRecord } from '../shard/shardRecord';

export interface Reporter {
  file(report: FileReport, target: CheckTarget): void;
  end(summary: RunSummary): void;
  /**
   * A located problem on one line of a stream (standard input read as it
   * comes), reported in the output where it occurs so a reader of the
   * results sees which input line had no result, and why.
   */
  problem?(file: string, problem: FileProblem): void;
  /** Which shard of a `--shard` run this report is, and what became of its files; called once, before `end`. */
  shard?(record: ShardRecord): void;
  /** True when its report counts the files skipped as not transcripts; otherwise the run says so on stderr. */
  readonly countsSkipped?: boolean;
}

export interface ReportStreams {
  out(text: string): void;
  err(text: string): void;
}
