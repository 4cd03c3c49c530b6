/**
 * A check of one file that lines appended to it extend, for `check --follow`
 * on a session the agent is still writing: the new lines are parsed on their
 * own by the reader that read the file, the index grows by them, and only
 * the new outputs are checked (see shared/transcript/appendLines.ts), so a
 * look at a 20 MB session costs what its new lines cost. Whatever an append
 * cannot extend (a format read whole, a file of many conversations, a head
 * still short enough to be read as another format, a line that changes what
 * earlier turns are) asks for a check of the whole file instead.
 */
import { checkOutput, type TranscriptCheck } from '../../shared/check/checkTranscript';
import { isNotTranscript, SNIFF_LENGTH } from '../../shared/transcript/detect';
import { appendLines } from '../../shared/transcript/appendLines';
import type { Transcript } from '../../shared/transcript/model';
import { classifyOptionsOf } from './checkSettings';
import { checkParsed, type FileCheckOptions, type FileInput, notTranscriptReport, outputRecord, parseErrorsOf, parseFileInput } from './checkFile';
import type { FileReport, OutputRecord } from './fileReport';
import { Locator } from './locator';

export interface Appended {
  /** The report of the whole file as it now is: earlier outputs as they were, the new ones added. */
  report: FileReport;
  /** Lines handed to the parser. */
  linesParsed: number;
  /** Outputs checked. */
  outputsChecked: number;
}

export class LiveFileCheck {
  private constructor(
    private readonly input: FileInput,
    private readonly options: FileCheckOptions,
    private readonly transcript: Transcript,
    private readonly check: TranscriptCheck,
    private outputs: OutputRecord[],
  ) {}

  /** Checks the whole file; the live check is absent when appends to this file cannot be checked on their own. */
  static start(input: FileInput, options: FileCheckOptions): { report: FileReport; live?: LiveFileCheck } {
    const parsed = parseFileInput(input, options);
    if (isNotTranscript(parsed)) return { report: notTranscriptReport(input, parsed) };
    const { report, checks } = checkParsed(input, parsed, options);
    // A file split into conversations has no single index to grow; the HTML report's segment list is not kept up.
    const single = checks.length === 1 && checks[0].transcript === parsed;
    // A last line still being written was read as an error: the next look reads the file whole again.
    if (!single || options.conversation || input.bytes || !input.raw.endsWith('\n')) return { report };
    return { report, live: new LiveFileCheck(input, options, parsed, checks[0], report.outputs.slice()) };
  }

  /**
   * Checks `piece`, complete lines appended to the file, or returns undefined
   * when the whole file must be checked again (this check is then spent).
   */
  append(piece: string): Appended | undefined {
    const t = this.transcript;
    const oldLength = this.input.raw.length;
    // Detection reads the head of the file: while the head still grows, a whole check reads it again.
    if (oldLength < SNIFF_LENGTH) return undefined;
    const settings = this.options.settings;
    const lines = appendLines(t, piece);
    if ('fallback' in lines) return undefined;
    if (t.segments.length > settings.maxSegments) return undefined;
    if ('fallback' in this.check.index.extend(lines.from, lines.actionsAdded)) return undefined;
    this.input.raw += piece;
    const locator = new Locator(this.input.file, this.input.raw, this.input.absPath);
    const options = classifyOptionsOf(settings);
    let checked = 0;
    for (let id = lines.from; id < t.segments.length; id++) {
      if (!t.segments[id].isOutput) continue;
      const o = checkOutput(this.check.index, id, options);
      this.check.outputs.push(o);
      this.outputs.push(outputRecord(t, o, locator, this.options));
      checked++;
    }
    const report: FileReport = { file: this.input.file, format: t.format, outputs: this.outputs.slice(), parseErrors: parseErrorsOf(t, locator) };
    return { report, linesParsed: lines.lines, outputsChecked: checked };
  }
}
