import * as assert from 'node:assert/strict';
import { presentProgress, presentStatus } from '../../client/src/statusPresentation';
import type { FileStatus } from '../../shared/protocol/messages';

function status(over: Partial<FileStatus>): FileStatus {
  return {
    uri: 'file:///t.jsonl',
    version: 1,
    state: 'checked',
    format: 'claude-code',
    formatLabel: 'Claude Code session',
    outputs: 3,
    entities: 12,
    unverified: 2,
    shown: 2,
    total: 2,
    ignored: 0,
    millis: 35,
    reasons: [],
    ...over,
  };
}

describe('status item text', () => {
  it('a checked file shows its unverified count, what was checked and how long it took', () => {
    const { summary, notes } = presentStatus(status({}));
    assert.equal(summary.text, '2 unverified');
    assert.equal(summary.detail, 'Claude Code session · 12 entities, 3 outputs · 35 ms');
    assert.equal(summary.level, 'warning');
    assert.equal(notes, undefined);
  });

  it('a capped file says "N of M shown" once, even when the server lists the cap as a reason', () => {
    const { summary, notes } = presentStatus(status({ unverified: 812, shown: 500, total: 812, reasons: ['500 of 812 shown'], millis: 2400 }));
    assert.equal(summary.detail, 'Claude Code session · 12 entities, 3 outputs · 500 of 812 shown · 2.4 s');
    assert.equal(summary.level, 'warning');
    assert.equal(notes, undefined);
  });

  it('an incomplete context becomes a short note; more reasons are counted', () => {
    const { notes } = presentStatus(status({ reasons: ['context incomplete: the session log omits the system prompt and tool schemas', '2 parse errors'] }));
    assert.equal(notes?.text, 'context incomplete (+1)');
    assert.ok(notes!.detail.length <= 48, notes!.detail);
    assert.ok(notes!.detail.startsWith('the session log omits'));
    assert.ok(notes!.detail.endsWith('…'));
  });

  it('a file that is not checked says why, with the server reason when there is one', () => {
    assert.deepEqual(presentStatus(status({ state: 'not-transcript', reasons: [] })).summary, {
      text: 'not a transcript',
      detail: 'no transcript format recognised',
      level: 'information',
    });
    const tooLarge = presentStatus(status({ state: 'too-large', reasons: ['63.2 MB is over groundcheck.maxFileSizeMB (50)'] }));
    assert.equal(tooLarge.summary.detail, '63.2 MB is over groundcheck.maxFileSizeMB (50)');
    assert.equal(tooLarge.summary.level, 'warning');
  });

  it('a clean file is information, so VS Code shows a check mark', () => {
    const { summary } = presentStatus(status({ unverified: 0, shown: 0, total: 0 }));
    assert.equal(summary.text, '0 unverified');
    assert.equal(summary.level, 'information');
  });
});

describe('status item while a large file is being checked', () => {
  it('says how many outputs are checked of how many', () => {
    const line = presentProgress({ uri: 'file:///s.jsonl', version: 3, checked: 450, total: 2000 });
    assert.equal(line.text, 'checking 450/2,000 outputs');
    assert.equal(line.detail, '22% checked; problems appear as outputs are checked');
  });
});
