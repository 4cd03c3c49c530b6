/**
 * One copy of each long text a transcript repeats. A coding session reads
 * the same file, prints the same log and gets the same tool output again and
 * again, and each time the JSON parser makes the text a string of its own:
 * in a long repetitive session most of the decoded text held is such copies.
 * Strings are values, so handing out the first copy for every later equal
 * one changes nothing but the memory held.
 */

/** Below this length a text costs less than the pool's entry for it. */
const POOLED_FROM = 256;

export class TextPool {
  private readonly texts = new Map<string, string>();

  /** `text`, or the equal text the pool was given first. */
  shared(text: string): string {
    if (text.length < POOLED_FROM) return text;
    const first = this.texts.get(text);
    if (first !== undefined) return first;
    this.texts.set(text, text);
    return text;
  }
}
