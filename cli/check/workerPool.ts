/**
 * Checks files on worker threads, one file per job, handing the next file to
 * whichever thread finishes first. Threads run the CLI bundle itself with a
 * hidden command (see poolWorker.ts), so the package ships one file. With
 * one job the files are checked in-process, which is also what stdin uses.
 */
import { Worker } from 'node:worker_threads';
import { checkTarget } from './checkTarget';
import type { CheckTarget } from './expandPaths';
import { fileCheckOptions, type FileCheckSetup } from './fileCheckSetup';
import type { FileReport } from './fileReport';
import type { CheckedReport, ReportPieces } from './checkFile';

export interface WorkerScript {
  /** File a worker thread runs (the CLI bundle). */
  path: string;
  /** Arguments that make it serve check jobs. */
  argv: string[];
}

export interface JobMessage {
  index: number;
  target: CheckTarget;
}

export interface ResultMessage {
  index: number;
  report: FileReport;
}

export type ReportSink = (index: number, report: CheckedReport) => void;

/**
 * With `pieces`, a file may go to its own pieces as it is checked; its report
 * then comes to `sink` after them, without outputs and with `inPieces` set.
 */
export function checkInProcess(targets: readonly CheckTarget[], setup: FileCheckSetup, sink: ReportSink, pieces?: (index: number) => ReportPieces): void {
  const options = fileCheckOptions(setup);
  targets.forEach((t, i) => sink(i, checkTarget(t, options, pieces?.(i))));
}

export function checkOnWorkers(targets: readonly CheckTarget[], setup: FileCheckSetup, jobs: number, script: WorkerScript, sink: ReportSink): Promise<void> {
  return new Promise((resolve) => {
    let next = 0;
    let live = 0;
    if (targets.length === 0) return resolve();
    const start = () => {
      const worker = new Worker(script.path, { argv: script.argv, workerData: setup });
      live++;
      let current = -1;
      const feed = () => {
        if (next < targets.length) {
          current = next++;
          worker.postMessage({ index: current, target: targets[current] } satisfies JobMessage);
        } else {
          current = -1;
          void worker.terminate();
        }
      };
      worker.on('message', (msg: ResultMessage) => {
        sink(msg.index, msg.report);
        feed();
      });
      // A crash loses only the file in hand: report it and carry on with a fresh thread.
      const lose = (why: string) => {
        if (current === -1) return;
        sink(current, { file: targets[current].shown, outputs: [], parseErrors: [], error: `internal error: ${why}` });
        current = -1;
      };
      worker.on('error', (err) => lose(err.message));
      worker.on('exit', (code) => {
        lose(`the worker thread stopped (exit code ${code})`);
        live--;
        if (next < targets.length) start();
        else if (live === 0) resolve();
      });
      feed();
    };
    for (let i = 0; i < Math.min(jobs, targets.length); i++) start();
  });
}
