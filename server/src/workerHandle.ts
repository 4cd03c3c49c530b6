/**
 * The request thread's handle on the classification worker: one promise per
 * job, answered in order; queries (`query`) go on a port of their own and
 * are answered even while a check runs. If the worker dies (a crash, or a check that ran
 * out of memory), pending jobs fail with WorkerDied and the next job starts a
 * fresh worker (which then asks for whole texts again); the request thread,
 * and with it hovers and the problems already shown, lives on.
 */
import * as path from 'node:path';
import { MessageChannel, type MessagePort, Worker, type ResourceLimits } from 'node:worker_threads';
import { fromWire, type JsonText, type PlacesJob, type WorkerJob, type WorkerPartial, type WorkerReply } from './workerProtocol';

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
  /** Where queries are posted: the worker reads them between the outputs of a check. */
  private queries: MessagePort | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: WorkerReply) => void; reject: (e: Error) => void; partial?: (p: WorkerPartial['partial']) => void; query?: true }
  >();

  constructor(
    private readonly script = path.join(__dirname, 'worker.js'),
    private readonly limits?: ResourceLimits,
  ) {}

  /**
   * Starts the worker ahead of its first job: loading its script takes about
   * a tenth of a second, which the first check would otherwise wait for on
   * top of its own time, while the editor is still sending the file.
   */
  start(): void {
    try {
      this.ensure();
    } catch {
      // The first job tries again, and its check reports why the worker cannot start.
    }
  }

  /** Runs a job; `onPartial` hears a check's progress before its reply. */
  run(job: WorkerJob, onPartial?: (p: WorkerPartial['partial']) => void): Promise<WorkerReply> {
    const worker = this.ensure();
    return this.post((message) => worker.postMessage(message), job, { partial: onPartial });
  }

  /** A question answered from what the worker holds, without waiting for the check it may be running. */
  query(job: PlacesJob): Promise<WorkerReply> {
    this.ensure();
    const queries = this.queries!;
    return this.post((message) => queries.postMessage(message), job, { query: true });
  }

  private post(
    send: (message: { id: number; job: WorkerJob }) => void,
    job: WorkerJob,
    how: { partial?: (p: WorkerPartial['partial']) => void; query?: true },
  ): Promise<WorkerReply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...how });
      send({ id, job });
    });
  }

  async dispose(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.queries?.close();
    this.queries = undefined;
    if (w) await w.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const channel = new MessageChannel();
    const worker = new Worker(this.script, {
      workerData: { queries: channel.port2 },
      transferList: [channel.port2],
      ...(this.limits ? { resourceLimits: this.limits } : {}),
    });
    this.queries?.close();
    this.queries = channel.port1;
    // Like the worker: an idle port keeps no process alive.
    channel.port1.unref();
    worker.on('message', (message: WorkerReply | WorkerPartial | JsonText) => {
      const reply = fromWire(message);
      if ('partial' in reply) {
        this.pending.get(reply.id)?.partial?.(reply.partial);
        return;
      }
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (message: string) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.queries?.close();
        this.queries = undefined;
      }
      // The worker answers jobs in order: the first one pending is the one it was on (queries are answered between).
      let first = true;
      for (const p of this.pending.values()) {
        p.reject(new WorkerDied(message, first && !p.query));
        if (!p.query) first = false;
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
