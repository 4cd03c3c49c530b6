import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DocumentMemory } from '../../server/src/documentMemory';
import { type FileUsage, stampOf, usageOfReply } from '../../server/src/fileUsage';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';

const ROOT = path.resolve(__dirname, '../..');
/** Logs of the formats whose appended lines are checked on their own (Claude Code, Codex); the second has sub-agent files beside it. */
const LOGS = [
  'test/e2e/workspace/claude-usage-session.jsonl',
  'test/e2e/workspace/claude-agents-session.jsonl',
  'test/fixtures/transcripts/claude-code/session.jsonl',
  'test/fixtures/transcripts/codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl',
];

function lineEnds(raw: string): number[] {
  const ends: number[] = [];
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

describe('the usage of a log that grows, read again from the lines kept of it', () => {
  for (const log of LOGS) {
    for (const breaks of ['\n', '\r\n'])
      it(`equals the usage a check of the whole file reads, at every line appended, also as the change from the read before (${path.basename(log)}, line breaks ${JSON.stringify(breaks)})`, () => {
        const file = path.join(ROOT, log);
        const raw = readFileSync(file, 'utf8').replaceAll('\n', breaks);
        const uri = `file://${file}`;
        const ends = lineEnds(raw);
        let readAgain = 0;
        let changes = 0;
        // Opened at its first line, its first two, half of it and all but its last; then grown a line at a time.
        for (const first of new Set([1, 2, ends.length >> 1, ends.length - 1])) {
          const worker = new DocumentMemory();
          const job = { kind: 'check' as const, uri, path: file, settings: DEFAULT_SETTINGS };
          const open = worker.check(1, { ...job, version: 1, text: raw.slice(0, ends[first - 1]) });
          assert.ok(open.ok && 'analysis' in open);
          // The usage a requester holds, from the check and then from each read: a read that follows it comes as the change from it.
          let held: { usage: FileUsage | null; stamp?: string } = {
            usage: open.analysis.usage ?? null,
            ...(open.usageStamp ? { stamp: open.usageStamp } : {}),
          };
          for (let line = first; line < ends.length; line++) {
            const version = line - first + 2;
            const text = raw.slice(ends[line - 1], ends[line]);
            const edits = [{ start: ends[line - 1], end: ends[line - 1], text }];
            const reply = worker.check(version, { ...job, version, findingsVersion: version - 1, edits, baseVersion: version - 1 });
            assert.ok(reply.ok);
            const pending = 'patch' in reply ? reply.patch.header.usagePending : 'analysis' in reply && reply.analysis.usagePending;
            const read = structuredClone(worker.usage(0, { kind: 'usage', uri, path: file, version, ...(held.stamp ? { held: held.stamp } : {}) }));
            assert.ok(read.ok && ('usage' in read || 'usageChange' in read));
            if (pending) readAgain++;
            if ('usageChange' in read) changes++;
            const usage = held.usage ? usageOfReply(held.usage, read) : 'usage' in read ? read.usage : null;
            assert.ok(usage !== undefined, 'the change follows the usage held');
            held = { usage, ...(read.stamp ? { stamp: read.stamp } : {}) };
            const whole = new DocumentMemory().check(1, { ...job, version: 1, text: raw.slice(0, ends[line]) });
            assert.ok(whole.ok && 'analysis' in whole);
            assert.deepEqual(usage, whole.analysis.usage ?? null, `${first} lines opened, ${line + 1} now`);
            assert.equal(stampOf(usage ?? undefined), usage ? read.stamp : undefined);
          }
        }
        assert.ok(readAgain > 0, 'some appends left the usage to read again');
        // The session with sub-agent files beside it sums them in, which is made whole each time.
        if (!log.includes('agents')) assert.ok(changes > 0, 'some reads crossed as the change from the read before');
      });
  }

  it('sends the usage whole to a requester that holds another read than the last, and a change is refused by a usage it does not follow', () => {
    const file = path.join(ROOT, LOGS[0]);
    const raw = readFileSync(file, 'utf8');
    const ends = lineEnds(raw);
    const uri = `file://${file}`;
    const worker = new DocumentMemory();
    const job = { kind: 'check' as const, uri, path: file, settings: DEFAULT_SETTINGS };
    // Opened at its fourth line: the two lines after it take the append path.
    const open = worker.check(1, { ...job, version: 1, text: raw.slice(0, ends[3]) });
    assert.ok(open.ok && 'analysis' in open && open.analysis.usage && open.usageStamp);
    const held = open.analysis.usage;
    const replies = [2, 3].map((version) => {
      const line = version + 2;
      const text = raw.slice(ends[line - 1], ends[line]);
      const edits = [{ start: ends[line - 1], end: ends[line - 1], text }];
      const grown = worker.check(version, { ...job, version, findingsVersion: version - 1, edits, baseVersion: version - 1 });
      assert.ok(grown.ok && 'patch' in grown && grown.patch.header.usagePending, 'the line took the append path');
      return worker.usage(0, { kind: 'usage', uri, path: file, version, held: open.usageStamp });
    });
    assert.ok(replies[0].ok && 'usageChange' in replies[0], 'the first read follows the one held');
    // The first read's reply was never taken: the second follows it, not the usage held.
    assert.ok(replies[1].ok && 'usage' in replies[1], 'the second read is sent whole');
    const shorter = { ...held, sessionCalls: held.sessionCalls.slice(1) };
    assert.equal(usageOfReply(shorter, replies[0]), undefined);
    assert.ok(usageOfReply(held, replies[0]));
  });
});
