/**
 * The compiler-style report for terminals and CI logs: one
 * `file:line:col: level type 'text' not in context` line per finding
 * (`log.eval!samples/3_epoch_1.json:line:col` inside an archive) with a
 * code frame of the raw line and where the context says something close,
 * then a summary of levels, entity types and the hallucination rate.
 */
import { ENTITY_TYPES } from '../../../shared/classifier/types';
import type { CheckTarget } from '../expandPaths';
import type { CodeFrame, FileProblem, FileReport } from '../fileReport';
import { type Finding, fileProblems, findingMessage, findingsOf, placeName, severityWord, shorten } from '../reportedFindings';
import { LEVELS } from '../../../shared/classifier/types';
import type { RunSummary } from '../summary';
import type { Palette } from './colors';
import type { Reporter, ReportStreams } from './reporter';
import { counted } from '../../../shared/text/counted';
import { visibleControls } from '../../terminal/visibleControls';
import { budgetLine } from '../budgetReport';

/** Characters of findings written at once. */
const WRITE_PIECE = 64 * 1024;

export class TextReporter implements Reporter {
  readonly countsSkipped = true;
  private findings = 0;

  constructor(
    private readonly io: ReportStreams,
    private readonly c: Palette,
    /** Skipped files are listed as they come, so the summary need not point to --verbose. */
    private readonly verbose = false,
  ) {}

  file(report: FileReport, target: CheckTarget): void {
    for (const line of fileProblems(report, target.explicit)) this.io.err(`${line}\n`);
    // A file's findings go out in pieces of some kilobytes: one write per finding costs more than making the finding's text when there are tens of thousands.
    let piece = '';
    for (const f of findingsOf(report)) {
      this.findings++;
      piece += this.finding(report.file, f);
      if (piece.length >= WRITE_PIECE) {
        this.io.out(piece);
        piece = '';
      }
    }
    if (piece.length > 0) this.io.out(piece);
    for (const b of report.budget ?? []) {
      this.findings++;
      const line = visibleControls(budgetLine(report.file, b));
      this.io.out(`${b.severity === 'warning' ? line.replace(' warning budget:', ` ${this.c.yellow('warning')} budget:`) : line}\n`);
    }
  }

  /** Among the findings, where it occurs, in the form file problems take on stderr. */
  problem(file: string, p: FileProblem): void {
    this.io.out(`${visibleControls(`${file}:${p.line}:${p.column}: error: ${p.message}`)}\n`);
  }

  end(s: RunSummary): void {
    const c = this.c;
    const lines: string[] = [];
    if (this.findings > 0) lines.push('');
    const skipped: string[] = [];
    if (s.skippedNotTranscript > 0) {
      const kinds = [...s.skippedKinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
      skipped.push(`${s.skippedNotTranscript} not transcripts (${kinds})`);
    }
    if (s.skippedTooLarge > 0) skipped.push(`${s.skippedTooLarge} too large`);
    if (s.inputErrors > 0) skipped.push(`${s.inputErrors} with errors`);
    lines.push(
      c.bold(`${counted(s.outputs, 'output')} in ${counted(s.checkedFiles, 'file')}`) +
        (skipped.length > 0 ? ` (${counted(s.files, 'file')} given: ${skipped.join(', ')})` : ''),
    );
    if (s.skippedNotTranscript > 0 && !this.verbose) lines.push(c.dim('--verbose lists the skipped files and why each is not a transcript'));
    lines.push('');
    lines.push(`  ${'level'.padEnd(14)}${'outputs'.padStart(8)}`);
    for (const level of LEVELS) lines.push(`  ${level.padEnd(14)}${String(s.levels[level]).padStart(8)}`);
    lines.push('');
    lines.push(`  ${'entity type'.padEnd(14)}${'checked'.padStart(8)}${'grounded'.padStart(10)}${'unverified'.padStart(12)}`);
    for (const type of ENTITY_TYPES) {
      const t = s.types[type];
      if (t.entities === 0) continue;
      lines.push(`  ${type.padEnd(14)}${String(t.entities).padStart(8)}${String(t.grounded).padStart(10)}${String(t.unverified).padStart(12)}`);
    }
    lines.push('');
    const flagged = s.levels.PARTIAL + s.levels.UNGROUNDED;
    const rate = `${(s.hallucinationRate * 100).toFixed(1)}%`;
    lines.push(`hallucination rate: ${flagged > 0 ? c.red(rate) : c.green(rate)} (${flagged} of ${counted(s.outputs, 'output')} PARTIAL or UNGROUNDED)`);
    if (s.budgetWarnings + s.budgetInformation > 0) {
      lines.push(
        `budgets: ${counted(s.budgetWarnings, 'warning')} (hard limits crossed), ${counted(s.budgetInformation, 'information finding')} (soft limits crossed, or turns the cost budget could not price)`,
      );
    }
    this.io.out(lines.join('\n') + '\n');
  }

  private finding(file: string, f: Finding): string {
    const c = this.c;
    const o = f.occurrence;
    const word = severityWord(f.entity.severity);
    const level = word === 'error' ? c.red(word) : word === 'warning' ? c.yellow(word) : c.cyan(word);
    const head = `${c.bold(`${visibleControls(placeName({ file, entry: o.entry }))}:${o.line}:${o.column}:`)} ${level} ${visibleControls(findingMessage(f))} ${c.dim(`[${f.output.level}]`)}${f.entity.rule ? `  ${c.dim(f.entity.rule)}` : ''}\n`;
    const frame = o.frame ? renderFrame(o.line, o.frame, c) : '';
    const closest = f.entity.closest;
    const where = closest && (closest.line !== undefined ? `${placeName(closest)}:${closest.line}:${closest.column}` : placeName(closest));
    const note = closest ? `${gutter(o.line)} = closest in context: '${visibleControls(shorten(closest.text, 80))}' at ${visibleControls(where ?? '')}\n` : '';
    return head + frame + note;
  }
}

function renderFrame(line: number, frame: CodeFrame, c: Palette): string {
  const left = frame.cutLeft ? '…' : '';
  const right = frame.cutRight ? '…' : '';
  // Tabs would make the underline drift; show them as single spaces.
  const text = frame.text.replace(/\t/g, ' ');
  // Other controls are shown as escapes several columns wide: the underline is measured on what is shown.
  const before = visibleControls(text.slice(0, frame.underlineStart));
  const under = visibleControls(text.slice(frame.underlineStart, frame.underlineStart + frame.underlineLength));
  const pad = ' '.repeat(left.length + before.length);
  const mark = '^' + '~'.repeat(Math.max(1, under.length) - 1);
  return `${String(line).padStart(gutterWidth(line))} | ${left}${visibleControls(text)}${right}\n${gutter(line)} | ${pad}${c.red(mark)}\n`;
}

function gutterWidth(line: number): number {
  return Math.max(4, String(line).length);
}

function gutter(line: number): string {
  return ' '.repeat(gutterWidth(line));
}
