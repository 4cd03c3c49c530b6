import { strict as assert } from 'node:assert';
import { conversationsOf } from '../../cli/check/conversations';
import type { Role, Segment, Transcript } from '../../shared/transcript/model';
import { ShiftMap } from '../../shared/transcript/offsets/offsetMaps';

function transcript(rows: number): Transcript {
  const segments: Segment[] = [];
  const add = (role: Role, text: string, parent: number, isOutput = false) =>
    segments.push({ id: segments.length, role, text, map: new ShiftMap(segments.length * 100), line: segments.length, parent, isOutput });
  for (let r = 0; r < rows; r++) {
    const q = segments.length;
    add('user', `question ${r}`, -1);
    add('document', `passage ${r}`, q);
    add('assistant', `answer ${r}`, q + 1, true);
  }
  return { format: 'ragas', segments, errors: [], gaps: [] };
}

describe('independent conversations', () => {
  it('leave a transcript with few trees whole', () => {
    const t = transcript(3);
    assert.deepEqual(conversationsOf(t), [t]);
  });

  it('split many rows into one transcript per row, ids and parents renumbered', () => {
    const parts = conversationsOf(transcript(8));
    assert.equal(parts.length, 8);
    const fifth = parts[4];
    assert.deepEqual(
      fifth.segments.map((s) => [s.id, s.role, s.text, s.parent, s.isOutput, s.map.toRaw(0)]),
      [
        [0, 'user', 'question 4', -1, false, 1200],
        [1, 'document', 'passage 4', 0, false, 1300],
        [2, 'assistant', 'answer 4', 1, true, 1400],
      ],
    );
  });

  it('drop trees without outputs and follow parents that come later in the file', () => {
    const t = transcript(8);
    // A stray document with no answer, and a row whose answer is listed before its context.
    t.segments.push({ id: 24, role: 'document', text: 'orphan', map: new ShiftMap(0), line: 24, parent: -1, isOutput: false });
    t.segments.push({ id: 25, role: 'assistant', text: 'late answer', map: new ShiftMap(0), line: 25, parent: 26, isOutput: true });
    t.segments.push({ id: 26, role: 'user', text: 'late question', map: new ShiftMap(0), line: 26, parent: -1, isOutput: false });
    const parts = conversationsOf(t);
    assert.equal(parts.length, 9);
    assert.deepEqual(
      parts[8].segments.map((s) => [s.id, s.text, s.parent]),
      [
        [0, 'late answer', 1],
        [1, 'late question', -1],
      ],
    );
  });

  it('copy segments without reading their lazy fields', () => {
    const t = transcript(8);
    let reads = 0;
    Object.defineProperty(t.segments[4], 'line', { enumerable: true, get: () => (reads++, 4) });
    const parts = conversationsOf(t);
    assert.equal(reads, 0);
    assert.equal(parts[1].segments[1].line, 4);
    assert.equal(reads, 1);
  });

  it('keep a compaction with the branch it summarised, which starts another tree, and renumber the link', () => {
    const t = transcript(9);
    // Row 6's question is a compaction summary on a root of its own; the branch it replaced ends at row 5's passage.
    t.segments[18].compactedFrom = 16;
    const parts = conversationsOf(t);
    assert.equal(parts.length, 8);
    const joined = parts.find((c) => c.segments.some((s) => s.text === 'question 6'))!;
    assert.deepEqual(
      joined.segments.map((s) => [s.id, s.text, s.parent, s.compactedFrom]),
      [
        [0, 'question 5', -1, undefined],
        [1, 'passage 5', 0, undefined],
        [2, 'answer 5', 1, undefined],
        [3, 'question 6', -1, 1],
        [4, 'passage 6', 3, undefined],
        [5, 'answer 6', 4, undefined],
      ],
    );
    // The whole file's segment keeps its own link.
    assert.equal(t.segments[18].compactedFrom, 16);
  });
});
