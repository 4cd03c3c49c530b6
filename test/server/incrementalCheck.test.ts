import { strict as assert } from 'node:assert';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { analyze } from '../../server/src/analyze';
import { checkIncrementally } from '../../server/src/incrementalCheck';
import { applyEdits, type OffsetEdit } from '../../server/src/textEdits';
import { applyPatch } from '../../server/src/findingsPatch';
import { SESSION } from './session';

const settings = DEFAULT_SETTINGS;

/** The same findings a full check of the new text gives, apart from how they were computed. */
function sameAsFull(raw: string, edits: OffsetEdit[]) {
  let text = raw;
  let kept = analyze({ raw, settings });
  const modes: string[] = [];
  for (const edit of edits) {
    // The request thread holds its own copy of the findings (they crossed a thread boundary).
    const before = structuredClone(kept.analysis);
    const next = checkIncrementally(kept, text, edit, settings);
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
    assert.equal(checkIncrementally(kept, SESSION, { start: toolAt, end: toolAt + 5, text: '$4.2M' }, settings), undefined);
    assert.equal(checkIncrementally(kept, SESSION, { start: lineBreak, end: lineBreak + 1, text: '' }, settings), undefined);
    assert.equal(
      checkIncrementally(kept, SESSION, { start: answerAt, end: answerAt, text: 'x' }, { ...settings, modelOutputsAsContext: true }),
      undefined,
    );
  });
});
