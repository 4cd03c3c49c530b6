/**
 * Fenced blocks of an agent's turn that report rather than hold code: a
 * status table, a summary laid out in a plain block, a log copied from a
 * command's output (```` ``` ````, ```` ```text ````, ```` ```log ````). A version written in
 * one ("pytest 9.0.2 | ruff 0.15.9") is stated as a fact as it is in prose,
 * so the version rules read it there too. Not a block tagged with a
 * language or a shell (code or commands the agent writes or proposes), one
 * the sentence before proposes, a diff, a block that defines or imports
 * things, a line of code, nor a pinned version (`==2.0.25`, `@1.2.3`,
 * `^5.4.8`), which is a manifest's or a command's own syntax.
 */
import type { Range } from '../../classifier/types';
import type { OutputSentence } from '../../refine/claims';
import { CodeLines } from '../../refine/rules/codeLines';
import { isDiff, isProposal } from './codeBlocks';

/** Info strings of blocks that hold text or what a program printed, not code or commands. */
const REPORT_INFO: ReadonlySet<string> = new Set(['', 'text', 'txt', 'plaintext', 'plain', 'log', 'logs', 'output']);

/** A line only code has, anywhere in the block: a definition, an import, an edit's markers. */
const DEFINES = /^(?:<{7} |>{7} |={7}$|@@ |[ \t]*(?:def|class|import|from [\w.]+ import|function|const|let|var|export|fn|func|struct|package|#include)\b)/m;

/** The marks of a pin right before a version. */
const PINNED = /[@^~=<>]\s?$/;

export class ReportBlocks {
  /** The fenced blocks that report. */
  readonly blocks: Range[];
  private readonly codeLines: CodeLines;

  constructor(
    private readonly output: string,
    fences: readonly Range[],
    sentences: readonly OutputSentence[],
  ) {
    this.blocks = fences.filter((f) => isReport(output, f, sentences));
    this.codeLines = new CodeLines(output);
  }

  /** Whether the version at `[start, end)` stands in a report block, on a line of text, unpinned. */
  holds(start: number, end: number): boolean {
    if (!this.blocks.some(([s, e]) => start >= s && end <= e)) return false;
    const mark = this.output[start - 1] === 'v' ? start - 1 : start;
    return !PINNED.test(this.output.slice(Math.max(0, mark - 2), mark)) && !this.codeLines.holds(start, end);
  }
}

function isReport(output: string, fence: Range, sentences: readonly OutputSentence[]): boolean {
  const nl = output.indexOf('\n', fence[0]);
  if (nl === -1 || nl >= fence[1]) return false;
  const info = output
    .slice(fence[0], nl)
    .trim()
    .replace(/^[`~]+/, '')
    .trim()
    .toLowerCase();
  if (!REPORT_INFO.has(info) || isDiff(output, fence) || isProposal(output, fence, sentences)) return false;
  return !DEFINES.test(output.slice(nl + 1, fence[1]));
}
