/**
 * A check of one file that lines appended to it extend, for `check --follow`
 * on a session the agent is still writing: the new lines are parsed on their
 * own by the reader that read the file, the index grows by them, and only
 * the new outputs are checked (see shared/transcript/parseAppendedLines.ts), so a
 * look at a 20 MB session costs what its new lines cost. Whatever an append
 * cannot extend (a format read whole, a file of many conversations, a head
 * still short enough to be read as another format, a line that changes what
 * earlier turns are) asks for a check of the whole file instead.
 *
 * With budgets set, the lines that record usage are kept (a few per turn)
 * and the appended ones added to them, so the running totals are those a
 * check of the whole file adds up.
 */
import { checkAppendedLines } from '../../shared/check/checkAppendedLines';
import type { TranscriptCheck } from '../../shared/check/checkTranscript';
import { isNotTranscript, SNIFF_LENGTH } from '../../shared/transcript/detect';
import { classifyOptionsOf } from './checkSettings';
import { readJsonLines } from '../../shared/transcript/json/jsonLines';
import type { UsageLine } from '../../shared/usage/model';
import { usageOfLines, usageRecordOf } from '../../shared/usage/readUsage';
import {
  activeBudget,
  budgetFindings,
  checkParsed,
  type FileCheckOptions,
  type FileInput,
  notTranscriptReport,
  outputRecord,
  parseErrorsOf,
  parseFileInput,
} from './checkFile';
import type { BudgetFinding, FileReport, OutputRecord } from './fileReport';
import { Locator } from './locator';

export interface Appended {
  /** The report of the whole file as it now is: earlier outputs as they were, the new ones added. */
  report: FileReport;
  /** Lines handed to the parser. */
  linesParsed: number;
  /** Outputs checked. */
  outputsChecked: number;
  /** Indexes in `report.outputs` of earlier outputs checked again: what the new lines told them may have changed. */
  rechecked: number[];
}

export class LiveFileCheck {
  private constructor(
    private readonly options: FileCheckOptions,
    private readonly check: TranscriptCheck,
    private locator: Locator,
    private readonly outputs: OutputRecord[],
    /** The log's usage lines so far, when budgets are set and the format's usage is read. */
    private readonly usage: { format: string; lines: UsageLine[] } | undefined,
  ) {}

  /** Checks the whole file; the live check is absent when appends to this file cannot be checked on their own. */
  static start(input: FileInput, options: FileCheckOptions): { report: FileReport; live?: LiveFileCheck } {
    let usage: { format: string; lines: UsageLine[] } | undefined;
    const budget = activeBudget(options);
    const parsed = parseFileInput(
      input,
      options,
      budget ? (lines, format) => (usage = { format, lines: lines.flatMap((l) => usageRecordOf(format, l) ?? []) }) : undefined,
    );
    if (isNotTranscript(parsed)) return { report: notTranscriptReport(input, parsed) };
    const { report, checks, locator } = checkParsed(input, parsed, options);
    const crossed = usage ? budgetsOf(usage, options, locator) : [];
    if (crossed.length > 0) report.budget = crossed;
    // A file split into conversations has no single index to grow; the HTML report's segment list is not kept up.
    const single = checks.length === 1 && checks[0].transcript === parsed;
    // A last line still being written was read as an error: the next look reads the file whole again.
    if (!single || options.conversation || input.bytes || !input.raw.endsWith('\n')) return { report };
    return { report, live: new LiveFileCheck(options, checks[0], locator, report.outputs.slice(), usage) };
  }

  /**
   * Checks `piece`, complete lines appended to the file, or returns undefined
   * when the whole file must be checked again (this check is then spent).
   */
  append(piece: string): Appended | undefined {
    // Detection reads the head of the file: while the head still grows, a whole check reads it again.
    if (this.locator.raw.length < SNIFF_LENGTH) return undefined;
    const settings = this.options.settings;
    const appended = checkAppendedLines(this.check, piece, settings.maxSegments, classifyOptionsOf(settings));
    if ('fallback' in appended) return undefined;
    if (this.usage) {
      const at = { offset: this.locator.raw.length, line: this.locator.here([this.locator.raw.length, this.locator.raw.length]).line - 1 };
      for (const l of readJsonLines(piece, [], at)) {
        const kept = usageRecordOf(this.usage.format, l);
        if (kept) this.usage.lines.push(kept);
      }
    }
    this.locator = this.locator.grown(piece);
    const t = this.check.transcript;
    const rechecked: number[] = [];
    for (const k of appended.rechecked) {
      const record = outputRecord(t, this.check.outputs[k], this.locator, this.options);
      // Records follow the file: the output checked again is the one at the same place.
      const at = this.outputs.findIndex((r) => r.range[0] === record.range[0] && r.range[1] === record.range[1]);
      if (at !== -1) {
        this.outputs[at] = record;
        rechecked.push(at);
      }
    }
    for (const o of appended.outputs) this.outputs.push(outputRecord(t, o, this.locator, this.options));
    const report: FileReport = { file: this.locator.file, format: t.format, outputs: this.outputs.slice(), parseErrors: parseErrorsOf(t, this.locator) };
    const crossed = this.usage ? budgetsOf(this.usage, this.options, this.locator) : [];
    if (crossed.length > 0) report.budget = crossed;
    return { report, linesParsed: appended.linesParsed, outputsChecked: appended.outputs.length + appended.rechecked.length, rechecked };
  }
}

/** The budget findings of the usage lines read so far. */
function budgetsOf(usage: { format: string; lines: UsageLine[] }, options: FileCheckOptions, locator: Locator): BudgetFinding[] {
  const budget = activeBudget(options);
  const calls = budget ? usageOfLines(usage.format, usage.lines)?.calls : undefined;
  return budget && calls ? budgetFindings(calls, budget, locator) : [];
}
