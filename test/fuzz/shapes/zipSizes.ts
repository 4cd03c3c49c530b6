/**
 * Rewrites the sizes a zip declares for its entries (in the local headers,
 * the central directory, or both) without touching the data, so a reader
 * that trusts them is told an entry is empty, one byte, 4 GB, or bigger than
 * the archive.
 */

export type SizeLie = 'zero' | 'one' | 'max' | 'huge';
export type LieAt = 'local' | 'central' | 'both';

const LIES: Record<SizeLie, (real: number) => number> = {
  zero: () => 0,
  one: () => 1,
  max: () => 0xffffffff,
  huge: (real) => Math.min(0xfffffffe, real * 1000 + 1_000_000),
};

/** A copy of `zip` whose every `nth` entry lies about its compressed and inflated size. */
export function withLyingSizes(zip: Uint8Array, lie: SizeLie, at: LieAt, nth: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const set = (pos: number) => {
    view.setUint32(pos, LIES[lie](view.getUint32(pos, true)) >>> 0, true);
    view.setUint32(pos + 4, LIES[lie](view.getUint32(pos + 4, true)) >>> 0, true);
  };
  // The archive as written is well-formed: walk it by its true sizes, then lie.
  const local: number[] = [];
  for (let p = 0; p + 30 <= out.length && view.getUint32(p, true) === 0x04034b50; ) {
    local.push(p + 18);
    p += 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true) + view.getUint32(p + 18, true);
  }
  const eocd = out.length - 22;
  const central: number[] = [];
  if (eocd >= 0 && view.getUint32(eocd, true) === 0x06054b50) {
    for (let p = view.getUint32(eocd + 16, true); p + 46 <= eocd && view.getUint32(p, true) === 0x02014b50; ) {
      central.push(p + 20);
      p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    }
  }
  const step = Math.max(1, nth);
  if (at !== 'central') local.forEach((pos, i) => i % step === 0 && set(pos));
  if (at !== 'local') central.forEach((pos, i) => i % step === 0 && set(pos));
  return out;
}
