/**
 * Entries of a zip archive (Inspect's `.eval` logs), held to caps for the
 * archive as a whole: how many entries it holds, how many bytes its entries
 * inflate to in all, and how many times the archive's size that is. The
 * figures the central directory declares are checked first, so an archive
 * that admits to being a bomb is refused before anything inflates; then the
 * entries inflate as a stream and only bytes actually produced count: an
 * entry that inflates past the size its headers declare is refused at once,
 * and an archive with no directory to declare sizes is refused as its output
 * passes a cap, before the memory is spent.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { megabytes } from './boundedRead';
import { declaredEntries } from './zipDirectory';

export interface ZipLimits {
  /** Most inflated bytes of one entry. */
  entry: number;
  /** Most inflated bytes of all the entries read, in all. */
  total: number;
  /** Most entries the archive may hold, read or not. */
  entries: number;
  /** Most inflated bytes per byte of the whole archive, once RATIO_FLOOR bytes have inflated. */
  ratio: number;
}

export const ZIP_LIMITS: ZipLimits = { entry: 128 * 1024 * 1024, total: 256 * 1024 * 1024, entries: 50_000, ratio: 50 };

/**
 * Below this many inflated bytes in all the ratio is not checked: a small log
 * of repetitive JSON may well compress a hundredfold, and costs nothing.
 */
const RATIO_FLOOR = 4 * 1024 * 1024;

export class ZipRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipRefused';
  }
}

/** The inflated entries `want` selects; throws ZipRefused naming the cap broken and the figures that broke it. */
export function readZipEntries(bytes: Uint8Array, want: (name: string) => boolean, limits: ZipLimits = ZIP_LIMITS): Map<string, Uint8Array> {
  const declared = refuseDeclared(bytes, want, limits);
  const out = new Map<string, Uint8Array>();
  let total = 0;
  let count = 0;
  let refused: ZipRefused | undefined;
  const unzip = new Unzip((file) => {
    if (refused) return;
    if (++count > limits.entries) {
      refused = new ZipRefused(`the archive holds more than ${limits.entries} entries, the cap per archive: not read`);
      return;
    }
    if (!want(file.name)) return;
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    const promised = declared?.get(file.name);
    file.ondata = (err, chunk, final) => {
      if (refused) return;
      if (err) {
        refused = new ZipRefused(`entry ${file.name} cannot be inflated: ${err.message}`);
        return;
      }
      inflated += chunk.length;
      total += chunk.length;
      refused =
        promised !== undefined && inflated > promised
          ? new ZipRefused(`entry ${file.name} inflates past the ${promised} bytes its headers declare: not read`)
          : overCap(file.name, inflated, total, bytes.length, limits);
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
    unzip.push(bytes.subarray(at, Math.min(bytes.length, at + SLICE)), at + SLICE >= bytes.length);
  }
  if (refused) throw refused;
  return out;
}

/**
 * Refuses an archive on the figures its central directory declares, before
 * anything inflates; otherwise gives the size declared for each entry read
 * (the smallest, should a name repeat), which its inflated bytes must not pass.
 */
function refuseDeclared(bytes: Uint8Array, want: (name: string) => boolean, limits: ZipLimits): Map<string, number> | undefined {
  const declared = declaredEntries(bytes);
  // No readable directory (a truncated archive): the counts taken while inflating still hold it.
  if (!declared) return undefined;
  if (declared.length > limits.entries) {
    throw new ZipRefused(`the archive holds ${declared.length} entries, more than the cap of ${limits.entries} per archive: not read`);
  }
  let total = 0;
  const sizes = new Map<string, number>();
  for (const e of declared) {
    if (!want(e.name)) continue;
    sizes.set(e.name, Math.min(e.originalSize, sizes.get(e.name) ?? Infinity));
    if (e.originalSize > limits.entry) {
      throw new ZipRefused(
        `entry ${e.name} declares ${megabytes(e.originalSize)} inflated, more than the cap of ${megabytes(limits.entry)} per entry: not read`,
      );
    }
    total += e.originalSize;
  }
  if (total > limits.total) {
    throw new ZipRefused(`its entries declare ${megabytes(total)} inflated in all, more than the cap of ${megabytes(limits.total)} per archive: not read`);
  }
  if (total > RATIO_FLOOR && total / bytes.length > limits.ratio) {
    throw new ZipRefused(
      `its entries declare ${megabytes(total)} inflated from an archive of ${megabytes(bytes.length)}, ${Math.round(total / bytes.length)} times its size, more than the cap of ${limits.ratio} times per archive: not read`,
    );
  }
  return sizes;
}

/** The cap the bytes inflated so far break, if any. */
function overCap(name: string, inflated: number, total: number, archive: number, limits: ZipLimits): ZipRefused | undefined {
  if (inflated > limits.entry) return new ZipRefused(`entry ${name} inflates past ${megabytes(limits.entry)}, the cap per entry: not read`);
  if (total > limits.total) return new ZipRefused(`its entries inflate past ${megabytes(limits.total)} in all, the cap per archive: not read`);
  if (total > RATIO_FLOOR && total / archive > limits.ratio) {
    return new ZipRefused(
      `its entries inflate to more than ${megabytes(total)} from an archive of ${megabytes(archive)}, more than the cap of ${limits.ratio} times its size per archive: not read`,
    );
  }
  return undefined;
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
