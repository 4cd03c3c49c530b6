/**
 * Checking many transcripts one after another (a stream of RAG rows) and
 * letting each result go: what a check makes for one output dies young, so
 * the old generation does not fill with garbage that only a full
 * collection frees, and a long stream's memory stays level.
 */
import { strict as assert } from 'node:assert';
import { getHeapSpaceStatistics } from 'node:v8';
import { RagRows } from '../../../bench/generators/ragRows';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { ragasFormat } from '../../../shared/transcript/formats/ragas';

function oldGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
}

describe('outputs checked one by one', () => {
  it('leave the old generation next to nothing per output', () => {
    const rows = new RagRows(11);
    const checkRow = (i: number) => {
      const t = ragasFormat.parse({ raw: rows.next(), firstRow: i });
      const [output] = checkTranscript(t).outputs;
      assert.ok(output.result.entities.length > 0);
    };
    for (let i = 0; i < 300; i++) checkRow(i);
    const ROWS = 2000;
    let grown = 0;
    let last = oldGenerationBytes();
    for (let i = 0; i < ROWS; i++) {
      checkRow(i);
      const now = oldGenerationBytes();
      // A full collection in between shrinks it: only growth counts.
      if (now > last) grown += now - last;
      last = now;
    }
    const perRow = grown / ROWS;
    // A row's check allocates over 100 KB; were a share of it promoted, or a hidden class made per output, this would be 700 bytes or more.
    assert.ok(perRow < 400, `the old generation grew by ${Math.round(perRow)} bytes a row over ${ROWS} rows`);
  });
});
