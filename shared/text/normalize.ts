/**
 * The text normalization lookup compares under: NFC, smart quotes to ASCII,
 * every whitespace run to one space, and lower-casing unless strict. Each
 * normalized unit remembers the original offset it came from, so a match in
 * normalized text maps back to exactly the original characters it covers.
 *
 * The text is cut into clusters that NFC and lower-casing cannot join across
 * (a starter plus the marks that follow it; a whitespace run), and each
 * cluster is normalized on its own. That keeps the work linear, lets ASCII
 * skip `String.prototype.normalize` entirely, and means every normalized unit
 * of a cluster maps to the cluster's first original offset: a normalized
 * position is a *cluster boundary* exactly when its map value differs from the
 * previous one.
 */
import { asciiQuote, attachesToPrevious, FIRST_COMBINING_UNIT, isWhitespaceUnit, WHITESPACE } from './unicodeUnits';

export interface NormalizeOptions {
  /** Lower-case (lenient lookup). False keeps case (strict lookup). */
  foldCase: boolean;
}

export interface NormalizedText {
  text: string;
  /**
   * `toOriginal[i]` is the original offset of normalized unit `i`;
   * `toOriginal[text.length]` is the original length. A normalized range
   * `[a, b)` that starts and ends on cluster boundaries covers the original
   * range `[toOriginal[a], toOriginal[b])`.
   */
  toOriginal: Int32Array;
}

/**
 * Where the shift between normalized and original offsets (original minus
 * normalized) changes, in increasing normalized order. A large index keeps
 * only these (see OffsetRuns): prose changes shift only at folded whitespace
 * runs and the rare character whose length changes, so recording them while
 * normalizing avoids writing, then compressing, one offset per unit.
 */
export class ShiftRuns {
  readonly starts: number[] = [];
  readonly shifts: number[] = [];
  /** The shift of the last unit recorded (NaN before the first). */
  last = NaN;

  /** Unit `k` maps to original offset `original`. */
  note(k: number, original: number): void {
    const shift = original - k;
    if (shift === this.last) return;
    this.starts.push(k);
    this.shifts.push(shift);
    this.last = shift;
  }
}

/**
 * The units past Latin-1 of a text kept one byte per unit, in increasing
 * position order: each position holds a Latin-1 stand-in instead (see
 * NormalizedBuffer's `standIn`).
 */
export class WideUnits {
  readonly positions: number[] = [];
  readonly units: number[] = [];
}

/**
 * A growable array of normalized units, with the original offset of each unit
 * kept either unit by unit (`map`) or, for `runs`, as ShiftRuns only.
 *
 * Given `standIn`, units are kept one byte each: a unit past Latin-1 (rare
 * in prose; the separators a caller pushes) is stored as `standIn(unit)`,
 * and the unit itself in `wide`. A reader that must tell a stand-in from a
 * real Latin-1 unit looks its position up there; ASCII never stands in.
 */
export class NormalizedBuffer {
  units: Uint16Array | Uint8Array;
  /** Empty when `runs` is kept instead. */
  map: Int32Array;
  readonly runs: ShiftRuns | undefined;
  /** With `standIn` only. */
  readonly wide: WideUnits | undefined;
  length = 0;

  constructor(
    capacity: number,
    keep: 'map' | 'runs' = 'map',
    private readonly standIn?: (unit: number) => number,
  ) {
    this.units = standIn ? new Uint8Array(Math.max(16, capacity)) : new Uint16Array(Math.max(16, capacity));
    this.wide = standIn ? new WideUnits() : undefined;
    this.runs = keep === 'runs' ? new ShiftRuns() : undefined;
    this.map = new Int32Array(this.runs ? 0 : Math.max(16, capacity));
  }

  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.units.length) return;
    const capacity = Math.max(needed, Math.ceil(this.units.length * 1.5));
    const units = this.standIn ? new Uint8Array(capacity) : new Uint16Array(capacity);
    units.set(this.units.subarray(0, this.length));
    this.units = units;
    if (this.runs) return;
    const map = new Int32Array(capacity);
    map.set(this.map.subarray(0, this.length));
    this.map = map;
  }

  push(unit: number, original: number): void {
    if (this.length === this.units.length) this.reserve(1);
    if (unit > 0xff && this.standIn) {
      this.wide!.positions.push(this.length);
      this.wide!.units.push(unit);
      this.units[this.length] = this.standIn(unit);
    } else {
      this.units[this.length] = unit;
    }
    if (this.runs) this.runs.note(this.length, original);
    else this.map[this.length] = original;
    this.length++;
  }

  /** The units in `[from, to)` as a string (chunked: `apply` has an argument limit); not for units kept as bytes. */
  toString(from = 0, to = this.length): string {
    const chunks: string[] = [];
    for (let i = from; i < to; i += 8192) {
      chunks.push(String.fromCharCode.apply(null, this.units.subarray(i, Math.min(to, i + 8192)) as unknown as number[]));
    }
    return chunks.join('');
  }
}

const SPACE = 0x20;
// Local copies: transpiled imports are getter calls, too slow for a per-unit loop.
const IS_WHITESPACE = WHITESPACE;
const COMBINING_FROM = FIRST_COMBINING_UNIT;
const ς = 0x3c2;
const σ = 0x3c3;

/** Single units whose cluster normalizes to one unit: result + 1, or -1 when it does not (0 = not yet known). */
const singleFolded = new Int32Array(0x10000);
const singleKept = new Int32Array(0x10000);

/**
 * Appends the normalization of `text` to `out`, mapping each unit to its
 * offset in `text`. The caller supplies the end-of-text entry if it needs one.
 */
export function appendNormalized(text: string, options: NormalizeOptions, out: NormalizedBuffer): void {
  const fold = options.foldCase;
  const n = text.length;
  out.reserve(n);
  // The ASCII path runs on locals: 10 MB contexts spend nearly all their time here.
  let units = out.units;
  let map = out.map;
  let len = out.length;
  // With runs kept, a unit costs only a compare of its shift against the
  // current one (a register), no store.
  const runs = out.runs;
  let shift = runs ? runs.last : 0;
  let i = 0;
  // Each unit is read once: `c` is the unit at `i`, `next` the one after it
  // (0 past the end), which decides whether `c` can stand alone under NFC.
  let c = n > 0 ? text.charCodeAt(0) : 0;
  while (i < n) {
    const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    if (IS_WHITESPACE[c] === 1) {
      units[len] = SPACE;
      if (runs === undefined) map[len] = i;
      else if (i - len !== shift) {
        runs.note(len, i);
        shift = i - len;
      }
      len++;
      i++;
      c = next;
      while (i < n && IS_WHITESPACE[c] === 1) c = ++i < n ? text.charCodeAt(i) : 0;
      continue;
    }
    if (c < 0x80 && next < COMBINING_FROM) {
      units[len] = fold && c >= 0x41 && c <= 0x5a ? c + 32 : c;
      if (runs === undefined) map[len] = i;
      else if (i - len !== shift) {
        runs.note(len, i);
        shift = i - len;
      }
      len++;
      i++;
      c = next;
      continue;
    }
    out.length = len;
    // A cluster may grow the text (NFC, 'İ' lower-cases to two units): keep
    // room for the rest of the input after it.
    i = appendCluster(text, i, fold, out);
    out.reserve(n - i);
    units = out.units;
    map = out.map;
    len = out.length;
    if (runs) shift = runs.last;
    c = i < n ? text.charCodeAt(i) : 0;
  }
  out.length = len;
}

/** Normalizes the cluster starting at `start`; returns where the next one starts. */
function appendCluster(text: string, start: number, fold: boolean, out: NormalizedBuffer): number {
  const n = text.length;
  let end = start + codePointLength(text, start);
  while (end < n && !isWhitespaceUnit(text.charCodeAt(end))) {
    const cp = text.codePointAt(end)!;
    if (!attachesToPrevious(cp)) break;
    end += cp > 0xffff ? 2 : 1;
  }
  if (end === start + 1) {
    const single = singleUnit(text.charCodeAt(start), fold);
    if (single >= 0) {
      out.push(single, start);
      return end;
    }
  }
  let normalized = text.slice(start, end).normalize('NFC');
  if (fold) normalized = normalized.toLowerCase();
  out.reserve(normalized.length);
  for (let k = 0; k < normalized.length; k++) {
    let u = asciiQuote(normalized.charCodeAt(k));
    if (fold && u === ς) u = σ;
    out.push(u, start);
  }
  return end;
}

/** The one unit a lone unit normalizes to, or -1 when it becomes more than one. */
function singleUnit(unit: number, fold: boolean): number {
  const table = fold ? singleFolded : singleKept;
  let known = table[unit];
  if (known === 0) {
    let s = String.fromCharCode(unit).normalize('NFC');
    if (fold) s = s.toLowerCase();
    let u = s.length === 1 ? asciiQuote(s.charCodeAt(0)) : -1;
    if (fold && u === ς) u = σ;
    known = u >= 0 ? u + 1 : -1;
    table[unit] = known;
  }
  return known > 0 ? known - 1 : -1;
}

/** Printable ASCII without leading, trailing or doubled spaces: normalization only lower-cases it. */
function isPlainAscii(s: string): boolean {
  const n = s.length;
  if (n === 0 || s.charCodeAt(0) === SPACE || s.charCodeAt(n - 1) === SPACE) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || (c === SPACE && s.charCodeAt(i - 1) === SPACE)) return false;
  }
  return true;
}

function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

export function normalizeWithMap(text: string, options: NormalizeOptions): NormalizedText {
  const out = new NormalizedBuffer(text.length + 1);
  appendNormalized(text, options, out);
  const toOriginal = new Int32Array(out.length + 1);
  toOriginal.set(out.map.subarray(0, out.length));
  toOriginal[out.length] = text.length;
  return { text: out.toString(), toOriginal };
}

/** The normalization of an entity form: as `normalizeWithMap`, without leading or trailing space. */
export function normalizeForm(form: string, options: NormalizeOptions): string {
  // Most forms are short printable ASCII already in normal form: skip the buffers.
  if (isPlainAscii(form)) return options.foldCase ? form.toLowerCase() : form;
  const out = new NormalizedBuffer(form.length + 1);
  appendNormalized(form, options, out);
  let from = 0;
  let to = out.length;
  if (from < to && out.units[from] === SPACE) from++;
  if (from < to && out.units[to - 1] === SPACE) to--;
  return out.toString(from, to);
}
