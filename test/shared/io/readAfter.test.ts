import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRefused, readAfter } from '../../../shared/io/boundedRead';

/** What a file gained since some of its bytes were read, compared a chunk at a time with the bytes kept. */
describe('readAfter', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-read-after-'));
    file = join(dir, 'log.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const kept = (text: string, piece: number) => {
    const bytes = Buffer.from(text);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += piece) chunks.push(bytes.subarray(at, at + piece));
    return chunks;
  };

  it('gives the bytes appended after the kept ones, and none when nothing was', () => {
    const head = 'x'.repeat(3 * 1024 * 1024 + 17);
    writeFileSync(file, `${head}tail\n`);
    assert.equal(readAfter(file, 64 * 1024 * 1024, kept(head, 1024 * 1024 + 3))?.toString(), 'tail\n');
    writeFileSync(file, head);
    assert.equal(readAfter(file, 64 * 1024 * 1024, kept(head, 5000))?.length, 0);
  });

  it('gives nothing when the file no longer starts with the kept bytes: changed anywhere, or shorter', () => {
    const head = 'a'.repeat(2 * 1024 * 1024);
    writeFileSync(file, `${head.slice(0, 1_500_000)}b${head.slice(1_500_001)}more\n`);
    assert.equal(readAfter(file, 64 * 1024 * 1024, kept(head, 700_000)), undefined);
    writeFileSync(file, head.slice(0, 100));
    assert.equal(readAfter(file, 64 * 1024 * 1024, kept(head, 700_000)), undefined);
  });

  it('refuses a file over the limit, or one that is not a regular file, as readBounded does', () => {
    writeFileSync(file, 'abc\ndef\n');
    assert.throws(
      () => readAfter(file, 6, kept('abc\n', 2)),
      (e: unknown) => e instanceof FileRefused && /larger than/.test(e.reason),
    );
    assert.throws(
      () => readAfter(join(dir, 'gone'), 100, []),
      (e: unknown) => e instanceof FileRefused && e.reason === 'no such file',
    );
    if (process.platform === 'linux') {
      const fifo = join(dir, 'fifo');
      execFileSync('mkfifo', [fifo]);
      assert.throws(
        () => readAfter(fifo, 100, []),
        (e: unknown) => e instanceof FileRefused && /FIFO/.test(e.reason),
      );
    }
  });
});
