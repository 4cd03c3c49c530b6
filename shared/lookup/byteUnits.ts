/**
 * Normalized text kept one byte per unit: the index holds as many units as
 * its context has characters, and prose past Latin-1 is rare (a dash, an
 * arrow, the separators between parts), so two bytes a unit doubled the
 * largest table but one. A unit past Latin-1 is stored as a Latin-1 unit
 * of the same gram class (see latin1StandIn), so the gram index reads the
 * bytes as it would the text, and the unit itself is listed by position.
 * ASCII never stands in for anything: a byte below 0x80 is always the unit.
 */
import type { NormalizedBuffer } from '../text/normalize';
import { firstAtLeastInt32 } from '../text/sortedSearch';

export class ByteUnits {
  private constructor(
    readonly bytes: Uint8Array,
    /** Positions of the units past Latin-1, increasing. */
    private readonly widePositions: Int32Array,
    private readonly wideUnits: Uint16Array,
  ) {}

  /** The first `buffer.length` units of a buffer made with stand-ins (a view of its bytes, not a copy). */
  static of(buffer: NormalizedBuffer): ByteUnits {
    if (!(buffer.units instanceof Uint8Array) || !buffer.wide) throw new Error('ByteUnits: the buffer keeps two bytes a unit');
    return new ByteUnits(buffer.units.subarray(0, buffer.length), Int32Array.from(buffer.wide.positions), Uint16Array.from(buffer.wide.units));
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The unit at `k`. */
  unitAt(k: number): number {
    const byte = this.bytes[k];
    if (byte < 0x80) return byte;
    const i = firstAtLeastInt32(this.widePositions, k);
    return i < this.widePositions.length && this.widePositions[i] === k ? this.wideUnits[i] : byte;
  }

  memoryBytes(): number {
    return this.bytes.buffer.byteLength + this.widePositions.byteLength + this.wideUnits.byteLength;
  }
}
