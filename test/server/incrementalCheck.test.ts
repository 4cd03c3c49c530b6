import { strict as assert } from 'node:assert';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { analyze, type Analyzed } from '../../server/src/analyze';
import { LineText } from '../../server/src/lineText';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { checkIncrementally } from '../../server/src/incrementalCheck';
import { applyEdits, type OffsetEdit } from '../../server/src/textEdits';
import { applyPatch } from '../../server/src/findingsPatch';
import { nearestPlaces } from '../../server/src/entityPlaces';
import { SESSION } from './session';

const settings = DEFAULT_SETTINGS;

/** What the worker does with an edit: confine it to a line, then re-check incrementally. */
function recheck(kept: Analyzed, text: string, edit: OffsetEdit, s: GroundcheckSettings = settings) {
  const lineEdit = new LineText(text).lineEdit(edit);
  return lineEdit && checkIncrementally(kept, lineEdit, s);
}

/** The same findings a full check of the new text gives, apart from how they were computed. */
function sameAsFull(raw: string, edits: OffsetEdit[]) {
  let text = raw;
  let kept = analyze({ raw, settings });
  const modes: string[] = [];
  for (const edit of edits) {
    // The request thread holds its own copy of the findings (they crossed a thread boundary).
    const before = structuredClone(kept.analysis);
    const next = recheck(kept, text, edit);
    text = applyEdits(text, [edit]);
    kept = next?.analyzed ?? analyze({ raw: text, settings });
    // What the request thread rebuilds from the patch is what the worker holds.
    if (next) assert.deepEqual(applyPatch(before, next.patch), kept.analysis);
    modes.push(kept.analysis.mode);
    const full = analyze({ raw: text, settings }).analysis;
    assert.deepEqual({ ...kept.analysis, mode: 'full' }, full);
  }
  return modes;
}

describe('incremental re-check', () => {
  const answerAt = SESSION.indexOf('$4.2M');

  it('re-checks an edited answer against the kept index and matches a full check', () => {
    const modes = sameAsFull(SESSION, [
      { start: answerAt + 3, end: answerAt + 4, text: '3' },
      { start: answerAt, end: answerAt, text: 'about ' },
      { start: answerAt, end: answerAt + 6, text: '' },
    ]);
    assert.deepEqual(modes, ['incremental', 'incremental', 'incremental']);
  });

  it('shifts later turns when an earlier answer grows', () => {
    const two = SESSION + SESSION.split('\n')[3].replace('"a2"', '"a3"').replace('"u2"', '"a2"').replace('msg_2', 'msg_3') + '\n';
    const modes = sameAsFull(two, [{ start: answerAt, end: answerAt, text: 'roughly ' }]);
    assert.deepEqual(modes, ['incremental']);
  });

  it('falls back to a full check when context changes or the edit spans lines', () => {
    const toolAt = SESSION.indexOf('$4.3M');
    const lineBreak = SESSION.indexOf('\n');
    const kept = analyze({ raw: SESSION, settings });
    assert.equal(recheck(kept, SESSION, { start: toolAt, end: toolAt + 5, text: '$4.2M' }), undefined);
    assert.equal(recheck(kept, SESSION, { start: lineBreak, end: lineBreak + 1, text: '' }), undefined);
    assert.equal(recheck(kept, SESSION, { start: answerAt, end: answerAt, text: 'x' }, { ...settings, modelOutputsAsContext: true }), undefined);
  });
});

describe('LineText', () => {
  it('confines an edit to its line and keeps the text in step', () => {
    const t = new LineText('ab\ncdef\ngh');
    assert.deepEqual(t.lineEdit({ start: 4, end: 6, text: 'XYZ' }), { line: 1, start: 3, end: 7, text: 'cXYZf' });
    assert.equal(t.lineEdit({ start: 4, end: 8, text: '' }), undefined);
    assert.equal(t.lineEdit({ start: 4, end: 4, text: '\n' }), undefined);
    t.apply({ start: 4, end: 6, text: 'XYZ' });
    assert.equal(t.text, 'ab\ncXYZf\ngh');
    assert.deepEqual(t.lineEdit({ start: 9, end: 10, text: 'H' }), { line: 2, start: 9, end: 11, text: 'Hh' });
    t.apply({ start: 2, end: 3, text: '' });
    assert.equal(t.text, 'abcXYZf\ngh');
    assert.equal(t.length, 10);
  });
});

describe('LineText.applyAll', () => {
  it('answers several edits of one line as one line edit', () => {
    const t = new LineText('ab\ncdef\ngh');
    const one = t.applyAll([
      { start: 4, end: 4, text: 'X' },
      { start: 5, end: 5, text: 'Y' },
      { start: 3, end: 4, text: '' },
    ]);
    assert.deepEqual(one, { line: 1, start: 3, end: 7, text: 'XYdef' });
    assert.equal(t.text, 'ab\nXYdef\ngh');
  });

  it('gives no line edit when the edits touch two lines', () => {
    const t = new LineText('ab\ncdef\ngh');
    assert.equal(
      t.applyAll([
        { start: 4, end: 4, text: 'X' },
        { start: 0, end: 1, text: '' },
      ]),
      undefined,
    );
    assert.equal(t.text, 'b\ncXdef\ngh');
  });
});

describe('LineText.append', () => {
  it('adds text at the end and keeps later line edits in step, with and without a final line break', () => {
    for (const start of ['ab\ncd\n', 'ab\ncd', '']) {
      const t = new LineText(start);
      t.append('ef\ng');
      t.append('h\n\nij\n');
      const text = `${start}ef\ngh\n\nij\n`;
      assert.equal(t.text, text);
      assert.equal(t.length, text.length);
      // Every line can still be edited in place, at the offsets the joined text has.
      const at = text.indexOf('ij');
      assert.deepEqual(t.lineEdit({ start: at + 1, end: at + 2, text: 'J' }), {
        line: text.slice(0, at).split('\n').length - 1,
        start: at,
        end: at + 2,
        text: 'iJ',
      });
      t.apply({ start: at + 1, end: at + 2, text: 'J' });
      assert.equal(t.text, text.replace('ij', 'iJ'));
    }
  });
});

describe('incremental re-check of a session with instruction files read from disk', () => {
  it("keeps evidence in CLAUDE.md at the file's own characters when an earlier answer grows", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'groundcheck-incremental-')));
    // Long enough that the name lies past the edit's offset in the session too: an offset of CLAUDE.md must not move with it.
    const notes = `# Ledger\n\n${'Accounts are kept in cents. '.repeat(40)}\n\nSettle accounts with \`reconcileLedger()\`.\n`;
    writeFileSync(join(dir, 'CLAUDE.md'), notes);
    const line = (o: object) => JSON.stringify(o);
    const raw = `${[
      line({ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', cwd: dir, message: { role: 'user', content: 'How are accounts settled?' } }),
      line({
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        sessionId: 's',
        cwd: dir,
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'It takes a moment.' }] },
      }),
      line({ type: 'user', uuid: 'u2', parentUuid: 'a1', sessionId: 's', cwd: dir, message: { role: 'user', content: 'Which function?' } }),
      line({
        type: 'assistant',
        uuid: 'a2',
        parentUuid: 'u2',
        sessionId: 's',
        cwd: dir,
        message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'It is `reconcileLedger()`.' }] },
      }),
    ].join('\n')}\n`;
    const input = (text: string) => ({ raw: text, settings, referenceRoots: [dir] });
    const kept = analyze(input(raw));
    const before = structuredClone(kept.analysis);
    const at = raw.indexOf('a moment');
    const next = recheck(kept, raw, { start: at, end: at, text: 'rather more than ' });
    assert.ok(next, 'an edit inside an answer is re-checked incrementally');
    const after = applyPatch(before, next.patch);
    const full = analyze(input(applyEdits(raw, [{ start: at, end: at, text: 'rather more than ' }]))).analysis;
    assert.deepEqual(after, next.analyzed.analysis);
    assert.deepEqual({ ...after, mode: 'full' }, full);
    // Where the hover leads, read from the check the worker keeps after the edit.
    const checked = next.analyzed.check!.outputs[1].result.entities.find((e) => e.text === '`reconcileLedger()`')!;
    const match = nearestPlaces(next.analyzed.transcript!, checked).matches[0];
    assert.equal(match.source, join(dir, 'CLAUDE.md'));
    assert.equal(notes.slice(match.raw[0], match.raw[1]), 'reconcileLedger');
  });
});
