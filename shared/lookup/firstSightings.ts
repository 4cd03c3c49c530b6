/**
 * Keys seen once and not yet a second time, for caches that keep an entry
 * only from its second use: a session with new facts in every answer asks
 * for thousands of forms once, and keeping each of them costs more than
 * making again the few asked twice. Bounded: past its cap it starts over,
 * which at worst makes a key wait for one more use.
 */
export class FirstSightings {
  private readonly once = new Set<string>();

  constructor(private readonly cap: number) {}

  /**
   * Whether this is the key's first sighting since it was last taken off;
   * a second one takes it off. The common case is one `add`, which says by
   * the set's size whether the key was there.
   */
  isFirst(key: string): boolean {
    const once = this.once;
    if (once.size >= this.cap) once.clear();
    const size = once.size;
    if (once.add(key).size > size) return true;
    once.delete(key);
    return false;
  }
}
