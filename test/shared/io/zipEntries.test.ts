import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { readZipEntries, ZIP_LIMITS, ZipRefused } from '../../../shared/io/zipEntries';
import { manyEntryBomb, MANY_ENTRY_BOMB } from '../../../bench/generators/evalZipBomb';
import { fixturePath } from '../transcript/formats/formatTestKit';

const samples = (name: string) => name.startsWith('samples/');

/** The archive without its central directory, as a log cut off while being written ends. */
function withoutDirectory(zip: Uint8Array): Uint8Array {
  const first = Buffer.from(zip.buffer, zip.byteOffset, zip.length).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  assert.ok(first > 0, 'no central directory');
  return zip.subarray(0, first);
}

describe('zip entries: caps for the whole archive', () => {
  it('reads the samples of a well-formed log', () => {
    const entries = readZipEntries(new Uint8Array(readFileSync(fixturePath('inspect/geo.eval'))), samples);
    assert.deepEqual([...entries.keys()], ['samples/q1_epoch_1.json']);
  });

  it('refuses many entries that each inflate to just under 1 MB by what they declare in all, before inflating any', () => {
    const bomb = manyEntryBomb();
    assert.ok(bomb.length < 700 * 1024, `the archive is ${bomb.length} bytes`);
    const started = performance.now();
    assert.throws(
      () => readZipEntries(bomb, samples),
      (err: Error) => err instanceof ZipRefused && /its entries declare 479\.5 MB inflated in all, more than the cap of 256 MB per archive/.test(err.message),
    );
    assert.ok(performance.now() - started < 1000, 'the refusal came only after inflating');
  });

  it('refuses by the ratio over the whole archive, however small each entry', () => {
    const bomb = manyEntryBomb({ entries: 100, entryBytes: MANY_ENTRY_BOMB.entryBytes });
    assert.throws(
      () => readZipEntries(bomb, samples),
      /its entries declare 99\.9 MB inflated from an archive of 0\.1 MB, \d+ times its size, more than the cap of 50 times per archive/,
    );
  });

  it('counts the bytes that inflate when the headers understate them: past the declared size, or with no directory past the ratio', () => {
    const liar = manyEntryBomb({ ...MANY_ENTRY_BOMB, declaredBytes: 100 });
    assert.throws(() => readZipEntries(liar, samples), /entry samples\/1_epoch_1\.json inflates past the 100 bytes its headers declare: not read/);
    // With no central directory to declare sizes, the count for the whole archive holds it.
    assert.throws(
      () => readZipEntries(withoutDirectory(liar), samples),
      /its entries inflate to more than [\d.]+ MB from an archive of 0\.5 MB, more than the cap of 50 times its size per archive/,
    );
  });

  it('refuses an archive of more entries than the cap, counted in its directory and while reading', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 12; i++) files[`samples/${i}_epoch_1.json`] = strToU8('{}');
    const zip = zipSync(files);
    const limits = { ...ZIP_LIMITS, entries: 10 };
    assert.throws(() => readZipEntries(zip, samples, limits), /the archive holds 12 entries, more than the cap of 10 per archive/);
    assert.throws(() => readZipEntries(withoutDirectory(zip), samples, limits), /the archive holds more than 10 entries, the cap per archive/);
    assert.equal(readZipEntries(zip, samples).size, 12);
  });
});
