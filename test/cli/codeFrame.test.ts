import { strict as assert } from 'node:assert';
import { codeFrame } from '../../cli/check/codeFrame';
import { Locator } from '../../cli/check/locator';
import { Progress } from '../../cli/check/progress';

describe('code frames', () => {
  it('show a short line whole with the entity underlined', () => {
    const raw = 'first\nrevenue was $4.2M today\nlast';
    assert.deepEqual(codeFrame(raw, 6, 29, 18, 23), {
      text: 'revenue was $4.2M today',
      cutLeft: false,
      cutRight: false,
      underlineStart: 12,
      underlineLength: 5,
    });
  });

  it('window a long line around the entity, 30 units of lead and 100 in all', () => {
    const raw = 'x'.repeat(5000) + 'ENTITY' + 'y'.repeat(5000);
    const f = codeFrame(raw, 0, raw.length, 5000, 5006);
    assert.equal(f.text, 'x'.repeat(30) + 'ENTITY' + 'y'.repeat(64));
    assert.deepEqual([f.cutLeft, f.cutRight, f.underlineStart, f.underlineLength], [true, true, 30, 6]);
  });

  it('never cut a surrogate pair at the window edge', () => {
    const raw = 'a'.repeat(9) + '😀' + 'b'.repeat(20) + 'N' + 'c'.repeat(200);
    // Lead of 30 would start the window on the emoji's low surrogate (index 10).
    const f = codeFrame(raw, 0, raw.length, 40, 41);
    assert.equal(f.text.startsWith('b'), true);
    assert.equal(f.underlineStart, 29);
  });

  it('show only the entity’s line, whichever line break (LF, CRLF, CR) ends it', () => {
    const raw = 'first\r\nsecond\rthird\nlast';
    const locator = new Locator('f.md', raw, undefined);
    const shown = (word: string) => locator.frame(undefined, [raw.indexOf(word) + 1, raw.indexOf(word) + 2]).text;
    assert.deepEqual(['first', 'second', 'third', 'last'].map(shown), ['first', 'second', 'third', 'last']);
    assert.deepEqual(locator.here([raw.indexOf('third'), raw.indexOf('third') + 5]).line, 3);
  });
});

describe('progress bar', () => {
  function stream(isTTY: boolean) {
    const writes: string[] = [];
    return { isTTY, writes, write: (t: string) => writes.push(t) };
  }

  it('stays silent on a pipe however long the run', () => {
    const s = stream(false);
    let now = 0;
    const p = new Progress(s, 10, () => now);
    now = 5000;
    p.update(3, 30);
    p.finish();
    assert.deepEqual(s.writes, []);
  });

  it('appears on a terminal only after a second, then erases itself', () => {
    const s = stream(true);
    let now = 0;
    const p = new Progress(s, 4, () => now);
    now = 900;
    p.update(1, 10);
    assert.deepEqual(s.writes, []);
    now = 1200;
    p.update(2, 20);
    p.finish();
    assert.deepEqual(s.writes, [`\r\u001b[2K${'█'.repeat(12)}${'░'.repeat(12)} 2/4 files, 20 outputs`, '\r\u001b[2K']);
  });
});
