/**
 * The worker-thread side of the pool: serves check jobs until the main
 * thread lets go of it. Reached through a hidden CLI command so the worker
 * runs the same bundle as the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkTarget } from './checkTarget';
import { fileCheckOptions, type FileCheckSetup } from './fileCheckSetup';
import type { JobMessage, ResultMessage } from './workerPool';

/** The hidden command's name; the pool starts workers with it as their only argument. */
export const CHECK_WORKER_COMMAND = '__check-worker';

/** Resolves when the main thread closes the port, so the CLI's own exit handling does not cut a job short. */
export function serveCheckJobs(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error(`${CHECK_WORKER_COMMAND} only runs inside a worker thread`);
  const options = fileCheckOptions(workerData as FileCheckSetup);
  return new Promise((resolve) => {
    port.on('message', (job: JobMessage) => {
      port.postMessage({ index: job.index, report: checkTarget(job.target, options) } satisfies ResultMessage);
    });
    port.on('close', resolve);
  });
}
