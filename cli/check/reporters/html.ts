/**
 * The HTML conversation report: one self-contained page with the run's
 * summary and each file's conversation, findings marked at their characters.
 * Each file is drawn as soon as it is checked (its report can then be let
 * go); the page is written once the summary is known, since it comes first.
 */
import { renderConversation } from '../../../shared/report/renderConversation';
import { renderReport } from '../../../shared/report/renderReport';
import type { CheckTarget } from '../expandPaths';
import type { FileReport } from '../fileReport';
import type { RunSummary } from '../summary';
import { fileView } from './fileView';
import type { Reporter, ReportStreams } from './reporter';

export class HtmlReporter implements Reporter {
  private readonly files: string[] = [];

  constructor(private readonly io: ReportStreams) {}

  file(report: FileReport, target: CheckTarget): void {
    // Files found in folders that are not transcripts are skipped quietly, as in the text report.
    if (report.notTranscript && !target.explicit) return;
    this.files.push(renderConversation(fileView(report, target.explicit), this.files.length));
  }

  end(summary: RunSummary): void {
    this.io.out(renderReport(summary, this.files));
  }
}
