/**
 * The classification worker (bundled to dist/worker.js). Checks run here so
 * the request thread keeps answering hovers and code actions while a large
 * file is being checked. Jobs come in order on the worker's own port;
 * queries (where the context has an entity, which a hover waits on) come on
 * a port of their own, answered between jobs and also between the outputs
 * of a running check.
 */
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { DocumentMemory } from './documentMemory';
import { toWire, type WorkerJob, type WorkerReply } from './workerProtocol';

const documents = new DocumentMemory();
const queries: MessagePort | undefined = (workerData as { queries?: MessagePort } | undefined)?.queries;

/** Answers every query waiting, at once: a hover should not wait for a 20 MB check of another file. */
function answerQueries(): void {
  if (!queries) return;
  for (let m = receiveMessageOnPort(queries); m; m = receiveMessageOnPort(queries)) run(m.message);
}

function run({ id, job }: { id: number; job: WorkerJob }): void {
  let reply: WorkerReply;
  try {
    if (job.kind === 'check') reply = documents.check(id, job, (partial) => parentPort?.postMessage(toWire(partial)), answerQueries);
    else if (job.kind === 'selection') reply = documents.selection(id, job);
    else if (job.kind === 'view') reply = documents.view(id, job);
    else if (job.kind === 'places') reply = documents.places(id, job);
    else if (job.kind === 'usage') reply = documents.usage(id, job);
    else {
      documents.forget(job.uri);
      reply = { id, ok: true, forgotten: true };
    }
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort?.postMessage(toWire(reply));
}

parentPort?.on('message', run);
queries?.on('message', run);
