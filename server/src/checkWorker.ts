/**
 * The request thread's handle on the classification worker: one promise per
 * job, answered in order. If the worker dies, pending jobs fail and the next
 * job starts a fresh worker (which then asks for whole texts again).
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerJob, WorkerPartial, WorkerReply } from './workerProtocol';

export class CheckWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: WorkerReply) => void; reject: (e: Error) => void; partial?: (p: WorkerPartial['partial']) => void }
  >();

  constructor(private readonly script = path.join(__dirname, 'worker.js')) {}

  /** Runs a job; `onPartial` hears a check's progress before its reply. */
  run(job: WorkerJob, onPartial?: (p: WorkerPartial['partial']) => void): Promise<WorkerReply> {
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, partial: onPartial });
      worker.postMessage({ id, job });
    });
  }

  async dispose(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (reply: WorkerReply | WorkerPartial) => {
      if ('partial' in reply) {
        this.pending.get(reply.id)?.partial?.(reply.partial);
        return;
      }
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`classification worker exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
