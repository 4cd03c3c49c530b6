/**
 * The request thread's handle on the classification worker: one promise per
 * job, answered in order. If the worker dies (a crash, or a check that ran
 * out of memory), pending jobs fail with WorkerDied and the next job starts a
 * fresh worker (which then asks for whole texts again); the request thread,
 * and with it hovers and the problems already shown, lives on.
 */
import * as path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WorkerJob, WorkerPartial, WorkerReply } from './workerProtocol';

/**
 * The worker's heap limit. VS Code hands extensions files of at most 50 MB,
 * and a 50 MB session checks in about 1 GB, so 2 GB is room for any file the
 * server gets, and a file built to exhaust memory stops there, in the worker.
 * `GROUNDCHECK_WORKER_HEAP_MB` sets another limit.
 */
export function workerLimits(env: NodeJS.ProcessEnv): ResourceLimits {
  const mb = Number(env.GROUNDCHECK_WORKER_HEAP_MB);
  return { maxOldGenerationSizeMb: Number.isFinite(mb) && mb > 0 ? mb : 2048 };
}

/** The worker stopped before it answered a job. */
export class WorkerDied extends Error {
  constructor(
    message: string,
    /** This job was the one being worked on: it may be what killed the worker. */
    readonly wasRunning: boolean,
  ) {
    super(message);
  }
}

export class CheckWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: WorkerReply) => void; reject: (e: Error) => void; partial?: (p: WorkerPartial['partial']) => void }
  >();

  constructor(
    private readonly script = path.join(__dirname, 'worker.js'),
    private readonly limits?: ResourceLimits,
  ) {}

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
    const worker = new Worker(this.script, this.limits ? { resourceLimits: this.limits } : undefined);
    worker.on('message', (reply: WorkerReply | WorkerPartial) => {
      if ('partial' in reply) {
        this.pending.get(reply.id)?.partial?.(reply.partial);
        return;
      }
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (message: string) => {
      if (this.worker === worker) this.worker = undefined;
      // The worker answers jobs in order: the first one pending is the one it was on.
      let first = true;
      for (const p of this.pending.values()) {
        p.reject(new WorkerDied(message, first));
        first = false;
      }
      this.pending.clear();
    };
    worker.on('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the classification worker ran out of memory' : `the classification worker failed: ${err.message}`),
    );
    worker.on('exit', (code) => fail(`the classification worker stopped (exit code ${code})`));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
