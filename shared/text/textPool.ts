/**
 * One copy of each long text a transcript repeats. A coding session reads
 * the same file, prints the same log and gets the same tool output again and
 * again, and each time the JSON parser makes the text a string of its own:
 * in a long repetitive session most of the decoded text held is such copies.
 * Strings are values, so handing out the first copy for every later equal
 * one changes nothing but the memory held.
 *
 * Why texts are looked up by length and not by value: a string key of a Map
 * is hashed over all of its units (up to 16K), and a session where texts
 * rarely repeat (every tool output new) paid that hash on every text for
 * nothing, a few percent of a whole check. Two texts can be equal only when
 * their lengths are, and most texts of a session have a length no earlier
 * one has: those cost one number lookup. A text whose length was seen is
 * compared with the earlier texts of that length, which stops at the first
 * unit that differs; a text that does repeat is compared once, as a Map
 * would compare it after the hash.
 */

/** Below this length a text costs less than the pool's entry for it. */
const POOLED_FROM = 256;
/**
 * Distinct texts of one length held at most: past this a new one is not
 * pooled (it is still handed back, so only memory can differ), and no text
 * is compared with more than this many, so the pool stays linear in the
 * text it is given whatever the lengths.
 */
const SAME_LENGTH = 8;

export class TextPool {
  /** Per length, the first text of that length, or the first SAME_LENGTH distinct ones. */
  private readonly byLength = new Map<number, string | string[]>();

  /** `text`, or the equal text the pool was given first. */
  shared(text: string): string {
    const length = text.length;
    if (length < POOLED_FROM) return text;
    const held = this.byLength.get(length);
    if (held === undefined) {
      this.byLength.set(length, text);
      return text;
    }
    if (typeof held === 'string') {
      if (held === text) return held;
      this.byLength.set(length, [held, text]);
      return text;
    }
    for (const h of held) if (h === text) return h;
    if (held.length < SAME_LENGTH) held.push(text);
    return text;
  }
}
