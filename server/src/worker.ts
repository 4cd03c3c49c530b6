/**
 * The classification worker (bundled to dist/worker.js). Checks run here so
 * the request thread keeps answering hovers and code actions while a large
 * file is being checked.
 */
import { parentPort } from 'node:worker_threads';
import { CheckSessions } from './checkSessions';
import type { WorkerJob, WorkerReply } from './workerProtocol';

const sessions = new CheckSessions();

parentPort?.on('message', ({ id, job }: { id: number; job: WorkerJob }) => {
  let reply: WorkerReply;
  try {
    if (job.kind === 'check') reply = sessions.check(id, job, (partial) => parentPort?.postMessage(partial));
    else if (job.kind === 'selection') reply = sessions.selection(id, job);
    else if (job.kind === 'view') reply = sessions.view(id, job);
    else if (job.kind === 'places') reply = sessions.places(id, job);
    else if (job.kind === 'usage') reply = sessions.usage(id, job);
    else {
      sessions.forget(job.uri);
      reply = { id, ok: true, forgotten: true };
    }
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort?.postMessage(reply);
});
