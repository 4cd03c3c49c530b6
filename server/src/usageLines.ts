/**
 * The usage of a JSON Lines session, added up as its lines are read
 * (RunningUsage) and kept while the file grows. The usage an append leaves
 * pending is read on from the lines appended since, parsed once each: a
 * 20 MB session's text takes hundreds of milliseconds to parse, and adding up
 * its thousands of calls again tens, on every appended turn. Each read also
 * says what changed since the read before it (the calls added, and those a
 * line logged again changed), so the requester holding that read is sent
 * only the change.
 */
import { randomUUID } from 'node:crypto';
import type { ParseError } from '../../shared/transcript/model';
import { type JsonLine, type PieceAt, readJsonLines } from '../../shared/transcript/json/jsonLines';
import { readsUsageByLine } from '../../shared/usage/readUsage';
import { RunningUsage } from '../../shared/usage/runningUsage';
import { withSubAgentFiles } from '../../shared/usage/withSubAgentFiles';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import { usageSummary } from '../../shared/usageView/summary';
import { cachedAgentFile, callCountsOf, callListsOf, type CallLists, type FileUsage, fileUsageOf, placeCall, type UsageChange } from './fileUsage';

/** Stamps this worker gives its reads: unique, even against those of a worker that ran before it. */
const WORKER = randomUUID();
let reads = 0;
const nextStamp = () => `${WORKER}:${++reads}`;

export class UsageLines {
  /** Text appended since the last read, with where each piece starts. */
  private pending: { piece: string; at: PieceAt }[] = [];
  /** Which read the usage given last is (see FileUsage stamps in fileUsage.ts). */
  stamp = nextStamp();

  private constructor(
    private readonly running: RunningUsage,
    /**
     * The calls of the usage given last, as FileUsage lists them, kept in
     * step with the running usage's; undefined when that usage summed
     * sub-agent files in (then the lists are made whole).
     */
    private listed: CallLists | undefined,
    /** Where the text read so far ends. */
    private readonly end: PieceAt,
  ) {}

  /**
   * The usage of `raw` from the lines a parser of `format` read
   * (ParseInput.onJsonLines), added up and kept; undefined for a format whose
   * usage is not read line by line, or a text whose last line is not
   * complete (lines appended to it would continue that line).
   */
  static of(format: string, lines: readonly JsonLine[], errors: readonly ParseError[], raw: string): UsageLines | undefined {
    if (!readsUsageByLine(format) || (raw.length > 0 && !raw.endsWith('\n'))) return undefined;
    const running = RunningUsage.of(format);
    if (!running) return undefined;
    running.addErrors(errors);
    for (const line of lines) running.add(line);
    running.takeChanged();
    let breaks = 0;
    for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) breaks++;
    return new UsageLines(running, callListsOf(running.read().usage.calls), { offset: raw.length, line: breaks });
  }

  /** Complete lines added at the end of the text; read with the next `read`. */
  append(piece: string): void {
    this.pending.push({ piece, at: { ...this.end } });
    for (let i = piece.indexOf('\n'); i !== -1; i = piece.indexOf('\n', i + 1)) this.end.line++;
    this.end.offset += piece.length;
  }

  /**
   * The usage of the whole text so far, as fileUsage reads it from the text,
   * and what changed since the usage given before, whose stamp is `from`
   * (no change when this read or that one summed sub-agent files in: their
   * merge is made whole).
   */
  read(path: string | undefined): { usage: FileUsage; change?: UsageChange; from: string } {
    this.readAppended();
    const from = this.stamp;
    this.stamp = nextStamp();
    const changed = this.running.takeChanged();
    const timed = this.running.read();
    const read = withSubAgentFiles(timed, path, cachedAgentFile);
    if (read.usage !== read.own) {
      this.listed = undefined;
      return { usage: fileUsageOf(read), from };
    }
    const summary = usageSummary(read.usage, DEFAULT_PRICES);
    const calls = timed.usage.calls;
    const before = this.listed;
    let change: UsageChange | undefined;
    if (before) {
      const base = before.sessionCalls.length;
      change = { summary, base, calls: changed.map((at) => ({ at, call: placeCall(before, at, callCountsOf(calls[at])) })) };
    } else this.listed = callListsOf(calls);
    const listed = this.listed!;
    // Copies of the lists (pointers only), so the usage given is not changed by later reads.
    const usage = { summary, calls: listed.calls.slice(), sessionCalls: listed.sessionCalls.slice() };
    return change ? { usage, change, from } : { usage, from };
  }

  /** Parses the lines appended since the last read and adds them up. */
  readAppended(): void {
    for (const { piece, at } of this.pending) {
      const errors: ParseError[] = [];
      for (const line of readJsonLines(piece, errors, at)) this.running.add(line);
      this.running.addErrors(errors);
    }
    this.pending = [];
  }
}
