/**
 * How far V8 lets the heap grow between full collections while a stream of
 * RAG rows is checked.
 *
 * Each row is checked and dropped, so what a full collection keeps (code,
 * the rules' tables, the row in hand) is the same after 10,000 rows as after
 * a million; all that builds up between two full collections is the little of
 * each row that outlived a young collection (under 1 KB). V8's own schedule
 * lets the old generation grow to several times what the last full collection
 * kept before it collects again, a bet that the heap is still growing, as it
 * is while a file's transcript is built. A stream never wins that bet: the
 * process's peak memory kept rising for 75,000 rows and more, 30–40% over its
 * peak at 10,000 by the 100,000th row. With the growth held to a fifth over
 * what survives (V8 still leaves a few MB of room on top), a full collection
 * comes every few thousand rows, takes milliseconds on a heap this small, and
 * the peak stays within 10% of the one at 10,000 rows; rows per CPU-second
 * measured the same within the noise of a shared machine.
 *
 * V8 reads this setting each time it sets the size at which the next full
 * collection starts, so setting it once the stream is known to be rows takes
 * effect from the next one. It applies to the stream's rows alone and is put
 * back after, so a file check keeps V8's own schedule; a growth the user set
 * for node (NODE_OPTIONS, node's own flags) is left as it is.
 */
import { setFlagsFromString } from 'node:v8';

/** Growth allowed over what a full collection kept, in percent. */
const STREAM_HEAP_GROWTH_PERCENT = 20;

const GROWTH_FLAG = /--heap[-_]growing[-_]percent\b/;

/** Runs `check` with the heap held near what it keeps alive, and V8's schedule back once it settles. */
export async function withLevelHeap<T>(check: () => Promise<T>): Promise<T> {
  if (growthSetByUser()) return check();
  setFlagsFromString(`--heap-growing-percent=${STREAM_HEAP_GROWTH_PERCENT}`);
  try {
    return await check();
  } finally {
    // 0 is V8's default: no fixed growth, its own heuristics.
    setFlagsFromString('--heap-growing-percent=0');
  }
}

function growthSetByUser(): boolean {
  return process.execArgv.some((a) => GROWTH_FLAG.test(a)) || GROWTH_FLAG.test(process.env.NODE_OPTIONS ?? '');
}
