/**
 * CPU time of each thread of another process, from /proc (Linux only), so a
 * suite can say which threads of the language server a check keeps busy:
 * its request thread, its worker, and V8's helper threads (optimizing
 * compiler, concurrent and parallel garbage collection). On a machine with
 * few cores their sum, not the worker alone, bounds how fast a check can be.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds per thread id, or undefined where /proc is not there. */
export function threadCpuMs(pid: number): Map<number, number> | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const out = new Map<number, number>();
  for (const tid of tids) {
    try {
      // The fields after the command name, which may itself hold ") " (proc(5): read from the last bracket); utime and stime
      // are the 12th and 13th after it, in USER_HZ (100 a second on Linux).
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** The process's peak resident memory in MB (VmHWM), or undefined where /proc is not there. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

export interface ThreadSplit {
  totalMs: number;
  /** The process's first thread: the language server's request thread. */
  mainMs: number;
  /** The busiest other thread: during a check, the classification worker. */
  busiestMs: number;
  /** Every other thread: V8's helpers and libuv's pool. */
  restMs: number;
}

/** How the CPU time spent between two readings of `pid` is split over its threads. */
export function splitThreads(pid: number, before: Map<number, number>, after: Map<number, number>): ThreadSplit {
  let mainMs = 0;
  let busiestMs = 0;
  let totalMs = 0;
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0);
    totalMs += spent;
    if (tid === pid) mainMs = spent;
    else busiestMs = Math.max(busiestMs, spent);
  }
  return { totalMs, mainMs, busiestMs, restMs: totalMs - mainMs - busiestMs };
}
