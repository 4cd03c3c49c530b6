import { strict as assert } from 'node:assert';
import { TrackedFile } from '../../../shared/code/facts/trackedLines';
import { patchSections } from '../../../shared/code/facts/patchHunks';
import type { ShownLines } from '../../../shared/code/facts/lineGutters';

/** Segment 0 is a read of lines `from`…, one per line; segment 1 holds an edit's or a patch's text. */
function setup(lines: string[], from: number, edit: string) {
  const read = lines.join('\n');
  const segments = [read, edit];
  const shown: ShownLines = { file: 'a.py', lines: [], starts: [], ends: [], complete: false };
  let at = 0;
  lines.forEach((l, i) => {
    shown.lines.push(from + i);
    shown.starts.push(at);
    shown.ends.push(at + l.length);
    at += l.length + 1;
  });
  const t = new TrackedFile((id) => segments[id]);
  t.show(shown, 0);
  /** The known lines as `line: text`, each text read as a consumer reads it (its place, unless given). */
  const now = () => {
    const l = t.listing('a.py');
    if (!l) return [];
    return l.lines.map((n, i) => `${n}: ${l.texts?.[i] ?? segments[l.segments![i]].slice(l.starts[i], l.ends[i])}`);
  };
  return { t, now };
}

describe('lines shown of a file, followed through the edits after', () => {
  it('moves the lines after a patch hunk found once among them, and takes the hunk text for its own lines', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@ def a\n b = 2\n-c = 3\n+c = 30\n+d = 4\n e = 5\n*** End Patch';
    const { t, now } = setup(['a = 1', 'b = 2', 'c = 3', 'e = 5', 'f = 6'], 10, patch);
    t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(now(), ['10: a = 1', '11: b = 2', '12: c = 30', '13: d = 4', '14: e = 5', '15: f = 6']);
  });

  it('replaces an edit tool’s text inside lines, keeping the rest of them', () => {
    const { t, now } = setup(['def run(x):', '    return x', 'END = 1'], 5, 'return x + 1\n    # done');
    t.edit([{ oldText: 'return x', newText: 'return x + 1\n    # done', segment: 1, offset: 0, all: false }]);
    // `return x + 1` mixes the line's start with the new text: its text is kept whole; `# done` lies in the new text.
    assert.deepEqual(now(), ['5: def run(x):', '6:     return x + 1', '7:     # done', '8: END = 1']);
  });

  it('forgets every line from where an edit it cannot place could start', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@\n q = 9\n p = 8\n+r = 10\n*** End Patch';
    // Lines 1-3 known: the hunk's two lines are not among them, so it holds line 4 or later, never shown, and starts at line 3 at the earliest.
    const head = setup(['a = 1', 'b = 2', 'c = 3'], 1, patch);
    head.t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(head.now(), ['1: a = 1', '2: b = 2']);
    // Lines 10-12 known: it may lie above them, and move them all.
    const part = setup(['a = 1', 'b = 2', 'c = 3'], 10, patch);
    part.t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(part.now(), []);
  });

  it('forgets what follows a hunk found twice, and an edit found twice', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@\n x = 0\n+y = 1\n*** End Patch';
    const twice = setup(['a = 1', 'x = 0', 'b = 2', 'x = 0', 'c = 3'], 1, patch);
    twice.t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(twice.now(), ['1: a = 1']);
    const edited = setup(['a = 1', 'x = 0', 'x = 0'], 1, 'z');
    edited.t.edit([{ oldText: 'x = 0', newText: 'z', segment: 1, offset: 0, all: false }]);
    assert.deepEqual(edited.now(), []);
  });

  it('gives a line an edit changed partway no place, since no segment holds it whole', () => {
    const edit = '(request, extra):';
    const { t, now } = setup(['x = 1', 'def render_page(request):', 'y = 2'], 30, edit);
    t.edit([{ oldText: '(request):', newText: edit, segment: 1, offset: 0, all: false }]);
    assert.deepEqual(now(), ['30: x = 1', '31: def render_page(request, extra):', '32: y = 2']);
    const l = t.listing('a.py')!;
    assert.deepEqual(
      l.lines.map((n, i) => [n, l.segments![i], l.starts[i], l.ends[i]]),
      [
        [30, 0, 0, 5],
        [31, -1, 0, 0],
        [32, 0, 32, 37],
      ],
    );
  });
});
