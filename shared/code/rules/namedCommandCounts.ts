/**
 * "`npm run lint`: completed with 27 warnings": a count whose sentence names
 * a command the session ran, against what the latest run of that command
 * printed of the same noun (`✖ 27 problems (0 errors, 27 warnings)`). The
 * sentence says which output it reports, so a figure that output never
 * printed for that noun is contradicted; a run that printed no figure of
 * the noun says nothing, and neither does a line that names no command.
 */
import type { Entity, Range } from '../../classifier/types';
import { stepCommand, type ToolStep } from '../facts';
import type { CodeSession } from './codeVerdicts';
import { firstAtLeastInt32 } from '../../text/sortedSearch';
import { sentenceStarts } from '../../text/sentences';

/** Steps walked back for the named command's latest run. */
const MAX_STEPS = 400;
/** Summaries close a run's output; its tail is what is read for figures. */
const OUTPUT_TAIL = 8192;
/** Shortest inline code taken for a command. */
const MIN_COMMAND = 4;

/**
 * Judges a count of `noun` by the output of the command its line names.
 * Answers whether it gave a verdict.
 */
export function judgeByNamedCommand(output: string, entity: Entity, n: number, noun: string, session: CodeSession): boolean {
  const commands = inlineCommands(output, entity.span, session);
  if (commands.length === 0) return false;
  const step = latestRun(session, commands);
  if (step?.result === undefined) return false;
  const part = session.partOf(step.result);
  if (part === -1) return false;
  const text = session.text(step.result);
  const figures = figuresOf(text, noun);
  if (figures.length === 0) return false;
  const same = figures.find((f) => f.count === n);
  const shown = same ?? figures[0];
  const match = { part, start: shown.start, end: shown.end };
  entity.settled = true;
  if (same) {
    entity.found = true;
    entity.status = 'grounded';
    entity.matches = [match];
    entity.locations = [[match.start, match.end]];
    return true;
  }
  const value = entity.text.replace(new RegExp(`(?<![0-9])${n}(?![0-9])`), String(shown.count));
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.status = 'contradicted';
  entity.contradiction = { value, match };
  const printed = [...new Set(figures.map((f) => f.count))];
  entity.detail = `the latest \`${stepCommand(step)}\` printed ${printed.join(' and ')} ${noun}s`;
  return true;
}

/**
 * Inline code in the figure's sentence, on its line, that reads as a
 * command: several words, or one the session ran as it is. A Markdown line
 * can be a paragraph: a command another sentence names ("… which is why
 * `make verify` passes") says nothing of what this figure counts.
 */
function inlineCommands(output: string, span: Range, session: CodeSession): string[] {
  let lines = outputLines.get(session);
  if (!lines) outputLines.set(session, (lines = new OutputLines(output)));
  const [sentenceStart, sentenceEnd] = lines.sentenceAround(span[0]);
  const lineStart = Math.max(lines.startOf(span[0]), sentenceStart);
  const end = Math.min(lines.breakFrom(span[1]), Math.max(sentenceEnd, span[1]));
  const key = `${lineStart}:${end}`;
  let out = lines.commands.get(key);
  if (out) return out;
  const line = output.slice(lineStart, end);
  out = [];
  for (let open = line.indexOf('`'); open !== -1; ) {
    const close = line.indexOf('`', open + 1);
    if (close === -1) break;
    const code = line.slice(open + 1, close).trim();
    if (code.length >= MIN_COMMAND) out.push(code);
    open = line.indexOf('`', close + 1);
  }
  lines.commands.set(key, out);
  return out;
}

/**
 * The line feeds of the output whose counts are being judged, and the
 * commands read from its lines. An output's entities are judged one after
 * another, and one long line can hold thousands of counts: scanning the line
 * around each of them was quadratic (20,000 values on one line took 5 s).
 */
class OutputLines {
  readonly commands = new Map<string, string[]>();
  private readonly breaks: Int32Array;
  /** Sentence starts, read when a count first asks (see shared/text/sentences.ts). */
  private starts: Int32Array | undefined;

  // Line feeds only, as the rule has always split lines (LineIndex also ends lines at a CR).
  constructor(private readonly output: string) {
    const at: number[] = [];
    for (let i = output.indexOf('\n'); i !== -1; i = output.indexOf('\n', i + 1)) at.push(i);
    this.breaks = Int32Array.from(at);
  }

  /** Where the sentence holding `offset` starts, and where the next one does (or the output's end). */
  sentenceAround(offset: number): [number, number] {
    this.starts ??= Int32Array.from(sentenceStarts(this.output));
    const k = firstAtLeastInt32(this.starts, offset + 1) - 1;
    return [this.starts[Math.max(0, k)], k + 1 < this.starts.length ? this.starts[k + 1] : this.output.length];
  }

  /** Just past the last line feed before `offset`, or 0. */
  startOf(offset: number): number {
    const k = this.firstAtOrAfter(offset) - 1;
    return k < 0 ? 0 : this.breaks[k] + 1;
  }

  /** The first line feed at or after `offset`, or the output's end. */
  breakFrom(offset: number): number {
    const k = this.firstAtOrAfter(offset);
    return k < this.breaks.length ? this.breaks[k] : this.output.length;
  }

  private firstAtOrAfter(offset: number): number {
    return firstAtLeastInt32(this.breaks, offset);
  }
}

/** Each output's lines, by the session view its counts are judged in (one per output). */
const outputLines = new WeakMap<CodeSession, OutputLines>();

/** Each output's runs found, by the commands asked for: a list of counts names the same command on every line. */
const runs = new WeakMap<CodeSession, Map<string, ToolStep | undefined>>();

/** The newest step whose command is one of `commands`, or holds one of several words. */
function latestRun(session: CodeSession, commands: readonly string[]): ToolStep | undefined {
  let found = runs.get(session);
  if (!found) runs.set(session, (found = new Map()));
  const key = commands.join('\n');
  if (!found.has(key)) found.set(key, findRun(session, commands));
  return found.get(key);
}

function findRun(session: CodeSession, commands: readonly string[]): ToolStep | undefined {
  return session.view.findStep(
    (command) => command !== undefined && commands.some((c) => command === c || (c.includes(' ') && command.includes(c))),
    MAX_STEPS,
  );
}

/** Every `27 warnings` (up to two words between) in the output's tail, with where the figure is. */
function figuresOf(text: string, noun: string): { count: number; start: number; end: number }[] {
  const from = Math.max(0, text.length - OUTPUT_TAIL);
  const escaped = noun.replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  const re = new RegExp(`(?<![\\w.,])(\\d{1,7}) (?:[a-z]+ ){0,2}?${escaped}`, 'gi');
  const out: { count: number; start: number; end: number }[] = [];
  for (const m of text.slice(from).matchAll(re)) {
    const start = from + m.index;
    out.push({ count: Number(m[1]), start, end: start + m[1].length });
  }
  return out;
}
