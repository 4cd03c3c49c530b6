/**
 * Segments whose line is worked out on first read (RAG rows, eval records,
 * Markdown chats): the line is right and reads as a plain property, and a
 * parsed row that is let go is freed by the young generation, so a stream of
 * rows checked one by one does not pile dead rows up in the old generation.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { RagRows } from '../../../../bench/generators/ragRows';
import { ragasFormat } from '../../../../shared/transcript/formats/ragas';
import { oldGenerationGrowthPerStep } from '../../oldGenerationGrowth';

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
    const perRow = oldGenerationGrowthPerStep(join(__dirname, '../../ragRowSteps'), 'parseRow', 500, 4000);
    // A row's parse is about 8 KB (segments, maps, its JSON): were each kept past the young generation, this would be near that.
    assert.ok(perRow < 500, `the old generation grew by ${Math.round(perRow)} bytes a row`);
  }).timeout(120_000);
});
