/**
 * Hostile Inspect `.eval` archives, built in memory: many sample entries that
 * each inflate to just under 1 MB (a ratio check that waits for 1 MB per entry
 * never fires, yet together they inflate to hundreds of megabytes), optionally
 * with headers that understate every entry's size. Tests and the bench build
 * them here rather than keep binary bombs in the repository.
 */
import { crc32 } from 'node:zlib';
import { deflateSync, strToU8, Zip, ZipPassThrough } from 'fflate';

export interface ZipBombShape {
  /** How many sample entries. */
  entries: number;
  /** Inflated bytes of each entry. */
  entryBytes: number;
  /** The size every entry's headers declare, when they lie; absent: the true size. */
  declaredBytes?: number;
}

/** Just under 1 MB per entry, and enough entries to reach 500 MB inflated from well under 1 MB. */
export const MANY_ENTRY_BOMB: ZipBombShape = { entries: 480, entryBytes: 1024 * 1024 - 1024 };

/** One Inspect sample whose assistant message is padded with spaces to `bytes` in all. */
export function paddedSample(id: number, bytes: number): Uint8Array {
  const head = `{"id":${id},"epoch":1,"messages":[{"role":"user","content":"Question ${id}?"},{"role":"assistant","content":"Answer ${id}.`;
  const tail = '"}]}';
  const out = new Uint8Array(Math.max(bytes, head.length + tail.length)).fill(0x20);
  out.set(strToU8(head), 0);
  out.set(strToU8(tail), out.length - tail.length);
  return out;
}

/** A `.eval` of `shape.entries` copies of one padded sample, each deflated from a few hundred bytes. */
export function manyEntryBomb(shape: ZipBombShape = MANY_ENTRY_BOMB): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const header = new ZipPassThrough('header.json');
  zip.add(header);
  header.push(strToU8('{"version":2,"eval":{"task":"bomb"}}'), true);
  // Deflated once and added as is to every entry: deflating 600 MB would take longer than the check it feeds.
  const sample = paddedSample(1, shape.entryBytes);
  const deflated = deflateSync(sample, { level: 9 });
  const crc = crc32(sample);
  for (let i = 1; i <= shape.entries; i++) {
    const entry = { filename: `samples/${i}_epoch_1.json`, compression: 8, size: shape.declaredBytes ?? sample.length, crc, ondata: undefined as never };
    zip.add(entry);
    (entry.ondata as (err: null, chunk: Uint8Array, final: boolean) => void)(null, deflated, true);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
