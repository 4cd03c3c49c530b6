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
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@ a = 1\n b = 2\n-c = 3\n+c = 30\n+d = 4\n e = 5\n*** End Patch';
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
    // Lines 10-14 known: lines never shown above could hold the hunk's line too.
    const twice = setup(['a = 1', 'x = 0', 'b = 2', 'x = 0', 'c = 3'], 10, patch);
    twice.t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(twice.now(), []);
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

  it('places a patch hunk at its first match only when no line never shown comes before it, or its lines are distinct', () => {
    const patch = (hunk: string) => `*** Begin Patch\n*** Update File: a.py\n${hunk}\n*** End Patch`;
    const apply = (lines: string[], from: number, text: string) => {
      const s = setup(lines, from, text);
      s.t.patch(patchSections(text)[0].hunks!, 1);
      return s.now();
    };
    // `return x` may be on a line above 50, which the tool would change instead.
    assert.deepEqual(apply(['def f(x):', '    return x'], 50, patch('@@\n     return x\n+    # added')), []);
    // From line 1 on every line is known: the tool takes the first of two matches.
    assert.deepEqual(apply(['x = 0', 'b = 2', 'x = 0'], 1, patch('@@\n x = 0\n+y = 1')), ['1: x = 0', '2: y = 1', '3: b = 2', '4: x = 0']);
    // Two lines found once each among what is known place the hunk though lines above were never shown.
    assert.deepEqual(apply(['def f(x):', '    return x', 'z = 1'], 50, patch('@@\n def f(x):\n     return x\n+    # added')), [
      '50: def f(x):',
      '51:     return x',
      '52:     # added',
      '53: z = 1',
    ]);
  });

  it('seeks a hunk after the line its @@ text names', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@ def g(x):\n     return x\n+    # added\n*** End Patch';
    // `def g` is not among lines 1-3: the hunk lies below them, which stay as they were.
    const { t, now } = setup(['def f(x):', '    return x', 'z = 1'], 1, patch);
    t.patch(patchSections(patch)[0].hunks!, 1);
    assert.deepEqual(now(), ['1: def f(x):', '2:     return x', '3: z = 1']);
    const named = '*** Begin Patch\n*** Update File: a.py\n@@ def g(x):\n     return x\n+    # added\n*** End Patch';
    const both = setup(['def f(x):', '    return x', 'def g(x):', '    return x'], 1, named);
    both.t.patch(patchSections(named)[0].hunks!, 1);
    assert.deepEqual(both.now(), ['1: def f(x):', '2:     return x', '3: def g(x):', '4:     return x', '5:     # added']);
  });
});
