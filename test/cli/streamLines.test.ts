/**
 * Standard input read as lines, and the lines grouped for a reader that
 * pays per group: input that is already waiting (a file piped in) comes in
 * a few large groups, input that trickles in (an agent still writing) as
 * each read lands.
 */
import { strict as assert } from 'node:assert';
import { setTimeout as sleep } from 'node:timers/promises';
import { linesByRead, readsAsReady, type StreamLine, streamLines } from '../../cli/check/stream/streamLines';

/** `reads` reads of `linesPerRead` JSON lines each, every read after `pauseMs` (0: all at once). */
async function* source(reads: number, linesPerRead: number, pauseMs: number): AsyncGenerator<Buffer> {
  for (let r = 0; r < reads; r++) {
    if (pauseMs > 0) await sleep(pauseMs);
    let chunk = '';
    for (let l = 0; l < linesPerRead; l++) chunk += `${JSON.stringify({ read: r, line: l })}\n`;
    yield Buffer.from(chunk);
  }
}

async function groupsOf(input: AsyncIterable<Buffer>, minUnits: number): Promise<StreamLine[][]> {
  const groups: StreamLine[][] = [];
  for await (const g of readsAsReady(linesByRead(streamLines(input, 1 << 20)[Symbol.asyncIterator]())[Symbol.asyncIterator](), minUnits)) groups.push(g);
  return groups;
}

const units = (g: readonly StreamLine[]) => g.reduce((n, l) => n + l.text.length, 0);

describe('reading standard input in groups of lines', function () {
  this.timeout(20_000);

  it('joins reads that are already waiting into groups each as long as all before it, every line once and in order', async () => {
    const groups = await groupsOf(source(256, 10, 0), 1_000);
    const lines = groups.flat();
    assert.equal(lines.length, 2560);
    lines.forEach((l, i) => assert.deepEqual(JSON.parse(l.text), { read: Math.floor(i / 10), line: i % 10 }));
    assert.ok(groups.length <= 12, `${groups.length} groups for 256 reads`);
    let before = 0;
    for (const g of groups.slice(0, -1)) {
      assert.ok(units(g) >= Math.max(1_000, before), `a group of ${units(g)} units after ${before}`);
      before += units(g);
    }
  });

  it('hands on each read of a stream that trickles in as it lands, without waiting for more', async () => {
    const started = Date.now();
    const arrivals: number[] = [];
    for await (const g of readsAsReady(linesByRead(streamLines(source(5, 3, 60), 1 << 20)[Symbol.asyncIterator]())[Symbol.asyncIterator](), 1_000)) {
      arrivals.push(Date.now() - started);
      assert.equal(g.length, 3, 'one read per group');
    }
    assert.equal(arrivals.length, 5);
    // Each read waits 60 ms to land; its group follows within the short join wait, not after the stream ends.
    assert.ok(arrivals[0] < 250, `first group after ${arrivals[0]} ms`);
  });
});
