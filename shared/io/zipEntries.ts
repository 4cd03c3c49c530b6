/**
 * Entries of a zip archive (Inspect's `.eval` logs), inflated as a stream
 * and counted while they inflate: a 1.5 MB archive that would inflate to
 * 1.5 GB is refused when its output passes the cap or its compression ratio
 * is implausible, before the memory is spent. Sizes a zip declares in its
 * headers are not trusted: only bytes actually produced count.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { megabytes } from './boundedRead';

export interface ZipLimits {
  /** Most inflated bytes of one entry. */
  entry: number;
  /** Most inflated bytes of all entries read. */
  total: number;
  /** Most inflated bytes per compressed byte, once an entry passes 1 MB. */
  ratio: number;
}

export const ZIP_LIMITS: ZipLimits = { entry: 256 * 1024 * 1024, total: 512 * 1024 * 1024, ratio: 200 };

/** Past this many inflated bytes an entry's compression ratio is checked. */
const RATIO_FLOOR = 1024 * 1024;

export class ZipRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipRefused';
  }
}

/** The inflated entries `want` selects; throws ZipRefused naming the limit an entry broke. */
export function readZipEntries(bytes: Uint8Array, want: (name: string) => boolean, limits: ZipLimits = ZIP_LIMITS): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let total = 0;
  /** Compressed bytes handed to the inflater so far: an upper bound on what any entry has consumed. */
  let pushed = 0;
  let refused: ZipRefused | undefined;
  const unzip = new Unzip((file) => {
    if (refused || !want(file.name)) return;
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    file.ondata = (err, chunk, final) => {
      if (refused) return;
      if (err) {
        refused = new ZipRefused(`entry ${file.name} cannot be inflated: ${err.message}`);
        return;
      }
      inflated += chunk.length;
      total += chunk.length;
      if (inflated > limits.entry) refused = new ZipRefused(`entry ${file.name} inflates past ${megabytes(limits.entry)}: not read`);
      else if (total > limits.total) refused = new ZipRefused(`entries inflate past ${megabytes(limits.total)} in all: not read`);
      // A streamed entry gives its sizes only after its data, and a zip64 one gives 0xFFFFFFFF:
      // the bytes read so far bound its compressed size either way.
      else if (inflated > RATIO_FLOOR && inflated / Math.min(file.size && file.size < 0xffffffff ? file.size : Infinity, pushed) > limits.ratio) {
        refused = new ZipRefused(`entry ${file.name} inflates more than ${limits.ratio} times its compressed size: not read`);
      }
      if (refused) {
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.set(file.name, concat(chunks, inflated));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  // Pushed in small slices: a slice inflates in one piece, and 16 KB of deflated zeros is
  // already 16 MB, so a refusal comes before a large piece is allocated, not after.
  const SLICE = 16 * 1024;
  for (let at = 0; at < bytes.length && !refused; at += SLICE) {
    pushed = Math.min(bytes.length, at + SLICE);
    unzip.push(bytes.subarray(at, pushed), at + SLICE >= bytes.length);
  }
  if (refused) throw refused;
  return out;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
