/** What every output format implements: one call per file, in input order, then one at the end. */
import type { CheckTarget } from '../expandPaths';
import type { FileReport } from '../fileReport';
import type { RunSummary } from '../summary';

export interface Reporter {
  file(report: FileReport, target: CheckTarget): void;
  end(summary: RunSummary): void;
  /** True when its report counts the files skipped as not transcripts; otherwise the run says so on stderr. */
  readonly countsSkipped?: boolean;
}

export interface ReportStreams {
  out(text: string): void;
  err(text: string): void;
}
