/**
 * Segments whose line is worked out on first read (RAG rows, eval records,
 * Markdown chats): the line is right and reads as a plain property, and a
 * parsed row that is let go is freed by the young generation, so a stream of
 * rows checked one by one does not pile dead rows up in the old generation.
 */
import { strict as assert } from 'node:assert';
import { getHeapSpaceStatistics } from 'node:v8';
import { RagRows } from '../../../../bench/generators/ragRows';
import { ragasFormat } from '../../../../shared/transcript/formats/ragas';
import type { Transcript } from '../../../../shared/transcript/model';

function oldGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
}

describe('deferred segment lines', () => {
  it('are the lines the segments start on, enumerable in their place, and copied by a spread', () => {
    const rows = new RagRows(3);
    const raw = rows.next() + rows.next() + rows.next();
    const t = ragasFormat.parse({ raw });
    const answer = t.segments.filter((s) => s.isOutput);
    assert.deepEqual(
      answer.map((s) => s.line),
      [0, 1, 2],
    );
    assert.deepEqual(
      t.segments.map((s) => raw.slice(0, s.map.toRaw(0)).split('\n').length - 1),
      t.segments.map((s) => s.line),
    );
    const first = t.segments[0];
    assert.deepEqual(Object.keys(first), ['id', 'role', 'text', 'map', 'line', 'parent', 'isOutput', 'label']);
    const copy = { ...answer[2] };
    assert.equal(Object.getOwnPropertyDescriptor(copy, 'line')?.value, 2);
    assert.equal(JSON.parse(JSON.stringify({ line: answer[1].line })).line, 1);
  });

  it('leave a parsed row nothing that outlives it into the old generation', () => {
    const rows = new RagRows(7);
    const parseRow = (i: number): Transcript => {
      const t = ragasFormat.parse({ raw: rows.next(), firstRow: i });
      // A report reads each output's line.
      for (const s of t.segments) if (s.isOutput) assert.ok(s.line >= 0);
      return t;
    };
    for (let i = 0; i < 500; i++) parseRow(i);
    const ROWS = 4000;
    let grown = 0;
    let last = oldGenerationBytes();
    for (let i = 0; i < ROWS; i++) {
      parseRow(i);
      const now = oldGenerationBytes();
      // A full collection in between shrinks it: only growth counts.
      if (now > last) grown += now - last;
      last = now;
    }
    // A row's parse is about 8 KB (segments, maps, its JSON): were each promoted, 4000 rows would add some 30 MB.
    assert.ok(grown < 2 * 1024 * 1024, `the old generation grew by ${(grown / 1024 / 1024).toFixed(1)} MB over ${ROWS} rows`);
  });
});
