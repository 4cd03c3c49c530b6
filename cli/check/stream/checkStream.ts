/**
 * `groundcheck check -` with the text or JSON Lines report: standard input
 * read as a stream, results written as each is ready, so the command can be
 * a map step that records are piped through (GNU parallel, a Spark or Ray
 * job's subprocess).
 *
 * The format is told from the stream's head (its first 64 KB, as for a file).
 * - RAG fixture rows (RAGAS, DeepEval JSON Lines): each row is checked on its
 *   own and dropped, so memory stays flat however long the stream runs.
 * - A session whose lines can be read on (Claude Code, Codex): the text read
 *   so far and its transcript are kept, since later answers are checked
 *   against everything before them, and each batch of new lines is checked
 *   as it arrives. Up to maxFileSizeMB; past that the rest is not read.
 *   Later lines can change what an output already told says (a skill first
 *   used, a rewind, the working directory's instruction files, a value a
 *   rule searched past the output for): such an output is told again, and
 *   its last record is the one a check of the whole file gives. The run's
 *   tally counts each output's last record.
 * - Anything else (a JSON document, a format read whole): read to the end,
 *   up to maxFileSizeMB, and checked as a file is.
 * A bad line is reported in the output where its result would have been,
 * and the stream goes on; the exit code is the one a file check would give.
 */
import { megabytes } from '../../../shared/io/boundedRead';
import { isNotTranscript, recognise, SNIFF_LENGTH } from '../../../shared/transcript/detect';
import { rowFileKind } from '../../../shared/transcript/formats/tabular/fixtureRows';
import type { FormatParser } from '../../../shared/transcript/model';
import { checkFile, type FileCheckOptions } from '../checkFile';
import type { CheckTarget } from '../expandPaths';
import type { FileProblem, FileReport, OutputRecord } from '../fileReport';
import { LiveFileCheck } from '../liveFileCheck';
import { revisedOutputs } from '../revisedOutputs';
import type { Reporter } from '../reporters/reporter';
import type { RunSummary } from '../summary';
import { checkRow, ROW_FORMATS } from './checkRow';
import { withLevelHeap } from './rowStreamHeap';
import { linesByRead, readsAsReady, type StreamLine, streamLines } from './streamLines';

/** Lines already waiting are checked together up to this many UTF-16 units at least (see readsAsReady). */
const GROUP_UNITS = 1 << 20;

export interface StreamRun {
  source: AsyncIterable<Buffer | string>;
  target: CheckTarget;
  options: FileCheckOptions;
  reporter: Reporter;
  summary: RunSummary;
  /** Resolves when the output can take more (a slow reader of stdout holds the stream back rather than filling memory). */
  drained?: () => Promise<void>;
}

export async function checkStream(run: StreamRun): Promise<void> {
  const maxBytes = run.options.settings.maxFileSizeMB * 1024 * 1024;
  const lines = streamLines(run.source, maxBytes)[Symbol.asyncIterator]();
  const out = new StreamOutput(run);
  // The head: whole reads until they tell the format, the sniffers' window is full, or the stream ends.
  // A stream that trickles in (records piped one by one) is told by its first lines, so its first result need not wait for 64 KB.
  const head: StreamLine[] = [];
  let headLength = 0;
  let ended = false;
  let found: ReturnType<typeof recognise> | undefined;
  for (;;) {
    const next = await lines.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.text.length;
    if (!next.value.endsRead) continue;
    if (headLength >= SNIFF_LENGTH) break;
    found = recognise(textOf(head), undefined, false);
    if (!isNotTranscript(found)) break;
  }
  const rest = ended ? emptyLines() : lines;
  const headText = textOf(head);
  found = recognise(headText, undefined, ended);
  if (!isNotTranscript(found) && ROW_FORMATS.has(found.parser.id) && rowFileKind(headText) === 'jsonl') {
    await withLevelHeap(() => checkRows(found.parser, head, rest, run, out));
  } else {
    await checkSession(head, ended, readsAsReady(linesByRead(rest)[Symbol.asyncIterator](), GROUP_UNITS)[Symbol.asyncIterator](), run, out, maxBytes);
  }
  out.finish();
}

function textOf(lines: readonly StreamLine[]): string {
  return lines.map((l) => l.text).join('');
}

async function* emptyLines(): AsyncGenerator<StreamLine> {}

async function checkRows(parser: FormatParser, head: StreamLine[], rest: AsyncIterator<StreamLine>, run: StreamRun, out: StreamOutput): Promise<void> {
  out.checked(parser.id);
  let rows = 0;
  // Each line is checked and let go before the next is read: the stream holds one row at a time.
  const check = async (line: StreamLine) => {
    const checked = checkRow(line, rows, parser, run.target.shown, run.options);
    if (checked.isRow) rows++;
    for (const p of checked.problems) out.problem(p);
    if (checked.report) out.outputs(checked.report);
    await out.drained();
  };
  for (const line of head.splice(0)) await check(line);
  for (let next = await rest.next(); !next.done; next = await rest.next()) await check(next.value);
}

/**
 * A session, or anything that is not rows: the text so far is kept. A
 * session that can be read on is checked batch by batch as it comes;
 * anything else once, at the end.
 */
async function checkSession(
  head: StreamLine[],
  ended: boolean,
  rest: AsyncIterator<StreamLine[]>,
  run: StreamRun,
  out: StreamOutput,
  maxBytes: number,
): Promise<void> {
  const file = run.target.shown;
  let raw = '';
  let bytes = 0;
  let overCap = false;
  // Whole lines added to `raw`, or false once the stream is over the cap.
  const take = (lines: StreamLine[]): string | false => {
    let piece = '';
    for (const l of lines) {
      bytes += l.tooLong ?? Buffer.byteLength(l.text, 'utf8');
      if (l.tooLong !== undefined || bytes > maxBytes) {
        overCap = true;
        return false;
      }
      piece += l.text;
    }
    raw += piece;
    return piece;
  };
  const overCapReport = (): FileReport => ({
    file,
    outputs: [],
    parseErrors: [],
    error: `standard input is larger than ${megabytes(maxBytes)} (maxFileSizeMB): ${out.any ? 'the rest was not read' : 'not read'}`,
  });

  if (take(head) === false) return out.whole(overCapReport());
  let live: LiveFileCheck | undefined;
  // The last report of the text so far; its last output is held back until more lines come (a later line may still add to it).
  let last: FileReport | undefined;
  if (!ended && raw.endsWith('\n')) {
    const started = LiveFileCheck.start({ file, raw }, run.options);
    if (started.live) {
      live = started.live;
      last = started.report;
      out.whole(last, true);
      await out.drained();
    }
  }
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    const piece = take(next.value);
    if (piece === false) break;
    if (!live || piece === '') continue;
    const appended = live.append(piece);
    let changed: readonly number[] | undefined;
    if (appended) {
      last = appended.report;
      changed = appended.rechecked;
    } else {
      // The new lines change what earlier turns are, or the head is still short: the text so far is checked whole,
      // what is new is told, and so is every output told before whose record is no longer the same.
      const started = LiveFileCheck.start({ file, raw }, run.options);
      live = started.live;
      last = started.report;
    }
    out.whole(last, true, changed);
    await out.drained();
  }
  if (live && last && !overCap) out.whole(last, false, []);
  if (overCap) return out.whole(overCapReport());
  if (!live) out.whole(checkFile({ file, raw }, run.options));
}

/**
 * What the stream has told so far: each output once, in the order they
 * were found, and again when later lines changed its record; each problem
 * once. A row's results are tallied as they are told; a session's, from its
 * last whole report, so each output counts once, as its last record says.
 */
class StreamOutput {
  /** Per output told (by where it starts), its last record told (see revisedOutputs). */
  private readonly toldOutputs = new Map<number, OutputRecord>();
  private readonly toldProblems = new Set<string>();
  private firstProblem: FileProblem | undefined;
  private fileState: FileReport;
  private told = 0;
  /** The outputs of the last whole report of a session, tallied at the end. */
  private sessionOutputs: readonly OutputRecord[] = [];

  constructor(private readonly run: StreamRun) {
    this.fileState = { file: run.target.shown, outputs: [], parseErrors: [] };
  }

  get any(): boolean {
    return this.told > 0;
  }

  checked(format: string): void {
    this.fileState.format = format;
  }

  problem(p: FileProblem): void {
    this.firstProblem ??= p;
    this.told++;
    this.run.reporter.problem?.(this.run.target.shown, p);
  }

  /** A row's results: all new. */
  outputs(report: FileReport): void {
    if (report.outputs.length === 0) return;
    this.told += report.outputs.length;
    this.run.summary.addOutputs(report.outputs);
    this.run.reporter.file(report, this.run.target);
  }

  /**
   * A report of the whole text so far: its outputs not told yet (but its
   * last, when `holdLast`), then those told before whose record changed.
   * `changed` lists the outputs that may have (indexes in the report); left
   * out, every output told before is compared.
   */
  whole(report: FileReport, holdLast = false, changed?: readonly number[]): void {
    const told = this.toldOutputs;
    const fresh = report.outputs.filter((o, i) => !told.has(o.range[0]) && !(holdLast && i === report.outputs.length - 1));
    const revised = revisedOutputs(changed ? changed.map((i) => report.outputs[i]) : report.outputs, told);
    for (const o of fresh) told.set(o.range[0], o);
    for (const p of report.parseErrors) {
      const key = `${p.line}:${p.column}:${p.message}`;
      if (this.toldProblems.has(key)) continue;
      this.toldProblems.add(key);
      this.problem(p);
    }
    if (report.format) this.fileState.format = report.format;
    const note = report.error !== undefined || report.notTranscript !== undefined || report.skipped !== undefined;
    if (note) this.fileState = { ...report, outputs: [], parseErrors: [] };
    else this.sessionOutputs = report.outputs;
    const outputs = revised.length === 0 ? fresh : [...revised, ...fresh].sort((a, b) => a.range[0] - b.range[0]);
    if (outputs.length > 0 || note) {
      this.told += outputs.length;
      this.run.reporter.file({ ...report, outputs, parseErrors: [] }, this.run.target);
    }
  }

  async drained(): Promise<void> {
    await this.run.drained?.();
  }

  /** The stream as one file in the run's tally: in error when any line was. */
  finish(): void {
    // Over the size cap, the output held back last was never told: the tally is of what was.
    this.run.summary.addOutputs(this.sessionOutputs.filter((o) => this.toldOutputs.has(o.range[0])));
    this.run.summary.addFile({ ...this.fileState, parseErrors: this.firstProblem ? [this.firstProblem] : [] }, true);
  }
}
