/**
 * The time and memory one input may take, growing with its size: a check
 * that is linear in its input stays far inside them, one that is quadratic
 * in the entities of a turn or holds a whole inflated archive does not.
 * Time is the CPU time of the thread that checks the input, so a machine
 * busy with other work does not make an input look slow (wall time where
 * the thread's own time cannot be read). Memory is the growth of the JS heap
 * plus external buffers across the input, a lower bound of its peak (a
 * collection may run in between).
 */
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

/** Milliseconds any input may take, however small. */
export const SLOW_MS = 2000;
/** Heap growth any input may cause, however small. */
export const MEMORY_BASE_MB = 256;

/** SLOW_MS plus one second per million characters. */
export function timeBoundMs(chars: number): number {
  return SLOW_MS + chars / 1000;
}

/** MEMORY_BASE_MB plus 48 bytes per character (a decoded JSON tree, its segments and their index). */
export function memoryBoundBytes(chars: number): number {
  return MEMORY_BASE_MB * 1024 * 1024 + 48 * chars;
}

/** The JS heap plus the buffers outside it; v8's own figures, far cheaper to read per input than process.memoryUsage(). */
export function heapInUse(): number {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** Linux's clock ticks per second for /proc times (CLK_TCK, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/**
 * Milliseconds of CPU this thread has used (Linux's /proc/thread-self; 10 ms
 * steps), or undefined where that cannot be read. Node 20 has no per-thread
 * CPU clock, and process.cpuUsage() counts every worker at once.
 */
export function threadCpuMs(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/thread-self/stat', 'latin1');
  } catch {
    return undefined;
  }
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
