/**
 * One `groundcheck check` run: expand the paths, check every file (on worker
 * threads when there are several files and jobs), hand reports to the chosen
 * reporter in input order as they complete, and return the exit code.
 */
import { readSync } from 'node:fs';
import { megabytes } from '../../shared/io/boundedRead';
import { displayPath } from './locator';
import { type CheckedReport, checkFile } from './checkFile';
import { type CheckTarget, expandPaths, STDIN } from './expandPaths';
import { fileCheckOptions, ignoreStoreNotice, type FileCheckSetup } from './fileCheckSetup';
import type { FileReport } from './fileReport';
import { Progress, type ProgressStream } from './progress';
import type { Reporter } from './reporters/reporter';
import { type FailOn, RunSummary } from './summary';
import { checkInProcess, checkOnWorkers, type WorkerScript } from './workerPool';
import { checkStream } from './stream/checkStream';
import { GROUNDCHECK_VERSION, inputsDigest, type ShardFile, shardFile } from './shard/shardRecord';
import { type ShardSpec, shardKey, shardOf } from './shard/shardSpec';

export interface CheckRun {
  paths: readonly string[];
  setup: FileCheckSetup;
  failOn?: FailOn | readonly FailOn[];
  /** Files checked at once; 1 checks in-process. */
  jobs: number;
  /** What worker threads run; without it every file is checked in-process. */
  workerScript?: WorkerScript;
  reporter: Reporter;
  /** Problems with arguments (`path: error …`). */
  err(text: string): void;
  progress?: ProgressStream;
  readStdin?: () => string;
  /**
   * Standard input as a stream: when it is the only input and the reporter
   * can report problems as they come (text, JSON Lines), it is checked as it
   * is read (see stream/checkStream.ts) instead of read whole first.
   */
  stdinStream?: () => AsyncIterable<Buffer | string>;
  /** Resolves when stdout can take more. */
  drained?: () => Promise<void>;
  cwd?: string;
  /** List each file skipped (not a transcript, a FIFO or device, a link that leads out or nowhere), with the reason, on stderr. */
  verbose?: boolean;
  /** Check only this shard of the files, and say so in the report (`--shard k/n`); `options` are what shaped the results. */
  shard?: { spec: ShardSpec; options: Record<string, unknown> };
}

export async function runCheck(run: CheckRun): Promise<number> {
  const expansion = expandPaths(run.paths, run.cwd);
  const { missing, skipped: passedOver } = expansion;
  // With --shard, each file keeps its place in the whole run, so the shards' reports can be joined in the order one run gives.
  const cwd = run.cwd ?? process.cwd();
  const positions: number[] = [];
  const targets = expansion.targets.filter((t, i) => {
    const mine = !run.shard || shardOf(t.path, cwd, run.shard.spec.total) === run.shard.spec.index;
    if (mine) positions.push(i);
    return mine;
  });
  const shardFiles: ShardFile[] = [];
  for (const line of missing) run.err(`${line}\n`);
  if (run.verbose) for (const s of passedOver) run.err(`${s.shown}: skipped: ${s.why}\n`);
  const notice = ignoreStoreNotice(run.setup, (path) => displayPath(path, run.cwd));
  if (notice) run.err(`${notice.line}\n`);
  if (notice?.fatal) return 2;
  const summary = new RunSummary();
  if (run.stdinStream && run.reporter.problem && targets.length === 1 && targets[0].path === STDIN) {
    const options = fileCheckOptions(run.setup);
    await checkStream({ source: run.stdinStream(), target: targets[0], options, reporter: run.reporter, summary, drained: run.drained });
    run.reporter.end(summary);
    return summary.exitCode(run.failOn);
  }
  const progress = new Progress(run.progress ?? { write: () => undefined }, targets.length);
  const ready: Array<CheckedReport | undefined> = new Array(targets.length);
  let emitted = 0;
  let outputs = 0;
  const accept = (index: number, report: CheckedReport) => {
    ready[index] = report;
    outputs += report.outputs.length;
    // Reports leave in input order so runs with any number of jobs print the same thing.
    while (emitted < targets.length && ready[emitted] !== undefined) {
      const r = ready[emitted]!;
      ready[emitted] = undefined;
      // A file handed over in pieces was reported, and its outputs counted, piece by piece.
      if (r.inPieces) summary.addFile(r, targets[emitted].explicit);
      else summary.add(r, targets[emitted].explicit);
      if (run.shard) shardFiles.push(shardFile(positions[emitted], r, targets[emitted].explicit));
      if (run.verbose && r.notTranscript && !targets[emitted].explicit) run.err(`${r.file}: skipped: ${r.notTranscript}\n`);
      if (!r.inPieces) run.reporter.file(r, targets[emitted]);
      emitted++;
    }
    progress.update(emitted, outputs);
  };

  const files: number[] = [];
  targets.forEach((t, i) => {
    if (t.path === STDIN) accept(i, checkStdin(t, run));
    else files.push(i);
  });
  const fileTargets = files.map((i) => targets[i]);
  const sink = (k: number, report: FileReport) => accept(files[k], report);
  if (run.jobs > 1 && fileTargets.length > 1 && run.workerScript) {
    await checkOnWorkers(fileTargets, run.setup, run.jobs, run.workerScript, sink);
  } else {
    // Files are checked one after another here, so every input before the file in hand has been reported: its
    // findings can go out as they are found, and a long session's results need not all be held at once.
    const pieces = takesPieces(run) ? (k: number) => reportPiece(targets[files[k]]) : undefined;
    const reportPiece = (target: CheckTarget) => (piece: FileReport) => {
      summary.addOutputs(piece.outputs);
      outputs += piece.outputs.length;
      run.reporter.file(piece, target);
    };
    checkInProcess(fileTargets, run.setup, sink, pieces);
  }
  progress.finish();
  if (run.shard) {
    run.reporter.shard?.({
      shard: run.shard.spec,
      groundcheck: GROUNDCHECK_VERSION,
      options: run.shard.options,
      inputs: inputsDigest(
        run.paths,
        expansion.targets.map((t) => shardKey(t.path, cwd)),
      ),
      files: expansion.targets.length,
      missing,
      checked: shardFiles,
    });
  }
  run.reporter.end(summary);
  const skipped = run.reporter.countsSkipped ? undefined : summary.skippedLine(run.verbose === true);
  if (skipped) run.err(skipped);
  return missing.length > 0 ? 2 : summary.exitCode(run.failOn);
}

/**
 * Whether the reporter writes a file's results as they come (text, JSON
 * Lines: those that can tell a stream's problems where they occur) and the
 * run needs no whole report of each file (a shard's report tallies each file).
 */
function takesPieces(run: CheckRun): boolean {
  return run.reporter.problem !== undefined && !run.shard;
}

function checkStdin(target: CheckTarget, run: CheckRun): FileReport {
  let raw: string;
  try {
    raw = (run.readStdin ?? (() => readStdinUpTo(run.setup.settings.maxFileSizeMB * 1024 * 1024)))();
  } catch (err) {
    return { file: target.shown, outputs: [], parseErrors: [], error: `cannot read: ${(err as Error).message}` };
  }
  return checkFile({ file: target.shown, raw }, fileCheckOptions(run.setup));
}

/** Standard input, read no further than the input cap: `yes | groundcheck check -` ends with a message, not a full memory. */
function readStdinUpTo(maxBytes: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (err) {
      // A non-blocking stdin with nothing yet: wait a little and ask again.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'EOF') break;
      throw err;
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw new Error(`standard input is larger than ${megabytes(maxBytes)} (maxFileSizeMB): not read`);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
