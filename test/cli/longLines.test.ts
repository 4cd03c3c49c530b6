import { strict as assert } from 'node:assert';
import { checkFile } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { findingsOf } from '../../cli/check/reportedFindings';
import { Locator } from '../../cli/check/locator';
import { unitsRead } from '../shared/unitsRead';

/**
 * A chat exported as one line of JSON holds the whole file in one line, and
 * every finding in it. The report finds each finding's line from the file's
 * line index; reading the line per finding made the CLI minutes slow where
 * the server took a second. Work is counted, not timed.
 */

/** A one-line chat: a context of `contextSize` units, then an answer with `values` numbers it does not give. */
function oneLineChat(contextSize: number, values: number): string {
  const sentence = 'Route 17 returned 200 errors in the last hour. ';
  const context = sentence.repeat(Math.ceil(contextSize / sentence.length));
  const answer = Array.from({ length: values }, (_, i) => `route 17 returned ${100_000 + i * 13} errors`).join(', ') + '.';
  return JSON.stringify({
    messages: [
      { role: 'user', content: context },
      { role: 'assistant', content: answer },
    ],
  });
}

describe('findings on one long line', () => {
  it('get their code frames without the line being read', () => {
    const raw = '{"a":1}\n' + 'x'.repeat(1_000_000) + 'VALUE' + 'y'.repeat(1_000_000) + '\n{"b":2}';
    const locator = new Locator('chat.json', raw, undefined);
    const at = raw.indexOf('VALUE');
    let frame: ReturnType<Locator['frame']> | undefined;
    const read = unitsRead(() => {
      for (let k = 0; k < 1_000; k++) frame = locator.frame(undefined, [at, at + 5]);
    });
    // A frame reads the few units at its window's edges (surrogate pairs), never the line.
    assert.ok(read <= 10 * 1_000, `read ${read} units for 1,000 frames`);
    assert.equal(frame!.text.slice(frame!.underlineStart, frame!.underlineStart + frame!.underlineLength), 'VALUE');
    assert.deepEqual([frame!.cutLeft, frame!.cutRight], [true, true]);
    const last = locator.frame(undefined, [raw.length - 3, raw.length - 1]);
    assert.equal(last.text, '{"b":2}');
  });

  it('are reported in work that grows with the file, not with the file times the findings', () => {
    const raw = oneLineChat(1_000_000, 2_000);
    let report: ReturnType<typeof checkFile> | undefined;
    const read = unitsRead(() => (report = checkFile({ file: 'chat.json', raw }, { settings: defaultSettings(), ledger: false })));
    const findings = findingsOf(report!);
    assert.equal(findings.length, 2_000);
    // Reading the line once per finding would be 2,000 times the file.
    assert.ok(read <= 20 * raw.length, `read ${read} units for a file of ${raw.length} with ${findings.length} findings`);
    // Each frame still shows its own value, windowed out of the one line.
    const middle = findings[1_000];
    assert.equal(middle.occurrence.line, 1);
    assert.equal(middle.entity.text, `${100_000 + 1_000 * 13} errors`);
    assert.equal(raw.slice(...middle.occurrence.range), middle.entity.text);
    const frame = middle.occurrence.frame!;
    assert.equal(frame.text.slice(frame.underlineStart, frame.underlineStart + frame.underlineLength), middle.entity.text);
    assert.deepEqual([frame.cutLeft, frame.cutRight], [true, true]);
  });

  it('look for their closest match without reading the context once per finding', () => {
    // The answer's key words occur only at the far end of the context: each finding's search reads up to it.
    const context = 'The service logs every request. '.repeat(32_000) + 'Route 17 returned 200 errors.';
    const answer = Array.from({ length: 500 }, (_, i) => `route 17 returned ${100_000 + i * 13} errors`).join(', ') + '.';
    const raw = JSON.stringify({
      messages: [
        { role: 'user', content: context },
        { role: 'assistant', content: answer },
      ],
    });
    let report: ReturnType<typeof checkFile> | undefined;
    const read = unitsRead(() => (report = checkFile({ file: 'chat.json', raw }, { settings: defaultSettings(), ledger: false })));
    const findings = findingsOf(report!);
    assert.equal(findings.length, 500);
    assert.ok(findings.every((f) => f.entity.closest?.text === '200'));
    assert.ok(read <= 20 * raw.length, `read ${read} units for a file of ${raw.length} with ${findings.length} findings`);
  });
});
